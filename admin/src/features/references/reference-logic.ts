import { categories, type Category, type ReferenceCard } from '#schema/reference.ts'

export const DESCRIPTION_PREVIEW = 50

/** The table's description preview: 50 characters plus '...' when longer. */
export function truncate(text: string, max = DESCRIPTION_PREVIEW): string {
  return text.length > max ? `${text.slice(0, max)}...` : text
}

/** The Turkish label of a category key, or the key itself when unknown. */
export function categoryLabel(key: string): string {
  return key in categories ? categories[key as Category] : key
}

/** Category options for the select, in the schema's order. */
export const categoryOptions = Object.entries(categories).map(([value, label]) => ({ value, label }))

const parse = (value: unknown): unknown => {
  if (typeof value !== 'string') return value
  try {
    return JSON.parse(value)
  } catch {
    return undefined
  }
}

/** cards and sliderImages from the GET answer; either may be JSON text, inside `data` or at the top level. */
export function normalizeReferences(raw: unknown): { cards: ReferenceCard[]; sliderImages: string[] } {
  const outer = (raw ?? {}) as Record<string, unknown>
  const data = (parse(outer.data) ?? {}) as Record<string, unknown>
  const cards = parse(data.cards ?? outer.cards)
  const slider = parse(data.sliderImages ?? outer.sliderImages)
  return {
    cards: Array.isArray(cards) ? (cards as ReferenceCard[]) : [],
    sliderImages: Array.isArray(slider) ? slider.filter((s): s is string => typeof s === 'string') : [],
  }
}

/** Whether two lists hold the same ids in the same order (an unchanged order is not saved). */
export function sameOrder(a: readonly { id: string }[], b: readonly { id: string }[]): boolean {
  return a.length === b.length && a.every((item, i) => item.id === b[i].id)
}
