import type { ContentName, ContentStore } from '../store/content-store.ts'
import type { FileStore } from '../store/file-store.ts'
import { forgetMedia } from './media-library.ts'

const collections: ContentName[] = [
  'contact-settings',
  'home',
  'about',
  'references',
  'blogs',
  'social-projects',
  'programs',
]

/** True when any content collection still mentions the URL (as a field or inside a text). */
export function isUploadUsed(content: ContentStore, url: string): boolean {
  return collections.some((name) => JSON.stringify(content.read(name)).includes(url))
}

/**
 * True when some version of the content in git refers to the upload (restoring it must show its images).
 * For the upload sweeper and the media library: an upload this answers true for is never removed.
 */
export function isUploadInHistory(content: ContentStore, url: string): Promise<boolean> {
  return content.isUploadInHistory(url)
}

/**
 * Removes those of our uploads (/uploads/…) that no content refers to any more, nor any version in history. Call it after the content
 * write that dropped them, so a file shared with another record is kept.
 */
export async function removeUnusedUploads(
  content: ContentStore,
  files: FileStore,
  urls: Iterable<string>,
): Promise<void> {
  for (const url of new Set(urls)) {
    if (!url.startsWith('/uploads/') || isUploadUsed(content, url)) continue
    // A version in git still shows it: kept (file and library entry) so a restore brings its images back.
    if (await content.isUploadInHistory(url)) continue
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
