import type { ContentStore } from '../store/content-store.ts'
import type { FileStore } from '../store/file-store.ts'
import { log } from '../lib/log.ts'
import { forgetMedia } from './media-library.ts'
import { HistoryUnreadable, uploadKeepCheck } from './upload-keep.ts'

// The check itself lives in upload-keep.ts (one way: usage → keep), re-exported for the save routes.
export { isUploadUsed } from './upload-keep.ts'

/**
 * Removes those of our uploads (/uploads/…) that no content refers to any more, nor any version in history. Call it after the content
 * write that dropped them, so a file shared with another record is kept.
 */
export async function removeUnusedUploads(
  content: ContentStore,
  files: FileStore,
  urls: Iterable<string>,
): Promise<void> {
  const ours = [...new Set(urls)].filter((url) => url.startsWith('/uploads/'))
  if (ours.length === 0) return
  // The one check (upload-keep.ts): today's content and every version in history. History unreadable: the save
  // stands, nothing is removed (the sweeper looks again later).
  let keep
  try {
    keep = await uploadKeepCheck(content)
  } catch (err) {
    if (!(err instanceof HistoryUnreadable)) throw err
    log.error(`Kullanılmayan dosyalar silinmedi: içerik geçmişi okunamadı (${err.message}).`)
    return
  }
  for (const url of ours) {
    // A version in git still shows it: kept (file and library entry) so a restore brings its images back.
    if (keep.mustKeep(url)) continue
    await files.removeUpload(url)
    await forgetMedia(content, url)
  }
}

/** Every /uploads/ URL mentioned anywhere in a value (a card, a post, a section). */
export function uploadsIn(value: unknown): string[] {
  return JSON.stringify(value ?? null).match(/\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9]+/g) ?? []
}

/**
 * Runs a content save that refers to uploads stored just for it; when the save fails, those uploads are removed
 * (unless other content uses them) and the error goes on.
 */
export async function saveWithNewUploads<R>(
  content: ContentStore,
  files: FileStore,
  stored: Iterable<string>,
  save: () => Promise<R>,
): Promise<R> {
  try {
    return await save()
  } catch (err) {
    await removeUnusedUploads(content, files, stored)
    throw err
  }
}
