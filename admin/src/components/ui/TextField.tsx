import type { InputHTMLAttributes } from 'react'
import { FieldControl, type FieldControlProps } from './FieldControl.tsx'

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> &
  FieldControlProps & {
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
  return (
    <FieldControl id={id} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <input
          {...control}
          className={`input ${className}`.trim()}
          onChange={onChange ? (e) => onChange(e.target.value) : undefined}
          {...rest}
        />
      )}
    </FieldControl>
  )
}
