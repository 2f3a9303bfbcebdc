import { msg } from '#schema/messages.ts'
import { fail } from '../../lib/errors.ts'
import type { ContentStore } from '../content-store.ts'
import { restoreMessage } from './commit-message.ts'
import { putItem, type ItemRef } from './content-items.ts'
import { withEdit } from './edit-context.ts'

/**
 * Puts an item back as a commit recorded it: a new save (and so a new commit and a publish), never a rewrite of
 * history. A deleted entry comes back at the end of its list. Resolves with the restored item.
 */
export async function restoreItem(content: ContentStore, ref: ItemRef, commit: string): Promise<unknown> {
  const history = content.history
  if (!history) fail(404, msg.historyUnavailable)
  const item = await history.itemAt(ref, commit)
  if (item === undefined) fail(404, msg.versionNotFound)
  const date = (await history.list(ref)).find((e) => e.commit === commit)?.date ?? ''
  const message = restoreMessage(ref.name, item, ref.id, date)
  await withEdit({ message, ifMatch: undefined }, () =>
    content.update(ref.name, (draft) => putItem(ref, draft, structuredClone(item))),
  )
  return item
}
