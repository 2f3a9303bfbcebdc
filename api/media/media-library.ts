import { msg } from '#schema/messages.ts'
import type { MediaItem } from '#schema/media.ts'
import type { ContentStore } from '../store/content-store.ts'
import type { FileStore } from '../store/file-store.ts'
import { fail } from '../lib/errors.ts'
import { processImage, type ProcessedImage } from './image-pipeline.ts'
import { IMAGE_EXTENSIONS } from './sniff-media.ts'

/** What storing media needs: the files, the content (content/media.json) and the clock. */
export type MediaDeps = { files: FileStore; content: ContentStore; now?: () => Date }

/** A checked upload, decoded and sized, ready to store (nothing is on disk yet). */
export type PreparedMedia = {
  ext: string
  name: string
  uploadBytes: number
  /** The image without metadata and its copies; null for a video (stored as uploaded). */
  image: ProcessedImage | null
  bytes: Uint8Array
}

/**
 * Decodes a checked image and makes its copies (a video is taken as it is). An image that does not decode
 * (corrupt, truncated, hostile) fails with the spec's image message, before anything is stored.
 */
export async function prepareMedia(
  bytes: Uint8Array,
  ext: string,
  name: string,
  field: string,
): Promise<PreparedMedia> {
  // The name as the staff member's computer called it, without control characters (the media schema refuses them).
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 200)
  const base = { ext, name: clean, uploadBytes: bytes.byteLength, bytes }
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return { ...base, image: null }
  const image = await processImage(bytes, ext)
  if (!image) fail(400, msg.imageOnly, { [field]: msg.imageOnly })
  return { ...base, image }
}

/** Stores prepared media (original, copies) and its record in content/media.json; returns its /uploads/ URL. */
export async function saveMedia(m: MediaDeps, prepared: PreparedMedia): Promise<string> {
  const { image } = prepared
  const url = await m.files.saveUpload(image?.original ?? prepared.bytes, prepared.ext)
  if (image) await m.files.saveCopies(url, image.copies)
  const largestAvif = image?.copies.filter((c) => c.format === 'avif').at(-1)
  const item: MediaItem = {
    url,
    type: image ? 'image' : 'video',
    name: prepared.name,
    alt: '',
    width: image?.width ?? 0,
    height: image?.height ?? 0,
    widths: [...new Set(image?.copies.map((c) => c.width) ?? [])],
    uploadBytes: prepared.uploadBytes,
    bytes: (image?.original ?? prepared.bytes).byteLength,
    optimizedBytes: largestAvif?.bytes.byteLength ?? 0,
    uploadedAt: (m.now?.() ?? new Date()).toISOString(),
  }
  await m.content.update('media', (list) => void list.push(item))
  return url
}

/** Drops the record of a removed upload (no write when there is none). */
export async function forgetMedia(content: ContentStore, url: string): Promise<void> {
  if (!content.read('media').some((item) => item.url === url)) return
  await content.update('media', (list) => {
    const at = list.findIndex((item) => item.url === url)
    if (at >= 0) list.splice(at, 1)
  })
}
