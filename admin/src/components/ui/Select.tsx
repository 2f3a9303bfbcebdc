import { useId, type ReactNode, type SelectHTMLAttributes } from 'react'
import { describedBy, Field } from './Field.tsx'

export type SelectOption = { value: string; label: string }

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> & {
  label: ReactNode
  options: readonly SelectOption[]
  /** Shown first with value '' (e.g. 'Kategori seçiniz'). */
  placeholder?: string
  error?: string
  hint?: ReactNode
  onChange?: (value: string) => void
}

/** A labelled <select> with its field error. */
export function Select({
  label,
  options,
  placeholder,
  error,
  hint,
  onChange,
  id,
  required,
  ...rest
}: SelectProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <Field id={inputId} label={label} error={error} hint={hint} required={required}>
      <select
        id={inputId}
        className="input select"
        required={required}
        onChange={onChange ? (e) => onChange(e.target.value) : undefined}
        {...describedBy(inputId, error, hint)}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  )
}
