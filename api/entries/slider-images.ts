import { createHash } from 'node:crypto'
import { msg } from '#schema/messages.ts'
import { fail } from '../lib/errors.ts'

/** A slider image as the admin addresses it (issue 19): by an id that follows its URL, never by position. */
export type SliderItem = { id: string; url: string }

/**
 * The id of a slider image: a fingerprint of its URL. A stored image's URL never changes (a replacement is a new
 * upload), so the id is the image's version too: an id that is gone means someone deleted or replaced it.
 */
export const sliderIdOf = (url: string) =>
  `slide-${createHash('sha256').update(url).digest('base64url').slice(0, 16)}`

/** The slider with ids, for the admin. */
export const sliderItems = (urls: readonly string[]): SliderItem[] => urls.map((url) => ({ id: sliderIdOf(url), url }))

/** Where the image with `id` is in the slider now; a 412 telling the admin it is gone otherwise. */
export function sliderIndexOf(urls: readonly string[], id: string): number {
  const at = urls.findIndex((url) => sliderIdOf(url) === id)
  if (at < 0) fail(412, msg.sliderImageGone)
  return at
}

/** The slider in the order of `ids`, which must name exactly the images it has now (412 otherwise). */
export function reorderSlider(urls: readonly string[], ids: readonly string[]): string[] {
  const byId = new Map(urls.map((url) => [sliderIdOf(url), url]))
  if (ids.length !== urls.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id))) {
    fail(412, msg.sliderOrderStale)
  }
  return ids.map((id) => byId.get(id)!)
}
