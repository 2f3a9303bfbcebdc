import { bodyLimit } from 'hono/body-limit'
import { msg } from '#schema/messages.ts'
import type { FileStore } from '../store/file-store.ts'
import { fail } from './errors.ts'
import { IMAGE_EXTENSIONS, sniffMedia, type MediaKind } from './sniff-media.ts'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024
/** Room for the multipart framing and the text fields around a file. */
const FORM_OVERHEAD = 1024 * 1024

/** Hono's bodyLimit sized for one file of `kind` plus form fields; too big a body answers 413 msg.tooLarge. */
export function formLimit(kind: MediaKind) {
  const maxSize = (kind === 'media' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES) + FORM_OVERHEAD
  return bodyLimit({ maxSize, onError: () => fail(413, msg.tooLarge) })
}

/**
 * Checks an uploaded file by its bytes (images ≤ 5 MB; with kind 'media' also videos ≤ 50 MB), stores it and
 * returns its /uploads/ URL. `field` names the form field in the error.
 */
export async function storeMedia(
  files: FileStore,
  file: File,
  kind: MediaKind,
  field: string,
): Promise<string> {
  const tooBig = kind === 'media' ? msg.mediaTooLarge : msg.imageTooLarge
  if (file.size > (kind === 'media' ? MAX_VIDEO_BYTES : MAX_IMAGE_BYTES))
    fail(413, tooBig, { [field]: tooBig })
  const bytes = new Uint8Array(await file.arrayBuffer())
  const ext = await sniffMedia(bytes, kind)
  const wrongType = kind === 'media' ? msg.mediaOnly : msg.imageOnly
  if (!ext) fail(400, wrongType, { [field]: wrongType })
  // Images stay at 5 MB even where videos may be 50 MB.
  const isImage = (IMAGE_EXTENSIONS as readonly string[]).includes(ext)
  if (isImage && bytes.length > MAX_IMAGE_BYTES) fail(413, msg.imageTooLarge, { [field]: msg.imageTooLarge })
  return files.saveUpload(bytes, ext)
}
