import type { MediaItem } from '#schema/media.ts'
import { mediaUses, type MediaUse } from './media-uses.ts'
import type { MediaDeps } from './media-library.ts'

/** A library entry as the admin shows it: the record and where it is used. */
export type MediaEntry = MediaItem & { uses: MediaUse[] }

const VIDEO = /\.(mp4|webm|ogg)$/

/**
 * Every recorded image and video, plus uploads on disk that have no record (stored before the library
 * existed), newest first, each with its uses.
 */
export async function listMedia(m: MediaDeps): Promise<MediaEntry[]> {
  const items = [...m.content.read('media')]
  const known = new Set(items.map((item) => item.url))
  for (const file of await m.files.listUploads()) {
    if (known.has(file.url)) continue
    items.push({
      url: file.url,
      type: VIDEO.test(file.url) ? 'video' : 'image',
      name: '',
      alt: '',
      width: 0,
      height: 0,
      widths: [],
      uploadBytes: file.bytes,
      bytes: file.bytes,
      optimizedBytes: 0,
      uploadedAt: file.modifiedAt.toISOString(),
    })
  }
  return items
    .map((item) => ({ ...item, uses: mediaUses(m.content, item.url) }))
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))
}
