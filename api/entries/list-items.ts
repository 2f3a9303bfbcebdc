import { fail } from '../lib/errors.ts'

type WithId = { id: string }

function indexById(list: WithId[], id: string, notFound: string): number {
  const index = list.findIndex((item) => item.id === id)
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
