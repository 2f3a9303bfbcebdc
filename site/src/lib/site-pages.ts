import { createHash } from 'node:crypto'
import { addressOf, type Addressed } from '#schema/address.ts'
import {
  loadAbout,
  loadContactSettings,
  loadHome,
  loadMediaByUrl,
  loadPrograms,
  loadPublishedBlogTags,
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

/** A published entry as the pages list it: its key, its address and day of last change (sitemap), its page. */
type Listing = { key: string; listed: string; page: SitePage; chrome: string }
// Per entry object, kept between publishes while the entry is unchanged (readContentList): a publish at 10,000
// posts made 10,000 of these again, with their hashes, dates and page paths (issue 33). The page's key also holds
// the chrome (contact settings, year): a new chrome makes the listing again.
const listings = new WeakMap<object, Listing>()
type Listed = Addressed & { createdAt: string; updatedAt?: string; publishAt?: string }
function listing(entry: Listed, base: string, chrome: string): Listing {
  let known = listings.get(entry)
  if (known === undefined || known.chrome !== chrome) {
    const key = known?.key ?? hashEntry(entry)
    const address = addressOf(entry)
    const listed = known?.listed ?? `${address}@${isoDateOnly(lastChanged(entry))}`
    listings.set(entry, (known = { key, listed, chrome, page: Object.freeze({ path: `${base}${address}`, key: `${chrome}:${key}` }) }))
  }
  return known
}

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
  const blogs = loadPublishedBlogs().map((post) => listing(post, '/blog/', chrome))
  const projects = loadPublishedProjects().map((project) => listing(project, '/sosyal-sorumluluk/', chrome))
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
  for (const b of blogs) pages.push(b.page)
  for (const p of projects) pages.push(p.page)
  // The blog list's tag filter shows every tag of the published posts.
  const tags = hash(loadPublishedBlogTags())
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
