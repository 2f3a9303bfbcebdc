import { createElement, type ReactNode } from 'react'
import { msg } from '#schema/messages.ts'
import { ConflictDialog } from '../components/ConflictDialog.tsx'
import { HistoryButton } from '../components/HistoryButton.tsx'
import type { HistoryCollection } from '../lib/content-history.ts'
import type { MergeChoices } from '../lib/api-client.ts'
import { conflictOf, useEditConflict } from './useEditConflict.ts'

type Options<R> = {
  /** Which history the 'Geçmiş' button shows (none for a new item). */
  history?: { collection: HistoryCollection; id?: string; what: string }
  /** The item as loaded (the conflict dialog shows what the other person changed since). */
  loaded: unknown
  /** Its version as loaded: sent as If-Match. */
  version: string | undefined
  /** Sends the editor's input with the given If-Match version. */
  send: (version: string | undefined) => Promise<R>
  savedText: string
  errorPrefix: string
  onSaved: (message: string) => void
  onError: (text: string) => void
  /** Takes the other person's version: the editor loads the item again. */
  onReload: () => void
}

/**
 * What every content editor needs for issue 11: its save sends If-Match, a 412 opens the conflict dialog (reload
 * or overwrite deliberately, the editor's input kept meanwhile), and a 'Geçmiş' button lists and restores
 * versions. Returns the guarded save and the two elements to place (the button in the card's actions).
 */
export function useGuardedEditor<R extends { message?: string }>(o: Options<R>) {
  // A merged save kept someone else's change too: the editor loads the item as it is now.
  const guard = useEditConflict(o.version, o.send, o.onReload)
  async function finish(run: () => Promise<R>) {
    try {
      const res = await run()
      o.onSaved(res.message ?? o.savedText)
    } catch (error) {
      if (conflictOf(error)) return // the dialog is open again with what clashes now
      o.onError(o.errorPrefix + (error instanceof Error ? error.message : msg.genericError))
    }
  }
  const history: ReactNode = o.history
    ? createElement(HistoryButton, { ...o.history, onRestored: o.onSaved, onError: o.onError })
    : null
  const dialog: ReactNode = createElement(ConflictDialog, {
    conflict: guard.conflict,
    loaded: o.loaded,
    onClose: guard.dismiss,
    onOverwrite: () => void finish(guard.overwrite),
    onResolve: (choices: MergeChoices) => void finish(() => guard.resolve(choices)),
    onReload: () => {
      guard.dismiss()
      o.onReload()
    },
  })
  return { save: guard.save, history, dialog }
}
