import { useId, type ReactNode, type TextareaHTMLAttributes } from 'react'
import { describedBy, Field } from './Field.tsx'

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> & {
  label: ReactNode
  error?: string
  hint?: ReactNode
  onChange?: (value: string) => void
}

/** A labelled <textarea> with its field error. */
export function TextArea({
  label,
  error,
  hint,
  onChange,
  id,
  required,
  rows = 4,
  className = '',
  ...rest
}: TextAreaProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <Field id={inputId} label={label} error={error} hint={hint} required={required}>
      <textarea
        id={inputId}
        rows={rows}
        className={`input textarea ${className}`.trim()}
        required={required}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        {...describedBy(inputId, error, hint)}
        {...rest}
      />
    </Field>
  )
}
