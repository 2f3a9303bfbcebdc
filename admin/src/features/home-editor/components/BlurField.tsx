import { useEffect, useState } from 'react'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'

type BlurFieldProps = {
  label: string
  /** The saved value; the field resets to it whenever it changes on the server. */
  value: string
  /**
   * Called on blur when the text differs from `value` and passes `rule`; `base`: the version a restored draft
   * started from (If-Match), so the server merges it with what was saved since instead of overwriting it.
   */
  onSave: (value: string, base?: string) => void
  /** Where the field's unsaved text is kept in this browser ('banner.title'; issue 30). */
  draftId: string
  /** The section's version now (kept with a draft). */
  version?: string
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
 * then it says why under the field and the site keeps the last saved text (issue 30). What is typed and not yet
 * saved (the tab closed before the field lost focus, or a text its rule refused) is kept in this browser and
 * offered when the editor opens again; leaving asks first while such a text is neither saved nor being saved.
 */
export function BlurField({
  label,
  value,
  onSave,
  draftId,
  version,
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
  // The text last handed to onSave: while it is on its way, leaving does not ask (the save finishes on its own).
  const [sent, setSent] = useState<string | null>(null)
  // Adopt a new saved value (after a save or reload) without an effect, unless the field holds text typed after
  // the last save was sent: a save's answer arriving late must not replace (or clear the refusal of) newer typing.
  if (value !== saved) {
    const typedSince = draft !== saved && draft !== sent
    setSaved(value)
    if (!typedSince) {
      setDraft(value)
      setRefused(null)
    }
    setSent(null)
  }
  const check = (text: string, base?: string) => {
    if (text === value) return setRefused(null)
    const problem = rule?.(text) ?? null
    setRefused(problem)
    if (problem) return
    setSent(text)
    onSave(text, base)
  }
  const kept = useFormDraft({
    form: 'anasayfa',
    itemId: draftId,
    version,
    values: draft,
    baseline: value,
    // A restored draft is saved at once, as leaving the field would, against the version it started from.
    restore: (text, base) => {
      setDraft(text)
      onDraft?.(text)
      check(text, base)
    },
    unsaved: refused !== null || (draft !== value && draft !== sent),
  })
  const change = (text: string) => {
    setDraft(text)
    onDraft?.(text)
    // A refused text says what is wrong until it is right again.
    if (refused) setRefused(rule?.(text) ?? null)
  }
  const onBlur = () => check(draft)
  // Saved (by this field or a reload): a restored draft's version is used up, later saves send the latest.
  const { saved: forget } = kept
  useEffect(() => {
    if (draft === value) forget()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the saved value changes
  }, [value])
  const field = multiline ? (
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
  return (
    <>
      {kept.offer}
      {field}
    </>
  )
}
