import { addressesOf, addressOf, slugify, uniqueSlug, type Addressed } from '#schema/address.ts'
import { msg } from '#schema/messages.ts'
import { fail } from '../lib/errors.ts'

/** Every address part the items answer to (current, ids, old ones), leaving out the item `exceptId`. */
function taken(items: readonly Addressed[], exceptId?: string): Set<string> {
  const out = new Set<string>()
  for (const item of items) if (item.id !== exceptId) for (const a of addressesOf(item)) out.add(a)
  return out
}

/** The address of a new item: from its title (or the address staff typed), unique with -2, -3… */
export function newItemSlug(
  items: readonly Addressed[],
  title: string,
  typed: string | undefined,
  fallback: string,
) {
  const all = taken(items)
  if (typed) {
    if (all.has(typed)) fail(400, msg.slugTaken, { slug: msg.slugTaken })
    return typed
  }
  return uniqueSlug(slugify(title) || fallback, all)
}

/**
 * The address fields an edit changes (none: spread over the stored item, it keeps its own): unchanged unless staff typed another address; then the old one joins
 * `oldSlugs` (it answers 301 to the new one), and an address used by another item is refused.
 */
export function editedAddress(
  items: readonly Addressed[],
  stored: Addressed,
  typed: string | undefined,
): { slug?: string; oldSlugs?: string[] } {
  const current = addressOf(stored)
  if (!typed || typed === current) return {}
  if (taken(items, stored.id).has(typed)) fail(400, msg.slugTaken, { slug: msg.slugTaken })
  const before = (stored.oldSlugs ?? []).filter((s) => s !== typed)
  const oldSlugs = current === stored.id ? before : [...before, current]
  return { slug: typed, oldSlugs }
}
