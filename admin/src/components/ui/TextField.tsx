import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { describedBy, Field } from './Field.tsx'

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
  label: ReactNode
  error?: string
  hint?: ReactNode
  /** Called with the new string value. */
  onChange?: (value: string) => void
}

/** A labelled <input> (text, email, password, url, tel, date...) with its field error. */
export function TextField({
  label,
  error,
  hint,
  onChange,
  id,
  required,
  className = '',
  ...rest
}: TextFieldProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <Field id={inputId} label={label} error={error} hint={hint} required={required}>
      <input
        id={inputId}
        className={`input ${className}`.trim()}
        required={required}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        {...describedBy(inputId, error, hint)}
        {...rest}
      />
    </Field>
  )
}
