import { z } from 'zod'
import { line } from './common.ts'

/** Widths (px) of the AVIF and WebP copies made of every image; never wider than the original. */
export const VARIANT_WIDTHS = [400, 800, 1200, 1920] as const
/** Formats of the copies, best first (the order of a <picture>'s sources). */
export const VARIANT_FORMATS = ['avif', 'webp'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]
/**
 * Largest image anyone may upload, in every image field and the media library (issue 23): phone photos reach
 * 10–20 MB, and the pipeline makes them small. msg.imageTooLarge names it.
 */
export const MAX_IMAGE_BYTES = 25 * 1024 * 1024
/** Longest alt text kept with an image. */
export const ALT_MAX = 300

/** One uploaded (or bundled demo) image or video: content/media.json, public like the pages that show it. */
export const mediaItemSchema = z.object({
  /** Where the original is served: /uploads/<id>.<ext> or /demo/<name>.<ext>. */
  url: z.string().min(1),
  /** 'image' has sized copies; 'video' (banner) is served as uploaded. */
  type: z.enum(['image', 'video']),
  /** File name as the staff member uploaded it (shown in the library). */
  name: line().default(''),
  /** Alt text kept with the image and offered when it is inserted. */
  alt: line().max(ALT_MAX).default(''),
  /** Pixel size after EXIF orientation (0 when unknown, e.g. videos). */
  width: z.number().int().nonnegative().default(0),
  height: z.number().int().nonnegative().default(0),
  /** Widths of the AVIF/WebP copies, ascending: <url stem>.<width>w.<avif|webp>. */
  widths: z.array(z.number().int().positive()).default([]),
  /** Bytes as uploaded, bytes of the stored original (metadata removed), bytes of the largest WebP copy. */
  uploadBytes: z.number().int().nonnegative().default(0),
  bytes: z.number().int().nonnegative().default(0),
  optimizedBytes: z.number().int().nonnegative().default(0),
  /** ISO date of the upload. */
  uploadedAt: z.string().default(''),
})
export type MediaItem = z.infer<typeof mediaItemSchema>

/** PUT body of a library item: the alt text. */
export const mediaAltSchema = z.object({ alt: line().trim().max(ALT_MAX) })

/** URL of one sized copy: /uploads/abc.jpg, 800, 'avif' → /uploads/abc.800w.avif (no original name has '.800w.'). */
export function variantUrl(url: string, width: number, format: VariantFormat): string {
  return `${url.replace(/\.[A-Za-z0-9]+$/, '')}.${width}w.${format}`
}

/** A srcset of every copy in one format ('' when the item has none). */
export function variantSrcset(item: Pick<MediaItem, 'url' | 'widths'>, format: VariantFormat): string {
  return item.widths.map((w) => `${variantUrl(item.url, w, format)} ${w}w`).join(', ')
}

/** The widths to make for an image `width` px wide: the standard ones below it, and its own width up to 1920. */
export function variantWidths(width: number): number[] {
  const largest = Math.min(width, VARIANT_WIDTHS[VARIANT_WIDTHS.length - 1]!)
  return [...VARIANT_WIDTHS.filter((w) => w < largest), largest]
}

/** One <source> of a <picture>: a format and its sized copies. */
export type PictureSource = { type: string; srcset: string }
/** An image as pages show it: the fallback src (the original), intrinsic size and the AVIF/WebP sources. */
export type Picture = { src: string; width: number; height: number; sources: PictureSource[] }

/**
 * The <picture> for an image URL and its media record: AVIF and WebP srcsets when it has copies, the stored
 * width and height unless the caller fixes them (cards crop to a set ratio), else the caller's size. Shared by
 * the site's components and islands and by the API's search results.
 */
export function pictureOf(
  src: string,
  item: Pick<MediaItem, 'url' | 'widths' | 'width' | 'height'> | undefined,
  fixed: { width?: number; height?: number } = {},
  fallback = { width: 1200, height: 750 },
): Picture {
  const known = item && item.width > 0 ? { width: item.width, height: item.height } : fallback
  const size = fixed.width && fixed.height ? { width: fixed.width, height: fixed.height } : known
  const sources =
    item && item.widths.length
      ? VARIANT_FORMATS.map((format) => ({ type: `image/${format}`, srcset: variantSrcset(item, format) }))
      : []
  return { src, ...size, sources }
}
