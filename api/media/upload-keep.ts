import type { ContentName, ContentStore } from '../store/content-store.ts'
import { entriesOf, titleOf } from '../store/content-items.ts'
import { HistoryUnreadable } from '../store/versions/upload-index.ts'
import { mediaUses, type MediaUse } from './media-uses.ts'
import { legacyFile, pathInfo } from '#schema/content-layout.ts'

export { HistoryUnreadable }

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

/** Why an upload stays: the places today's content shows it, and the old versions that use it (Turkish). */
export type KeepReasons = { uses: MediaUse[]; history: string[] }

/** What an entry of each content file is called in the library's 'why' line. */
const KIND: Record<string, string> = {
  'blogs.json': 'blog yazısı',
  'social-projects.json': 'sosyal sorumluluk projesi',
  'programs.json': 'program',
  'references.json': 'referans',
  'home.json': 'Ana sayfa',
  'about.json': 'Hakkımızda sayfası',
  'contact-settings.json': 'İletişim ayarları',
}
const LISTS = new Set(['blogs.json', 'social-projects.json', 'programs.json', 'references.json'])

/**
 * The one check every upload delete asks (media library, clean-up after saves, the leftover sweeper; decision 032):
 * an upload that today's content or any version in history refers to (a field, or a mention inside a text) stays.
 * Preparing it brings the history index up to HEAD once; when history cannot be read it throws HistoryUnreadable,
 * and the caller deletes nothing (fails closed).
 */
export async function uploadKeepCheck(content: ContentStore) {
  const index = content.uploadHistory
  await index?.catchUp()
  const inHistory = (url: string) => index?.refs(url) ?? []
  return {
    /** True when the upload must not be deleted. */
    mustKeep: (url: string) => isUploadUsed(content, url) || inHistory(url).length > 0,
    /** Where it is used today, and which old versions use it ('Eski bir sürümde kullanılıyor: "…" (blog yazısı)'). */
    async reasons(url: string): Promise<KeepReasons> {
      const history: string[] = []
      for (const ref of inHistory(url)) history.push(...(await describe(content, ref.file, ref.commit, url)))
      return { uses: mediaUses(content, url), history: [...new Set(history)] }
    },
  }
}

export type UploadKeepCheck = Awaited<ReturnType<typeof uploadKeepCheck>>

/** The old version's items that mention the upload, as the library says it. */
async function describe(content: ContentStore, file: string, commit: string, url: string): Promise<string[]> {
  // A post's or project's own file (decision 333): the version is that one item.
  const info = pathInfo(file)
  if (info?.kind === 'entry') {
    const kindOf = KIND[legacyFile(info.name)]!
    const item = commit && content.history ? await content.history.fileAt(commit, file).catch(() => null) : null
    return [item && JSON.stringify(item).includes(url) ? `Eski bir sürümde kullanılıyor: "${titleOf(item)}" (${kindOf})` : `Eski bir sürümde kullanılıyor: ${kindOf}`]
  }
  const kind = KIND[file]
  if (!kind || !commit || !content.history) return ['Eski bir sürümde kullanılıyor']
  if (!LISTS.has(file)) return [`Eski bir sürümde kullanılıyor: ${kind}`]
  const data = await content.history.fileAt(commit, file).catch(() => null)
  const items = entriesOf(file.replace('.json', '') as ContentName, data).filter((e) =>
    JSON.stringify(e).includes(url),
  )
  if (items.length === 0) return [`Eski bir sürümde kullanılıyor: ${kind}`]
  return items.map((item) => `Eski bir sürümde kullanılıyor: "${titleOf(item)}" (${kind})`)
}
