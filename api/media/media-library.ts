import { msg } from '#schema/messages.ts'
import type { MediaItem } from '#schema/media.ts'
import type { ContentStore } from '../store/content-store.ts'
import type { FileStore } from '../store/file-store.ts'
import { fail } from '../lib/errors.ts'
import { log } from '../lib/log.ts'
import { processImage, processImageFirst, type ImageCopy, type ProcessedImage } from './image-pipeline.ts'
import { IMAGE_EXTENSIONS } from './sniff-media.ts'

/** What storing media needs: the files, the content (content/media.json) and the clock. */
export type MediaDeps = { files: FileStore; content: ContentStore; now?: () => Date }

/** Uploads whose other sizes are still being made, by URL (the admin's progress, tests). */
const pending = new Map<string, Promise<void>>()

/** Whether an upload's background sizes are still being made. */
export const copiesPending = (url: string): boolean => pending.has(url)
/** Resolves once every upload's background sizes are stored (tests, a graceful stop). */
export const allCopiesStored = async (): Promise<void> => {
  while (pending.size) await Promise.all(pending.values())
}

const largestAvifBytes = (copies: readonly ImageCopy[]) =>
  copies.filter((c) => c.format === 'avif').sort((a, b) => a.width - b.width).at(-1)?.bytes.byteLength ?? 0

/**
 * Stores an image the fast way (issue 23): the original and the copies at the first width now, with a record that
 * lists only those, so no page refers to a copy that does not exist yet; the other widths are made in the
 * background, stored, then added to the record, whose save publishes the pages that show the image (they
 * re-render when a media record they looked up changes). Returns the URL. Videos and GIFs are stored
 * whole, as `saveMedia` does.
 */
export async function saveImageFast(
  m: MediaDeps,
  bytes: Uint8Array,
  ext: string,
  name: string,
  field: string,
): Promise<string> {
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext))
    return saveMedia(m, await prepareMedia(bytes, ext, name, field))
  const stage = await processImageFirst(bytes, ext)
  if (!stage) fail(400, msg.imageOnly, { [field]: msg.imageOnly })
  const url = await m.files.saveUpload(stage.original, ext)
  await m.files.saveCopies(url, stage.first)
  const item: MediaItem = {
    url,
    type: 'image',
    name: name.slice(0, 200),
    alt: '',
    width: stage.width,
    height: stage.height,
    widths: stage.first.length ? [stage.firstWidth] : [],
    uploadBytes: bytes.byteLength,
    bytes: stage.original.byteLength,
    optimizedBytes: largestAvifBytes(stage.first),
    uploadedAt: (m.now?.() ?? new Date()).toISOString(),
  }
  await m.content.update('media', (list) => void list.push(item))
  const job = stage
    .rest()
    .then(async (copies) => {
      // Deleted meanwhile (Medya, a cancelled form swept): its copies are not wanted.
      if (copies.length === 0 || !m.content.read('media').some((i) => i.url === url)) return
      await m.files.saveCopies(url, copies)
      await m.content.update('media', (list) => {
        const record = list.find((i) => i.url === url)
        if (!record) return
        record.widths = [...new Set([...record.widths, ...copies.map((c) => c.width)])].sort((a, b) => a - b)
        record.optimizedBytes = largestAvifBytes([...stage.first, ...copies])
      })
    })
    // A JSON line as every other (journalctl -o cat | jq), not console.error's plain text.
    .catch((err: unknown) => log.error({ err, url }, 'Görselin diğer boyutları hazırlanamadı'))
    .finally(() => pending.delete(url))
  pending.set(url, job)
  return url
}

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
