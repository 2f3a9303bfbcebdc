import { isDraft, original } from 'immer'
import { fail } from '../lib/errors.ts'

type WithId = { id: string }

/**
 * The item at `index` as stored, without making a draft of it: reading a store draft's item (Immer) makes a draft
 * of each item read, and each such draft costs the save a pass over the whole list when it is finished (100,000
 * posts). A property's descriptor gives the value itself, on a draft and on a plain array alike.
 */
const itemAt = <T>(list: T[], index: number): T | undefined =>
  Object.getOwnPropertyDescriptor(list, index)?.value as T | undefined

function indexById(list: WithId[], id: string, notFound: string): number {
  const has = (item: WithId | undefined) => item?.id === id
  // On a draft, the original items are searched, then the place checked (an earlier change in the same update
  // may have moved the items); else, or when it moved, the list as it is now, item by item.
  const base = isDraft(list) ? (original(list) as WithId[]) : null
  let index = base ? base.findIndex(has) : -1
  if (index < 0 || !has(itemAt(list, index))) {
    index = -1
    for (let i = 0; i < list.length && index < 0; i++) if (has(itemAt(list, i))) index = i
  }
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
  const old = itemAt(list, index)!
  const next = make(old)
  list[index] = next
  return { old, next }
}

/** Removes the item with `id` and returns it; 404 with `notFound` when there is none. */
export function removeById<T extends WithId>(list: T[], id: string, notFound: string): T {
  return list.splice(indexById(list, id, notFound), 1)[0]!
}
