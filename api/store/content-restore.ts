import { msg } from '#schema/messages.ts'
import { fail } from '../lib/errors.ts'
import type { ContentStore } from './content-store.ts'
import { restoreMessage } from './versions/commit-message.ts'
import { putItem, type ItemRef } from './content-items.ts'
import { checkItem } from './gate/content-validation.ts'
import { withEdit } from './versions/edit-context.ts'

/**
 * Puts an item back as a commit recorded it: a new save (and so a new commit and a publish), never a rewrite of
 * history. A deleted entry comes back at the end of its list. Resolves with the restored item.
 */
export async function restoreItem(content: ContentStore, ref: ItemRef, commit: string): Promise<unknown> {
  const history = content.history
  if (!history) fail(404, msg.historyUnavailable)
  // Only a version listed in this item's history: never a side branch's commit or another item's.
  const entry = (await history.list(ref)).find((e) => e.commit === commit)
  if (!entry) fail(404, msg.versionNotInHistory)
  const stored = entry.deleted ? undefined : await history.itemAt(ref, commit)
  if (stored === undefined) fail(404, msg.versionNotFound)
  // History is as untrusted as the files: an old version the schemas refuse is never written back.
  const checked = checkItem(ref, stored)
  if (!checked.ok) fail(422, msg.versionInvalid(checked.label, checked.message))
  const item = checked.data
  const message = restoreMessage(ref.name, item, ref.id, entry.date)
  await withEdit({ message, ifMatch: undefined }, () =>
    content.update(ref.name, (draft) => putItem(ref, draft, structuredClone(item))),
  )
  return item
}
