import { conflictOf } from './useEditConflict.ts'
import { useRef, useState, type FormEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { ApiError } from '../lib/api-client.ts'

/** What a form's builder returns: the multipart body, or field errors from the shared schema. */
export type BuiltForm =
  | { ok: true; body: FormData; /** The same values as JSON (a preview sends them). */ data?: unknown }
  | { ok: false; errors: Record<string, string> }

type Options = {
  /** Checks the inputs and builds the body. */
  build: () => BuiltForm
  /** Sends the body; the server's message, when it sends one, is shown on success. */
  save: (body: FormData) => Promise<{ message?: string }>
  /** Success text when the server sends none. */
  savedText: string
  /** Put before the server's message (or the generic error) when saving fails. */
  errorPrefix: string
  onSaved: (message: string) => void
  onError: (text: string) => void
}

/** Submit handling of a multipart form: validation errors, focus on the first invalid field, server errors. */
export function useMultipartForm({ build, save, savedText, errorPrefix, onSaved, onError }: Options) {
  const [errors, setErrors] = useState<Record<string, string>>({})
  const formRef = useRef<HTMLFormElement>(null)

  /** Builds the body; on invalid input shows the errors and focuses the first invalid field (null). */
  function check(): Extract<BuiltForm, { ok: true }> | null {
    const built = build()
    if (!built.ok) {
      setErrors(built.errors)
      // The title may be far above the Save button: bring the first invalid field into view.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      )
      if (built.errors.contentStructure) onError(built.errors.contentStructure)
      return null
    }
    setErrors({})
    return built
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const built = check()
    if (!built) return
    try {
      const res = await save(built.body)
      onSaved(res.message ?? savedText)
    } catch (error) {
      // A save conflict opens its own dialog: no error banner behind the question (issue 30).
      if (conflictOf(error)) return
      if (error instanceof ApiError) setErrors(error.fields)
      const detail = error instanceof ApiError && error.serverMessage ? error.serverMessage : msg.genericError
      onError(errorPrefix + detail)
    }
  }

  return { errors, formRef, submit, check }
}
