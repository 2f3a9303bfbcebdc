import { isDraft, original } from 'immer'
import { fail } from '../lib/errors.ts'

type WithId = { id: string }

function indexById(list: WithId[], id: string, notFound: string): number {
  const has = (item: WithId) => item.id === id
  // On a store's draft, the original items are searched: reading a draft's items makes a draft of each one read
  // (Immer), up to 100,000 of them for an old post, each finished again by the save. The place is then checked on
  // the draft (an earlier change in the same update may have moved the items).
  const base = isDraft(list) ? (original(list) as WithId[]) : null
  let index = base ? base.findIndex(has) : -1
  if (index < 0 || index >= list.length || !has(list[index]!)) index = list.findIndex(has)
  if (index < 0) fail(404, notFound)
  return index
}

/** Replaces the item with `id` by `make(old)` in place; 404 with `notFound` when there is none. */
export function replaceById<T extends WithId>(
  list: T[],
  id: string,
  notFound: string,
  make: (old: T) => T,
): { old: T; next: T } {
  const index = indexById(list, id, notFound)
  const old = list[index]!
  const next = make(old)
  list[index] = next
  return { old, next }
}

/** Removes the item with `id` and returns it; 404 with `notFound` when there is none. */
export function removeById<T extends WithId>(list: T[], id: string, notFound: string): T {
  return list.splice(indexById(list, id, notFound), 1)[0]!
}
