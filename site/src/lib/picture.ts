import { statSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { mediaItemSchema, variantSrcset, VARIANT_FORMATS, type MediaItem } from '#schema/media.ts'
import { contentDir, readContentFile } from './content-files.ts'

/** One <source> of a <picture>: a format and its sized copies. */
export type PictureSource = { type: string; srcset: string }
/** What Img.astro writes: the fallback src, intrinsic size (no layout shift) and the AVIF/WebP sources. */
export type Picture = { src: string; width: number; height: number; sources: PictureSource[] }

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
  const item = media.get(src)
  const known = item && item.width > 0 ? { width: item.width, height: item.height } : fallback
  const size = fixed.width && fixed.height ? { width: fixed.width, height: fixed.height } : known
  const sources =
    item && item.widths.length
      ? VARIANT_FORMATS.map((format) => ({ type: `image/${format}`, srcset: variantSrcset(item, format) }))
      : []
  return { src, ...size, sources }
}
