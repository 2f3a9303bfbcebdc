import type { TextareaHTMLAttributes } from 'react'
import { FieldControl, type FieldControlProps } from './FieldControl.tsx'

export type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> &
  FieldControlProps & {
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
  return (
    <FieldControl id={id} label={label} error={error} hint={hint} required={required}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={`input textarea ${className}`.trim()}
          onChange={onChange ? (e) => onChange(e.target.value) : undefined}
          {...rest}
        />
      )}
    </FieldControl>
  )
}
