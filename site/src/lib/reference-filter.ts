import type { Category } from '#schema/reference.ts'

// Type-only imports from schema/: the schema modules pull zod in, which would bloat the island bundle.

/** The sidebar selection: a category, and within it optionally one sector. */
export type ReferenceFilter = { category: Category | null; sector: string | null }

/** What filtering needs of a card: its category and its sectors, already split at build time. */
export type Filterable = { category: Category; sectors: readonly string[] }

export const noFilter: ReferenceFilter = { category: null, sector: null }

/** Choosing a category selects it and clears the sector; choosing the selected one again clears both (spec 4). */
export function chooseCategory(filter: ReferenceFilter, category: Category): ReferenceFilter {
  return filter.category === category ? noFilter : { category, sector: null }
}

/** Choosing a sector narrows within the selected category; choosing it again widens back to the category. */
export function chooseSector(filter: ReferenceFilter, sector: string): ReferenceFilter {
  if (filter.category === null) return filter
  return { category: filter.category, sector: filter.sector === sector ? null : sector }
}

/** True when any filter is set: the 'clear all' button shows then. */
export function hasFilter(filter: ReferenceFilter): boolean {
  return filter.category !== null || filter.sector !== null
}

/** Turkish-aware key for comparing sectors typed in different cases. */
const sectorKey = (sector: string) => sector.toLocaleLowerCase('tr')

/** The cards the selection lets through, in their stored order. */
export function filterCards<T extends Filterable>(cards: readonly T[], filter: ReferenceFilter): T[] {
  return cards.filter((card) => {
    if (filter.category !== null && card.category !== filter.category) return false
    if (filter.sector === null) return true
    const wanted = sectorKey(filter.sector)
    return card.sectors.some((s) => sectorKey(s) === wanted)
  })
}

/** The distinct sectors used by cards of one category, in order of first appearance. */
export function sectorsOf(cards: readonly Filterable[], category: Category): string[] {
  const seen = new Map<string, string>()
  for (const card of cards) {
    if (card.category !== category) continue
    for (const sector of card.sectors) {
      if (!seen.has(sectorKey(sector))) seen.set(sectorKey(sector), sector)
    }
  }
  return [...seen.values()]
}

/** How many cards each category holds, keyed by category. */
export function countByCategory(cards: readonly Filterable[]): Partial<Record<Category, number>> {
  const counts: Partial<Record<Category, number>> = {}
  for (const card of cards) counts[card.category] = (counts[card.category] ?? 0) + 1
  return counts
}
