import { createHash } from 'node:crypto'
import { addressOf, type Addressed } from '#schema/address.ts'
import {
  loadAbout,
  loadContactSettings,
  loadHome,
  loadMediaByUrl,
  loadPrograms,
  loadPublishedBlogs,
  loadPublishedProjects,
  loadReferences,
} from './content.ts'
import { lastChanged, RSS_ITEMS } from './feeds.ts'
import { BLOG_PAGE_SIZE, PROJECT_PAGE_SIZE, pageCount, pageHref } from './paging.ts'
import { currentYear } from './dates.ts'
import { isoDateOnly } from './xml.ts'

/** One page of the site and the key of what it shows: an equal key means the rendered page is still right. */
export type SitePage = { path: string; key: string }

const hash = (value: unknown): string =>
  createHash('sha1')
    .update(JSON.stringify(value) ?? '')
    .digest('base64url')

// An unchanged entry keeps its checked object between publishes (readContentList): hash it once.
const entryHashes = new WeakMap<object, string>()
const hashEntry = (entry: object): string => {
  let h = entryHashes.get(entry)
  if (h === undefined) entryHashes.set(entry, (h = hash(entry)))
  return h
}

// The same for an entry's address and day of last change in the sitemap (date parsing per post per publish showed
// in a CPU profile at 10,000 posts): both follow from the entry's own fields.
const listedAs = new WeakMap<object, string>()

/** Pages that show only the small collections (home, about, references, programs) and the chrome. */
const STATIC_PAGES = [
  '/',
  '/hakkimizda',
  '/biz-kimiz',
  '/iletisim',
  '/bize-ulasin',
  '/programlar',
  '/referanslarimiz',
  '/kutuphane',
  '/xml-goruntuleyici',
  // The XML viewer's shell frame (an endpoint with its own CSP meta, decision 018).
  '/xml-goruntuleyici/kabuk.html',
  '/bakim',
  '/404',
  '/robots.txt',
]

/**
 * Every page for the current content with its key. A save re-renders only pages whose key changed: a post's own
 * page, the list page it sits on, the home preview, RSS and sitemap; contact settings (the chrome of every page)
 * change every key, and so does a new year (the footer's '©'). The media records a page shows are not in its
 * key: the publisher notes them as it renders the page and compares them (mediaKeys).
 */
export function sitePages(): SitePage[] {
  // The footer's year is chrome too: a new year renders every page again.
  const chrome = hash([loadContactSettings(), currentYear()])
  const small = hash([loadHome(), loadAbout(), loadReferences(), loadPrograms()])
  const lastmod = (e: Addressed & { createdAt: string; updatedAt?: string; publishAt?: string }) => {
    let listed = listedAs.get(e)
    if (listed === undefined) listedAs.set(e, (listed = `${addressOf(e)}@${isoDateOnly(lastChanged(e))}`))
    return listed
  }
  const blogs = loadPublishedBlogs().map((post) => ({
    id: addressOf(post),
    key: hashEntry(post),
    tags: post.tags,
    listed: lastmod(post),
  }))
  const projects = loadPublishedProjects().map((project) => ({
    id: addressOf(project),
    key: hashEntry(project),
    listed: lastmod(project),
  }))
  const preview = [...blogs.slice(0, 3), ...projects.slice(0, 3)].map((e) => e.key).join()
  const pages: SitePage[] = STATIC_PAGES.map((path) => ({
    path,
    key: `${chrome}:${small}${path === '/' ? `:${preview}` : ''}`,
  }))
  // The feed shows the newest posts only; the sitemap each address and its day of last change (feeds.ts).
  const feed = hash(blogs.slice(0, RSS_ITEMS).map((b) => b.key).join())
  const listed = hash([...blogs, ...projects].map((e) => e.listed).join())
  pages.push({ path: '/rss.xml', key: `${chrome}:${small}:${feed}` })
  pages.push({ path: '/sitemap.xml', key: listed })
  for (const b of blogs) pages.push({ path: `/blog/${b.id}`, key: `${chrome}:${b.key}` })
  for (const p of projects) pages.push({ path: `/sosyal-sorumluluk/${p.id}`, key: `${chrome}:${p.key}` })
  const tags = hash([...new Set(blogs.flatMap((b) => b.tags))].sort())
  pushListPages(pages, '/blog', blogs, BLOG_PAGE_SIZE, `${chrome}:${tags}`)
  pushListPages(pages, '/sosyal-sorumluluk-projelerimiz', projects, PROJECT_PAGE_SIZE, `${chrome}:${small}`)
  return pages
}

/**
 * The list pages of a collection: each keyed by the entries it shows and what all pages show alike: the total
 * ('45 yazı', so removing the oldest entry re-renders every page, not only the last), the page count (the links).
 */
function pushListPages(pages: SitePage[], base: string, entries: { key: string }[], size: number, shared: string) {
  const count = pageCount(entries.length, size)
  for (let n = 1; n <= count; n++) {
    const onPage = entries.slice((n - 1) * size, n * size).map((e) => e.key)
    pages.push({ path: pageHref(base, n), key: `${shared}:${entries.length}:${count}:${hash(onPage)}` })
  }
}

/**
 * The media records as pages show them: a hash per URL (the publisher compares those a page looked up when it
 * was rendered, `RenderScope.media`) and one of the whole library (unchanged: no page needs the comparison).
 */
export function mediaKeys(): { all: string; byUrl: Map<string, string> } {
  const byUrl = new Map<string, string>()
  for (const [url, item] of loadMediaByUrl()) byUrl.set(url, hash(item))
  return { all: hash([...byUrl]), byUrl }
}
