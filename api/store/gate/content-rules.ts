import { addressesOf, type Addressed } from '#schema/address.ts'
import { msg } from '#schema/messages.ts'
import type { ContentName } from '../content-types.ts'

/**
 * The rules of a whole content file that no entry's schema can see: every entry of a list has its own id, and every
 * public address (slug, id, old slugs) belongs to one post or project only. Loading and the write gate both use
 * them, so a file a save writes is a file the next start accepts (issue 27).
 */

/** Lists whose entries answer at an address of their own (/blog/{slug}, /sosyal-sorumluluk/{slug}). */
const ADDRESSED = new Set<ContentName>(['blogs', 'social-projects'])
/** Lists of entries with ids (references: its cards). Media entries are keyed by url. */
const WITH_IDS = new Set<ContentName>(['blogs', 'social-projects', 'programs', 'references'])

/** A clash found: the field (as the loader names fields: '[3].slug') and the Turkish reason. */
export type Clash = { field: string; message: string }

/** The entries the rules look at, with the path prefix of their fields. */
export function ruledEntries(name: ContentName, data: unknown): { entries: readonly unknown[]; prefix: string } | null {
  if (!WITH_IDS.has(name)) return null
  if (name === 'references') {
    const cards = (data as { cards?: unknown } | null)?.cards
    return { entries: Array.isArray(cards) ? cards : [], prefix: 'cards' }
  }
  return { entries: Array.isArray(data) ? data : [], prefix: '' }
}

/** Keys an entry claims: its id, and for addressed lists every address it answers to. */
export function claimsOf(name: ContentName, entry: unknown): string[] {
  const item = entry as Addressed
  if (!item || typeof item.id !== 'string') return []
  return ADDRESSED.has(name) ? addressesOf(item) : [item.id]
}

/** The first clash in a whole file (loading: one pass, O(entries)). */
export function firstClash(name: ContentName, data: unknown): Clash | null {
  const ruled = ruledEntries(name, data)
  if (!ruled) return null
  const owner = new Set<string>()
  for (const [i, entry] of ruled.entries.entries()) {
    // An entry claims each key once (addressesOf has no repeats): a key already owned is another entry's.
    for (const key of claimsOf(name, entry)) {
      if (owner.has(key)) return clashAt(ruled.prefix, i, entry as Addressed, key)
      owner.add(key)
    }
  }
  return null
}

/** Names the field that clashes: the id when the id is taken twice, otherwise the address. */
export function clashAt(prefix: string, index: number, entry: Addressed, key: string): Clash {
  const field = `${prefix}[${index}].${key === entry.id ? 'id' : 'slug'}`
  return { field, message: key === entry.id ? msg.idTaken : msg.slugTaken }
}
