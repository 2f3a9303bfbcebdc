import { foldForSearch } from '#schema/search-fold.ts'

/**
 * Lower-cases the Turkish way and folds the Turkish letters (schema/search-fold.ts), so 'İSTANBUL' finds
 * 'istanbul', 'ışık' finds 'IŞIK' and 'cigir acan' finds 'Çığır Açan'.
 */
export function foldTurkish(text: string): string {
  return foldForSearch(text)
}

/** The folded words of a search; none for a blank one. */
export function searchWords(query: string): string[] {
  return foldTurkish(query).split(/\s+/).filter(Boolean)
}

/** True when every word occurs in the (already folded) text. */
export function hasEveryWord(folded: string, words: readonly string[]): boolean {
  return words.every((word) => folded.includes(word))
}

type Cached = { sources: readonly unknown[]; text: string }

/**
 * A memo of folded search text per item, so a request folds nothing it folded before. The store hands out frozen
 * items and copies a whole collection on each save, so: the same object → its text at once; a new object with
 * the same id whose `sources` (the strings the text is built from) are equal by value → the old text again; else
 * it is folded anew. After a save only the changed post is folded; 10,000 posts filter in a few milliseconds.
 */
export function foldedTextCache<T extends { id: string }>(
  sources: (item: T) => readonly unknown[],
  build: (item: T) => string,
): (item: T) => string {
  const byObject = new WeakMap<T, string>()
  const byId = new Map<string, Cached>()
  return (item) => {
    const known = byObject.get(item)
    if (known !== undefined) return known
    const now = sources(item)
    const hit = byId.get(item.id)
    const same = hit && hit.sources.length === now.length && hit.sources.every((s, i) => s === now[i])
    const text = same ? hit.text : foldTurkish(build(item))
    if (!same) byId.set(item.id, { sources: now, text })
    byObject.set(item, text)
    return text
  }
}

/** Plain text of the text blocks of a post or project (tags stripped, whitespace collapsed). */
export function plainTextOf(items: readonly { type: string; content?: string }[]): string {
  return items
    .filter((item) => (item.type === 'text' || item.type === 'heading') && item.content)
    .map((item) => (item.content ?? '').replace(/<[^>]*>/g, ' '))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
}
