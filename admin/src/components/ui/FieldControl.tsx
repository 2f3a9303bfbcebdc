import { useId, type ReactNode } from 'react'
import { describedBy, Field } from './Field.tsx'

/** The label, hint and error props shared by the labelled controls. */
export type FieldControlProps = {
  label: ReactNode
  error?: string
  hint?: ReactNode
}

/** The attributes FieldControl gives its control: id, required and the aria wiring to hint and error. */
export type ControlAttributes = ReturnType<typeof describedBy> & { id: string; required?: boolean }

type Props = FieldControlProps & {
  /** The control's id; a generated one when absent. */
  id?: string
  required?: boolean
  /** Draws the control with the attributes that tie it to its label, hint and error. */
  children: (control: ControlAttributes) => ReactNode
}

/** A Field around one control (input, textarea, select), with the id and aria attributes wired up. */
export function FieldControl({ id, label, error, hint, required, children }: Props) {
  const autoId = useId()
  const inputId = id ?? autoId
  return (
    <Field id={inputId} label={label} error={error} hint={hint} required={required}>
      {children({ id: inputId, required, ...describedBy(inputId, error, hint) })}
    </Field>
  )
}
