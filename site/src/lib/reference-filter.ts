import { categories, splitSectors, type Category, type ReferenceCard } from '#schema/reference.ts'

/** The sidebar selection: a category, and within it optionally one sector. */
export type ReferenceFilter = { category: Category | null; sector: string | null }

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
export function filterCards<T extends Pick<ReferenceCard, 'category' | 'sector'>>(
  cards: readonly T[],
  filter: ReferenceFilter,
): T[] {
  return cards.filter((card) => {
    if (filter.category !== null && card.category !== filter.category) return false
    if (filter.sector === null) return true
    const wanted = sectorKey(filter.sector)
    return splitSectors(card.sector).some((s) => sectorKey(s) === wanted)
  })
}

/** The distinct sectors used by cards of one category, in order of first appearance. */
export function sectorsOf(cards: readonly Pick<ReferenceCard, 'category' | 'sector'>[], category: Category): string[] {
  const seen = new Map<string, string>()
  for (const card of cards) {
    if (card.category !== category) continue
    for (const sector of splitSectors(card.sector)) {
      if (!seen.has(sectorKey(sector))) seen.set(sectorKey(sector), sector)
    }
  }
  return [...seen.values()]
}

/** Categories in schema order, each with its label and how many cards it holds. */
export function categoryCounts(cards: readonly Pick<ReferenceCard, 'category'>[]) {
  return (Object.keys(categories) as Category[]).map((key) => ({
    key,
    label: categories[key],
    count: cards.filter((card) => card.category === key).length,
  }))
}
