import { useId, type InputHTMLAttributes, type ReactNode } from 'react'

export type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type'> & {
  label: ReactNode
  error?: string
  onChange?: (checked: boolean) => void
}

/** A checkbox with its label to the right and an optional field error. */
export function Checkbox({ label, error, onChange, id, ...rest }: CheckboxProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <div className={`field field--check${error ? ' field--invalid' : ''}`}>
      <input
        id={inputId}
        type="checkbox"
        className="checkbox"
        onChange={onChange ? (e) => onChange(e.target.checked) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...rest}
      />
      <label htmlFor={inputId}>{label}</label>
      {error && (
        <p className="field__error" id={`${inputId}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  )
}
