import type { SelectHTMLAttributes } from 'react'
import { FieldControl, type FieldControlProps } from './FieldControl.tsx'

export type SelectOption = { value: string; label: string }

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> &
  FieldControlProps & {
    options: readonly SelectOption[]
    /** Shown first with value '' (e.g. 'Kategori seçiniz'). */
    placeholder?: string
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
  return (
    <FieldControl id={id} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <select
          {...control}
          className="input select"
          onChange={onChange ? (e) => onChange(e.target.value) : undefined}
          {...rest}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldControl>
  )
}
