/** An item of a post's or project's structured content, as far as ordering and emptiness go. */
type Item = { type: string; content?: string; src?: string; order?: number }

/** Items in their stored order (order field first, then array position). */
export function sortByOrder<T extends Item>(items: T[]): T[] {
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.order ?? a.index) - (b.item.order ?? b.index) || a.index - b.index)
    .map(({ item }) => item)
}

/** True when an item would render something: non-blank text or heading, or an image with a source. */
export function hasVisibleContent(item: Item): boolean {
  return item.type === 'image' ? Boolean(item.src) : Boolean(item.content?.trim())
}

/**
 * Content to show under a cover image: visible items in order, minus the first image item that repeats the cover
 * (the admin stores every uploaded image both in `images` and as an image item). Its caption goes with the cover.
 */
export function contentAfterCover<T extends Item & { caption?: string }>(
  items: T[],
  cover: string,
): { items: T[]; coverCaption: string } {
  const visible = sortByOrder(items).filter(hasVisibleContent)
  const index = cover ? visible.findIndex((i) => i.type === 'image' && i.src === cover) : -1
  if (index === -1) return { items: visible, coverCaption: '' }
  return { items: visible.filter((_, i) => i !== index), coverCaption: visible[index]?.caption ?? '' }
}
