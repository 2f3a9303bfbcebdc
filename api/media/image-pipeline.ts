import sharp, { type Sharp } from 'sharp'
import { variantWidths, VARIANT_FORMATS, type VariantFormat } from '#schema/media.ts'
import { createLimit } from './limit.ts'
import { MAX_IMAGE_PIXELS } from './image-limits.ts'

// Decoded images are not kept between uploads (the cache would hold tens of MB for nothing).
sharp.cache(false)

/** One sized copy of an image. */
export type ImageCopy = { width: number; format: VariantFormat; bytes: Buffer }
/** What is stored for one image: the original without metadata, its upright size and its copies. */
export type ProcessedImage = { original: Uint8Array; width: number; height: number; copies: ImageCopy[] }

/** Encoder settings per copy format: AVIF first in <picture>, WebP for browsers without AVIF. */
const ENCODE: Record<VariantFormat, (s: Sharp) => Sharp> = {
  avif: (s) => s.avif({ quality: 50, effort: 2 }),
  webp: (s) => s.webp({ quality: 72, effort: 4 }),
}
/** Re-encoding an original that carried metadata: same format, high quality. */
const REENCODE: Record<string, (s: Sharp) => Sharp> = {
  jpg: (s) => s.jpeg({ quality: 90 }),
  png: (s) => s.png({ compressionLevel: 9 }),
  webp: (s) => s.webp({ quality: 90 }),
}

// Two images at a time: each already uses libvips' threads; more would only queue inside libuv.
const limit = createLimit(2)
// The sizes made after an upload answered: one image at a time, so they never hold up the next upload's first stage.
const background = createLimit(1)

/** The copy width made before an upload answers (issue 23): what a card or a post on a phone asks for first. */
export const FIRST_WIDTH = 800

/** What an upload needs before it answers: the original, its upright size, the first copies; the rest later. */
export type FirstStage = {
  original: Uint8Array
  width: number
  height: number
  /** AVIF and WebP at `firstWidth` (none for a GIF). */
  first: ImageCopy[]
  firstWidth: number
  /** Makes the other widths' copies, one image at a time in the background. */
  rest: () => Promise<ImageCopy[]>
}

/**
 * The fast path of an upload (issue 23): checks that the image decodes, keeps the original without metadata and
 * makes the copies at `FIRST_WIDTH` (or the largest width below it) now; `rest()` makes the others later. A corrupt
 * or truncated file gives null, as `processImage`.
 */
export function processImageFirst(bytes: Uint8Array, ext: string): Promise<FirstStage | null> {
  return limit(() => firstStage(bytes, ext).catch(() => null))
}

async function firstStage(bytes: Uint8Array, ext: string): Promise<FirstStage> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
  const meta = await open().metadata()
  const turned = (meta.orientation ?? 1) >= 5
  const width = turned ? meta.height : meta.width
  const height = turned ? meta.width : meta.height
  const widths = variantWidths(width)
  const firstWidth = widths.filter((w) => w <= FIRST_WIDTH).at(-1) ?? widths[0]!
  const hasMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || (meta.orientation ?? 1) !== 1)
  // Both decode the whole file (a truncated one fails here); the copy through JPEG's shrink-on-load, so it is quick.
  const [original, first] = await Promise.all([
    hasMetadata && REENCODE[ext] ? REENCODE[ext](open().rotate()).toBuffer().then((b) => new Uint8Array(b)) : bytes,
    ext === 'gif'
      ? open().rotate().raw().toBuffer().then(() => [] as ImageCopy[])
      : Promise.all(
          VARIANT_FORMATS.map(async (format) => ({
            width: firstWidth,
            format,
            bytes: await ENCODE[format](open().rotate().resize({ width: firstWidth })).toBuffer(),
          })),
        ),
  ])
  const others = ext === 'gif' ? [] : widths.filter((w) => w !== firstWidth)
  const rest = () => background(() => copiesAt(open, others))
  return { original, width, height, first, firstWidth, rest }
}

/** AVIF and WebP copies at `widths`, from one upright decode at the largest of them. */
async function copiesAt(open: () => Sharp, widths: number[]): Promise<ImageCopy[]> {
  if (widths.length === 0) return []
  const largest = await open()
    .rotate()
    .resize({ width: widths[widths.length - 1] })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width: w0, height: h0, channels } = largest.info
  const copies: ImageCopy[] = []
  for (const w of widths) {
    for (const format of VARIANT_FORMATS) {
      const resized = sharp(largest.data, { raw: { width: w0, height: h0, channels } }).resize({ width: w })
      copies.push({ width: w, format, bytes: await ENCODE[format](resized).toBuffer() })
    }
  }
  return copies
}

/**
 * Decodes an image fully (a corrupt or truncated file gives null), applies its EXIF orientation, drops every
 * metadata block (EXIF with GPS, XMP, IPTC) and makes AVIF and WebP copies at the widths of `variantWidths`.
 * The original is kept byte for byte when it carries no metadata. Animated or not, a GIF keeps no copies:
 * its animation would be lost.
 */
export function processImage(bytes: Uint8Array, ext: string): Promise<ProcessedImage | null> {
  return limit(() => process(bytes, ext).catch(() => null))
}

async function process(bytes: Uint8Array, ext: string): Promise<ProcessedImage> {
  const open = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' })
  const meta = await open().metadata()
  const turned = (meta.orientation ?? 1) >= 5
  const width = turned ? meta.height : meta.width
  const height = turned ? meta.width : meta.height
  const widths = variantWidths(width)
  // One full decode, upright and at the largest copy's width: it proves the pixels are there (headers alone
  // can lie) and every copy is made from it, not from the original again.
  const largest = await open()
    .rotate()
    .resize({ width: widths[widths.length - 1] })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const hasMetadata = Boolean(meta.exif || meta.xmp || meta.iptc || (meta.orientation ?? 1) !== 1)
  const original =
    hasMetadata && REENCODE[ext] ? new Uint8Array(await REENCODE[ext](open().rotate()).toBuffer()) : bytes
  if (ext === 'gif') return { original, width, height, copies: [] }
  const { width: w0, height: h0, channels } = largest.info
  const copies: ImageCopy[] = []
  for (const w of widths) {
    for (const format of VARIANT_FORMATS) {
      const resized = sharp(largest.data, { raw: { width: w0, height: h0, channels } }).resize({ width: w })
      copies.push({ width: w, format, bytes: await ENCODE[format](resized).toBuffer() })
    }
  }
  return { original, width, height, copies }
}
