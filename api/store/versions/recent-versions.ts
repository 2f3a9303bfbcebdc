import { versionOf, type ItemRef } from '../content-items.ts'

/** How many item versions are kept: enough for every editor open at once, small beside the content. */
const LIMIT = 2000

/**
 * The versions of items that editors loaded lately, by version: the base a save over a newer version is merged
 * from (issue 19). Items are the store's frozen objects, so keeping them copies nothing. After a restart the base
 * is looked up in the item's history instead.
 */
export function createRecentVersions(limit = LIMIT) {
  const items = new Map<string, unknown>()
  const key = (ref: ItemRef, version: string) => `${ref.name}\u0000${ref.id ?? ''}\u0000${version}`
  return {
    /** Keeps `item` as a version of `ref` an editor has seen; returns its version. */
    remember(ref: ItemRef, item: unknown, version = versionOf(item)): string {
      if (item === undefined) return version
      const k = key(ref, version)
      items.delete(k)
      items.set(k, item)
      if (items.size > limit) items.delete(items.keys().next().value!)
      return version
    },
    /** The item as it was at `version`, when an editor loaded it lately. */
    find: (ref: ItemRef, version: string): unknown => items.get(key(ref, version)),
  }
}

export type RecentVersions = ReturnType<typeof createRecentVersions>
