import { statSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { mediaItemSchema, pictureOf, type MediaItem, type Picture } from '#schema/media.ts'
import { contentDir, readContentFile } from './content-files.ts'
import { loadMediaByUrl } from './content.ts'
import { renderScope } from './render-scope.ts'

export type { Picture, PictureSource } from '#schema/media.ts'

// content/media.json read again only when the file changed (renders may run in a long-lived process).
let cached: { key: string; byUrl: Map<string, MediaItem> } | null = null

/** Records of content/media.json by URL (uploads and bundled demo images). */
export function mediaByUrl(dir: string = contentDir()): Map<string, MediaItem> {
  // In a publish: the publish's content (the API's in memory), read once per publish.
  if (renderScope.getStore()) return loadMediaByUrl()
  const path = join(dir, 'media.json')
  const key = `${path}:${statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0}`
  if (cached?.key !== key) {
    const items = readContentFile(dir, 'media', z.array(mediaItemSchema), [])
    cached = { key, byUrl: new Map(items.map((item) => [item.url, item])) }
  }
  return cached.byUrl
}

/** The media record of an image URL; the publish notes that the page being rendered shows it. */
export function mediaRecord(src: string, media: Map<string, MediaItem> = mediaByUrl()): MediaItem | undefined {
  renderScope.getStore()?.media?.add(src)
  return media.get(src)
}

/** The alt text kept with an image in the media library ('' when none). */
export const mediaAlt = (src: string | undefined): string => (src ? (mediaRecord(src)?.alt ?? '') : '')

/**
 * The <picture> for an image URL: AVIF and WebP srcsets when media.json has copies of it, the stored width and
 * height unless the caller fixes them (cards crop to a set ratio), else the caller's size.
 */
export function pictureFor(
  src: string,
  fixed: { width?: number; height?: number },
  fallback = { width: 1200, height: 750 },
  media: Map<string, MediaItem> = mediaByUrl(),
): Picture {
  return pictureOf(src, mediaRecord(src, media), fixed, fallback)
}
