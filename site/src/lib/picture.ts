import { statSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { mediaItemSchema, pictureOf, type MediaItem, type Picture } from '#schema/media.ts'
import { contentDir, readContentFile } from './content-files.ts'

export type { Picture, PictureSource } from '#schema/media.ts'

// content/media.json read again only when the file changed (renders may run in a long-lived process).
let cached: { key: string; byUrl: Map<string, MediaItem> } | null = null

/** Records of content/media.json by URL (uploads and bundled demo images). */
export function mediaByUrl(dir: string = contentDir()): Map<string, MediaItem> {
  const path = join(dir, 'media.json')
  const key = `${path}:${statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0}`
  if (cached?.key !== key) {
    const items = readContentFile(dir, 'media', z.array(mediaItemSchema), [])
    cached = { key, byUrl: new Map(items.map((item) => [item.url, item])) }
  }
  return cached.byUrl
}

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
  return pictureOf(src, media.get(src), fixed, fallback)
}
