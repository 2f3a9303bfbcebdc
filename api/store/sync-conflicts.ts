import { msg } from '#schema/messages.ts'
import { fail } from '../lib/errors.ts'
import type { ContentStore } from './content-store.ts'
import { isContentName } from './content-types.ts'
import type { ListedConflict } from './git/remote-sync.ts'
import { withValueAt } from './merge/three-way-merge.ts'
import { withEdit } from './versions/edit-context.ts'

/**
 * Settles one conflict a sync listed (issue 19), named by its stable id (issue 27): 'take' writes the other value
 * into the live content through the store's update, so the write gate checks it like any save; 'keep' leaves the
 * live value. Either way the conflict leaves the list, and only then: a take the gate refuses stays listed.
 * Routes call this; they never merge or write content themselves.
 */
export async function resolveSyncConflict(
  content: ContentStore,
  id: string,
  choice: 'take' | 'keep',
): Promise<ListedConflict> {
  const sync = content.sync
  if (!sync) fail(404, msg.routeNotFound)
  const conflict = sync.find(id)
  // Resolved already (by someone else, or a newer sync replaced it with a newer value): never another one.
  if (!conflict) fail(409, msg.conflictGone)
  if (choice === 'take') {
    const name = conflict.file.replace(/\.json$/, '')
    // A whole file is never replaced by a click: the merge lists such a difference per item.
    if (!isContentName(name) || conflict.path.length === 0) fail(409, msg.conflictWholeFile)
    await withEdit({ message: `Uzak depodaki değer alındı: ${conflict.file}` }, () =>
      content.update(name, (draft: unknown) => {
        // The stored data with the other value put in along the conflict's path; untouched entries stay the very
        // same objects, so the gate checks only what changed.
        const next = withValueAt(content.read(name), conflict.path, conflict.other)
        if (Array.isArray(draft)) draft.splice(0, draft.length, ...(next as unknown[]))
        else {
          for (const key of Object.keys(draft as object)) delete (draft as Record<string, unknown>)[key]
          Object.assign(draft as object, next)
        }
      }),
    )
  }
  await sync.resolve(id)
  return conflict
}
