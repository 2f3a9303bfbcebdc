import { useEffect, useState } from 'react'
import { setUnsaved } from '../../../lib/unsaved-changes.ts'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'

type BlurFieldProps = {
  label: string
  /** The saved value; the field resets to it whenever it changes on the server. */
  value: string
  /** Called on blur when the text differs from `value` and passes `rule`. */
  onSave: (value: string) => void
  /** Checked on blur (issue 30): a text that fails is not saved, the message shows under the field. */
  rule?: (value: string) => string | null
  /** Told every keystroke: the unsaved text, for 'Önizle' (issue 21). */
  onDraft?: (value: string) => void
  multiline?: boolean
  error?: string
  type?: string
  placeholder?: string
}

/**
 * A text field that saves itself when it loses focus (spec: home editor text fields), unless it fails its rule:
 * then it says why under the field and the site keeps the last saved text (issue 30).
 */
export function BlurField({
  label,
  value,
  onSave,
  onDraft,
  rule,
  multiline,
  error,
  type,
  placeholder,
}: BlurFieldProps) {
  const [draft, setDraft] = useState(value)
  const [saved, setSaved] = useState(value)
  const [refused, setRefused] = useState<string | null>(null)
  // A refused text is typed work the site does not have: leaving the page asks first (LeaveGuard).
  const [token] = useState(() => Symbol(label))
  useEffect(() => {
    setUnsaved(token, refused !== null)
    return () => setUnsaved(token, false)
  }, [token, refused])
  // Adopt a new saved value (after a save or reload) without an effect.
  if (value !== saved) {
    setSaved(value)
    setDraft(value)
    setRefused(null)
  }
  const change = (text: string) => {
    setDraft(text)
    onDraft?.(text)
    // A refused text says what is wrong until it is right again.
    if (refused) setRefused(rule?.(text) ?? null)
  }
  const onBlur = () => {
    if (draft === value) return setRefused(null)
    const problem = rule?.(draft) ?? null
    setRefused(problem)
    if (!problem) onSave(draft)
  }
  return multiline ? (
    <TextArea
      label={label}
      value={draft}
      onChange={change}
      onBlur={onBlur}
      error={refused ?? error}
      rows={3}
      placeholder={placeholder}
    />
  ) : (
    <TextField
      label={label}
      value={draft}
      onChange={change}
      onBlur={onBlur}
      error={refused ?? error}
      type={type}
      placeholder={placeholder}
    />
  )
}
