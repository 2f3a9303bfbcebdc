import type { MediaItem } from '#schema/media.ts'
import { mediaUses, type MediaUse } from './media-uses.ts'
import type { MediaDeps } from './media-library.ts'
import { HistoryUnreadable, uploadKeepCheck } from './upload-keep.ts'

/** Shown on every unused upload while history cannot be read: none of them can be deleted then. */
const HISTORY_UNREADABLE = 'İçerik geçmişi okunamadığı için şu an silinemez'

/**
 * A library entry as the admin shows it: the record, where it is used, and (when today's content does not use it)
 * the old versions that do, which keep it from being deleted ('Eski bir sürümde kullanılıyor: "…" (blog yazısı)').
 */
export type MediaEntry = MediaItem & { uses: MediaUse[]; keptBy: string[] }

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
  const keep = await uploadKeepCheck(m.content).catch((err: unknown) => {
    if (err instanceof HistoryUnreadable) return null
    throw err
  })
  const entries: MediaEntry[] = []
  for (const item of items) {
    const uses = mediaUses(m.content, item.url)
    let keptBy: string[] = []
    if (uses.length === 0 && item.url.startsWith('/uploads/'))
      keptBy = keep ? (await keep.reasons(item.url)).history : [HISTORY_UNREADABLE]
    entries.push({ ...item, uses, keptBy })
  }
  return entries.sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))
}
