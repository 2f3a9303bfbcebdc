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
/** A slider image as the admin addresses it: by id, never by position (issue 19). */
export type SliderItem = { id: string; url: string }

export function normalizeReferences(raw: unknown): {
  cards: ReferenceCard[]
  sliderImages: string[]
  slider: SliderItem[]
} {
  const outer = (raw ?? {}) as Record<string, unknown>
  const data = (parse(outer.data) ?? {}) as Record<string, unknown>
  const cards = parse(data.cards ?? outer.cards)
  const images = parse(data.sliderImages ?? outer.sliderImages)
  const items = parse(data.slider ?? outer.slider)
  return {
    cards: Array.isArray(cards) ? (cards as ReferenceCard[]) : [],
    sliderImages: Array.isArray(images) ? images.filter((s): s is string => typeof s === 'string') : [],
    slider: Array.isArray(items)
      ? items.filter((s): s is SliderItem => typeof s?.id === 'string' && typeof s?.url === 'string')
      : [],
  }
}

/** Whether two lists hold the same ids in the same order (an unchanged order is not saved). */
export function sameOrder(a: readonly { id: string }[], b: readonly { id: string }[]): boolean {
  return a.length === b.length && a.every((item, i) => item.id === b[i].id)
}
