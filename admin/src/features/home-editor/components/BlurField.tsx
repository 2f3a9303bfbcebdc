import { useState } from 'react'
import { TextArea } from '../../../components/ui/TextArea.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'

type BlurFieldProps = {
  label: string
  /** The saved value; the field resets to it whenever it changes on the server. */
  value: string
  /** Called on blur when the text differs from `value`. */
  onSave: (value: string) => void
  /** Told every keystroke: the unsaved text, for 'Önizle' (issue 21). */
  onDraft?: (value: string) => void
  multiline?: boolean
  error?: string
  type?: string
  placeholder?: string
}

/** A text field that saves itself when it loses focus (spec: home editor text fields). */
export function BlurField({
  label,
  value,
  onSave,
  onDraft,
  multiline,
  error,
  type,
  placeholder,
}: BlurFieldProps) {
  const [draft, setDraft] = useState(value)
  const [saved, setSaved] = useState(value)
  // Adopt a new saved value (after a save or reload) without an effect.
  if (value !== saved) {
    setSaved(value)
    setDraft(value)
  }
  const change = (text: string) => {
    setDraft(text)
    onDraft?.(text)
  }
  const onBlur = () => {
    if (draft !== value) onSave(draft)
  }
  return multiline ? (
    <TextArea
      label={label}
      value={draft}
      onChange={change}
      onBlur={onBlur}
      error={error}
      rows={3}
      placeholder={placeholder}
    />
  ) : (
    <TextField
      label={label}
      value={draft}
      onChange={change}
      onBlur={onBlur}
      error={error}
      type={type}
      placeholder={placeholder}
    />
  )
}
