import { AsyncLocalStorage } from 'node:async_hooks'
import type { GitAuthor } from '../git/content-repo.ts'
import type { ContentName } from '../content-types.ts'
import type { ItemRef } from '../content-items.ts'

/** What the request making a content change knows about it: who, which version it edited, an explicit message. */
export type EditContext = {
  author?: GitAuthor
  /** The If-Match header and the item it applies to: the write fails with 412 when that item has changed. */
  ifMatch?: { ref: ItemRef; version: string }
  /** Overrides the message read from the change (a restore says what it restored). */
  message?: string
  /** Per conflicting field (by conflict key), whose value a save over a newer version keeps (issue 19). */
  choices?: Record<string, 'mine' | 'theirs'>
  /** Set by the store when the save was merged with someone else's newer change. */
  merged?: boolean
  /**
   * Each collection as this request's own write left it, recorded by the store inside the write's turn (before any
   * other save of the file runs). The answer's ETag and merged entry come from here, never from a later read: a
   * save that landed meanwhile must not be named as the version this editor has (issue 20).
   */
  saved?: Partial<Record<ContentName, unknown>>
}

/** Carries the EditContext from the admin middleware to the content store without threading it through routes. */
export const editContext = new AsyncLocalStorage<EditContext>()

/** Runs `fn` with the current context plus `extra`. */
export const withEdit = <T>(extra: EditContext, fn: () => T): T =>
  editContext.run({ ...editContext.getStore(), ...extra }, fn)
