import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { Button } from '../../../components/ui/Button.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'

type AddTitleFormProps = {
  label: string
  /** Where a title typed and not yet added is kept in this browser (issue 30). */
  draftId: string
  buttonText: string
  /** The shared { title } schema whose message is shown when the title is blank. */
  schema: z.ZodType<{ title: string }>
  /** At a limit: input and button disabled, `hint` says why. */
  disabled?: boolean
  hint?: string
  busy?: boolean
  /** Resolves true when added; the input then clears. */
  onAdd: (title: string) => Promise<boolean>
}

/** One input and an add button (new main heading, new sub-item). */
export function AddTitleForm({
  label,
  draftId,
  buttonText,
  schema,
  disabled,
  hint,
  busy,
  onAdd,
}: AddTitleFormProps) {
  const [title, setTitle] = useState('')
  const [error, setError] = useState('')
  const kept = useFormDraft({
    form: 'anasayfa',
    itemId: draftId,
    values: title,
    baseline: '',
    restore: setTitle,
  })

  async function submit(e: FormEvent) {
    e.preventDefault()
    const parsed = schema.safeParse({ title })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? '')
    setError('')
    if (await onAdd(parsed.data.title)) {
      kept.saved()
      setTitle('')
    }
  }

  return (
    <>
      {kept.offer}
      <form className="inline-add" onSubmit={submit} noValidate>
        <TextField
          label={label}
          value={title}
          onChange={(v) => {
            setTitle(v)
            if (error) setError('')
          }}
          disabled={disabled}
          error={error}
          hint={hint}
        />
        <Button type="submit" variant="secondary" disabled={disabled} busy={busy}>
          {buttonText}
        </Button>
      </form>
    </>
  )
}
