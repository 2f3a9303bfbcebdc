import { useState } from 'react'
import { ApiError } from '../lib/api-client.ts'

/** A save refused with 412: the item as the server now has it, and who changed it last. */
export type EditConflict = {
  current: Record<string, unknown> & { version?: string }
  changedBy: { name: string; date: string } | null
}

/** Reads the 412 answer of a stale save, or null for any other error. */
export function conflictOf(error: unknown): EditConflict | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null
  const body = (error.body ?? {}) as Partial<EditConflict>
  return body.current ? { current: body.current, changedBy: body.changedBy ?? null } : null
}

/**
 * Keeps the version an editor loaded and sends it as If-Match. When the save is refused because someone else
 * saved first, `conflict` holds their version (shown by ConflictDialog) and the editor's own input stays in the
 * form; `overwrite()` saves it deliberately on top of theirs, `reload()` takes theirs instead.
 */
export function useEditConflict<R>(
  loadedVersion: string | undefined,
  send: (version: string | undefined) => Promise<R>,
) {
  const [conflict, setConflict] = useState<EditConflict | null>(null)
  return {
    conflict,
    /** Saves with the loaded version; a 412 opens the conflict and is rethrown (the form shows the message). */
    async save(): Promise<R> {
      try {
        return await send(loadedVersion)
      } catch (error) {
        setConflict(conflictOf(error))
        throw error
      }
    },
    /** Saves the editor's input over the other person's version, which the admin has now seen. */
    async overwrite(): Promise<R> {
      const version = conflict?.current.version
      setConflict(null)
      return send(version)
    },
    dismiss: () => setConflict(null),
  }
}
