import { msg } from '#schema/messages.ts'
import type { FileStore } from '../store/file-store.ts'
import { decodeImageDataUrl, isDataUrl } from './data-url.ts'
import { fail } from './errors.ts'
import { sniffMedia } from './sniff-media.ts'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

/** Checks image bytes by content (JPG/PNG/GIF/WEBP) and size; returns the extension or fails 400/413. */
export async function checkImage(bytes: Uint8Array, field: string): Promise<string> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) fail(413, msg.imageTooLarge, { [field]: msg.imageTooLarge })
  const ext = await sniffMedia(bytes, 'image')
  if (!ext) fail(400, msg.imageOnly, { [field]: msg.imageOnly })
  return ext
}

/** Checks and stores an uploaded image file; returns its /uploads/ URL. */
export async function storeImageFile(files: FileStore, file: File, field: string): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) fail(413, msg.imageTooLarge, { [field]: msg.imageTooLarge })
  const bytes = new Uint8Array(await file.arrayBuffer())
  return files.saveUpload(bytes, await checkImage(bytes, field))
}

/**
 * An image field that may be a data URL: decodes, checks and stores it and returns the /uploads/ URL.
 * Other values (http URLs, our paths, '') come back unchanged; the schema has checked their form.
 */
export async function storeImageInput(files: FileStore, value: string, field: string): Promise<string> {
  if (!isDataUrl(value)) return value
  const bytes = decodeImageDataUrl(value)
  if (!bytes) fail(400, msg.imageOnly, { [field]: msg.imageOnly })
  return files.saveUpload(bytes, await checkImage(bytes, field))
}
