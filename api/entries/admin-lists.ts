import type { AdminListQuery } from '#schema/list-query.ts'
import { scheduleState, type Scheduled } from '#schema/schedule.ts'
import { pageOf } from './paged-list.ts'
import { foldedTextCache, hasEveryWord, searchWords } from './search-text.ts'

type Listed = { id: string; title: string; excerpt: string; tags?: readonly string[] }

// What the admin search reads: title, excerpt and tags (not the body: the lists show no body).
const adminText = foldedTextCache<Listed>(
  (item) => [item.title, item.excerpt, ...(item.tags ?? [])],
  (item) => [item.title, item.excerpt, ...(item.tags ?? [])].join('\n'),
)

/** The items (already in list order) matching every word of `q` in title, excerpt or tags, Turkish-aware. */
export function searchListed<T extends Listed>(items: readonly T[], q: string): readonly T[] {
  const words = searchWords(q)
  if (words.length === 0) return items
  return items.filter((item) => hasEveryWord(adminText(item), words))
}

/** One page of the items matching the admin search, in the list's `order` (sorting only the matches). */
export function adminPage<T extends Listed & Scheduled>(
  items: readonly T[],
  order: (items: T[]) => T[],
  query: AdminListQuery,
  now = Date.now(),
) {
  const shown = query.state === 'scheduled' ? items.filter((i) => scheduleState(i, now) === 'scheduled') : items
  return pageOf(order([...searchListed(shown, query.q)]), query.page, query.pageSize)
}

/**
 * A list row without the body: the content structure, image list and old body fields stay out of the list
 * (editing loads the whole item by id), so a page of 50 stays small whatever the posts hold.
 */
export function listRow<T extends object>(item: T): Omit<T, 'contentStructure' | 'images'> {
  // By key, never reading a left-out field: a post's body is read from a file when asked (entry-bodies.ts).
  const row: Record<string, unknown> = {}
  for (const key of Object.keys(item)) if (!LEFT_OUT.has(key)) row[key] = (item as Record<string, unknown>)[key]
  return row as Omit<T, 'contentStructure' | 'images'>
}

const LEFT_OUT = new Set(['contentStructure', 'images', 'content_structure', 'content', 'textFields', 'description'])
