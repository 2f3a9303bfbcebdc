import { useState } from 'react'
import { dateAsText, dateTimeAsText, parseDateText, parseDateTimeText } from '../../utils/date-text.ts'
import { TextField } from './TextField.tsx'

type Props = {
  label: string
  /** 'yyyy-mm-dd' (or 'yyyy-mm-ddTHH:mm' with `withTime`), '' for none, or the typed text while it is no date. */
  value: string
  /** Called with the machine value once the text is a real date, '' when emptied, the raw text otherwise. */
  onChange: (value: string) => void
  /** Asks for a time after the date. */
  withTime?: boolean
  hint?: string
  error?: string
  required?: boolean
}

/**
 * A date (and time) typed as '15.04.2025' or '28.11.2026 09:30' whatever the browser's language (decision 077).
 * A text that is no date yet is passed on as it is, so the form's check refuses it with its Turkish error.
 */
export function DateTextField({ label, value, onChange, withTime = false, hint, error, required }: Props) {
  const parse = withTime ? parseDateTimeText : parseDateText
  const asText = withTime ? dateTimeAsText : dateAsText
  const [text, setText] = useState(() => asText(value))
  const [shown, setShown] = useState(value)
  // A new value from outside (a reload, a version taken after a conflict) replaces what was typed.
  if (value !== shown) {
    setShown(value)
    setText(asText(value))
  }
  const typed = (next: string) => {
    const trimmed = next.trim()
    const parsed = trimmed === '' ? '' : (parse(trimmed) ?? next)
    setText(next)
    setShown(parsed)
    onChange(parsed)
  }
  return (
    <TextField
      label={label}
      value={text}
      onChange={typed}
      // Leaving the field writes a loose '5.4.2025 9:30' in full.
      onBlur={() => setText(asText(shown))}
      placeholder={withTime ? 'GG.AA.YYYY SS:DD' : 'GG.AA.YYYY'}
      autoComplete="off"
      spellCheck={false}
      hint={hint}
      error={error}
      required={required}
    />
  )
}
