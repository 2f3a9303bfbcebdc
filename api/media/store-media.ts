import { msg } from '#schema/messages.ts'
import { prepareMedia, saveImageFast, saveMedia, type MediaDeps } from './media-library.ts'
import { decodeImageDataUrl, isDataUrl } from './data-url.ts'
import { fail } from '../lib/errors.ts'
import { imageSize } from './image-size.ts'
import { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-limits.ts'
import { IMAGE_EXTENSIONS, sniffMedia, type MediaKind } from './sniff-media.ts'

/** Largest video (only uploads of kind 'media' take videos). */
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024

/** The message of a file over its kind's limit, naming the limit. */
export const tooLargeMessage = { image: msg.imageTooLarge, media: msg.mediaTooLarge }
const tooLarge = tooLargeMessage
const wrongType = { image: msg.imageOnly, media: msg.mediaOnly }

/** Largest file of a kind: 25 MB for images, 50 MB where videos are allowed too. */
export function maxMediaBytes(kind: MediaKind): number {
  return kind === 'media' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES
}

function assertSize(size: number, kind: MediaKind, field: string): void {
  if (size > maxMediaBytes(kind)) fail(413, tooLarge[kind], { [field]: tooLarge[kind] })
}

/**
 * Checks bytes by size and content (JPG/PNG/GIF/WEBP; kind 'media' adds mp4/webm/ogg video; never SVG)
 * and returns the extension to store them under; fails with 413 or 400 naming `field`.
 */
export async function checkMedia(bytes: Uint8Array, kind: MediaKind, field: string): Promise<string> {
  assertSize(bytes.byteLength, kind, field)
  const ext = await sniffMedia(bytes, kind)
  if (!ext) fail(400, wrongType[kind], { [field]: wrongType[kind] })
  if ((IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
    // Images stay at 25 MB even where videos may be 50 MB.
    assertSize(bytes.byteLength, 'image', field)
    assertDimensions(bytes, ext, field)
  }
  return ext
}

export { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE }

function assertDimensions(bytes: Uint8Array, ext: string, field: string): void {
  const size = imageSize(bytes, ext)
  if (!size) fail(400, msg.imageOnly, { [field]: msg.imageOnly })
  const { width, height } = size
  if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS)
    fail(400, msg.imageDimensions, { [field]: msg.imageDimensions })
}

/** Reads and checks an uploaded file; one over the limit is refused before its bytes are read. */
export async function readCheckedFile(file: File, kind: MediaKind, field: string) {
  assertSize(file.size, kind, field)
  const bytes = new Uint8Array(await file.arrayBuffer())
  return { bytes, ext: await checkMedia(bytes, kind, field) }
}

/** Reads, checks and decodes an uploaded file (nothing stored yet); see `prepareMedia`. */
export async function prepareMediaFile(file: File, kind: MediaKind, field: string) {
  const { bytes, ext } = await readCheckedFile(file, kind, field)
  return prepareMedia(bytes, ext, file.name, field)
}

/** Checks an uploaded file and stores it with its sized copies and record; returns its /uploads/ URL. */
export async function storeMediaFile(
  m: MediaDeps,
  file: File,
  kind: MediaKind,
  field: string,
): Promise<string> {
  return saveMedia(m, await prepareMediaFile(file, kind, field))
}

/**
 * Checks an uploaded file and stores it the fast way (`saveImageFast`): the answer comes once the original and the
 * first size are stored; the other sizes follow in the background. The admin's image fields and Medya use this.
 */
export async function storeMediaFileFast(m: MediaDeps, file: File, kind: MediaKind, field: string) {
  const { bytes, ext } = await readCheckedFile(file, kind, field)
  return saveImageFast(m, bytes, ext, file.name, field)
}

/**
 * An image field that may be a data URL: decodes, checks and stores it and returns the /uploads/ URL.
 * Other values (http URLs, our paths, '') come back unchanged; the schema has checked their form.
 */
export async function storeImageInput(m: MediaDeps, value: string, field: string): Promise<string> {
  if (!isDataUrl(value)) return value
  const bytes = decodeImageDataUrl(value)
  if (!bytes) fail(400, msg.imageOnly, { [field]: msg.imageOnly })
  const ext = await checkMedia(bytes, 'image', field)
  return saveMedia(m, await prepareMedia(bytes, ext, '', field))
}
