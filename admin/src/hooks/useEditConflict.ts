import { useState } from 'react'
import { ApiError, mergedSaveCount, withMergeChoices, type MergeChoices } from '../lib/api-client.ts'

/** A field both admins changed: both values as text, and the key the choice is sent with. */
export type FieldConflict = { key: string; label: string; yours: string; theirs: string }

/** A save refused with 412: the item as the server now has it, who changed it last, and the clashing fields. */
export type EditConflict = {
  current: Record<string, unknown> & { version?: string }
  changedBy: { name: string; date: string } | null
  /** Only the fields both changed (everything else of both edits is kept); null when the server could not tell. */
  conflicts: FieldConflict[] | null
}

/** Reads the 412 answer of a stale save, or null for any other error. */
export function conflictOf(error: unknown): EditConflict | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null
  const body = (error.body ?? {}) as Partial<EditConflict>
  return body.current
    ? { current: body.current, changedBy: body.changedBy ?? null, conflicts: body.conflicts ?? null }
    : null
}

/**
 * Keeps the version an editor loaded and sends it as If-Match: the server merges a save over someone else's newer
 * one field by field. When the same field was changed both ways, `conflict` lists those fields (ConflictDialog)
 * and the editor's own input stays in the form; `resolve(choices)` saves again with a choice per field,
 * `overwrite()` saves over their version deliberately (when the server could not list fields), the dialog's
 * reload takes theirs instead.
 */
export function useEditConflict<R>(
  loadedVersion: string | undefined,
  send: (version: string | undefined) => Promise<R>,
  /** Called after a save the server merged with someone else's change: an open editor loads the merged item. */
  onMerged?: () => void,
) {
  const [conflict, setConflict] = useState<EditConflict | null>(null)
  async function guarded(run: () => Promise<R>): Promise<R> {
    const merged = mergedSaveCount()
    try {
      const res = await run()
      if (mergedSaveCount() !== merged) onMerged?.()
      return res
    } catch (error) {
      setConflict(conflictOf(error))
      throw error
    }
  }
  return {
    conflict,
    /** Saves with the loaded version; a 412 opens the conflict and is rethrown (the form shows the message). */
    save: (): Promise<R> => guarded(() => send(loadedVersion)),
    /** Saves again from the loaded version, keeping per clashing field the value the admin chose. */
    resolve(choices: MergeChoices): Promise<R> {
      setConflict(null)
      return guarded(() => withMergeChoices(choices, () => send(loadedVersion)))
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
