import { pictureOf, type MediaItem, type Picture } from '#schema/media.ts'

// The media records by URL, made once per version of the media collection (a frozen array).
const byUrl = new WeakMap<object, Map<string, MediaItem>>()

/** The media records keyed by URL, for answers that carry <picture> data (islands reload lists from the API). */
export function mediaByUrl(items: readonly MediaItem[]): Map<string, MediaItem> {
  let map = byUrl.get(items)
  if (!map) byUrl.set(items, (map = new Map(items.map((item) => [item.url, item]))))
  return map
}

/** The <picture> data of an image URL at a fixed display size, or undefined when there is no image. */
export function pictureAt(
  media: readonly MediaItem[],
  src: string,
  size: { width: number; height: number },
): Picture | undefined {
  return src ? pictureOf(src, mediaByUrl(media).get(src), size) : undefined
}
