import { addressOf, type Addressed } from '#schema/address.ts'
import { bucketNumberOf } from '#schema/content-layout.ts'
import { PART_PREFIX } from '#schema/sitemap-parts.ts'
import { noteReplaced } from '#schema/list-lineage.ts'
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
import { lastChanged, RSS_ITEMS, sitemapIsSplit } from './feeds.ts'
import { BLOG_PAGE_SIZE, PROJECT_PAGE_SIZE, pageCount, pageHref } from './paging.ts'
import { contentDir } from './content-files.ts'
import { currentYear } from './dates.ts'
import { carriedStep, replacedPositions } from './list-steps.ts'
import { hash } from './page-hash.ts'
import { sitemapPages } from './sitemap-keys.ts'
import { isoDateOnly } from './xml.ts'

/** One page of the site and the key of what it shows: an equal key means the rendered page is still right. */
export type SitePage = { path: string; key: string }

// An unchanged entry keeps its checked object between publishes (readContentList): hash it once.
const entryHashes = new WeakMap<object, string>()
const hashEntry = (entry: object): string => {
  let h = entryHashes.get(entry)
  if (h === undefined) entryHashes.set(entry, (h = hash(entry)))
  return h
}

/**
 * A published entry as the pages list it: its key, its address and day of last change and its content folder's
 * number (the sitemap and its part, sitemap-keys.ts), its page.
 */
type Listing = { key: string; listed: string; bucket: number; page: SitePage; chrome: string }
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
    const bucket = known?.bucket ?? bucketNumberOf(entry.id)
    listings.set(entry, (known = { key, listed, bucket, chrome, page: Object.freeze({ path: `${base}${address}`, key: `${chrome}:${key}` }) }))
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
  const dir = contentDir()
  const blogs = listingsOf(`${dir}:blogs`, loadPublishedBlogs(), '/blog/', chrome)
  const projects = listingsOf(`${dir}:social-projects`, loadPublishedProjects(), '/sosyal-sorumluluk/', chrome)
  const preview = [...blogs.slice(0, 3), ...projects.slice(0, 3)].map((e) => e.key).join()
  const pages: SitePage[] = STATIC_PAGES.map((path) => ({
    path,
    key: `${chrome}:${small}${path === '/' ? `:${preview}` : ''}`,
  }))
  // The feed shows the newest posts only; the sitemap each address and its day of last change (feeds.ts), in one
  // file or, on a large site, in an index and parts (decision 342).
  const feed = hash(blogs.slice(0, RSS_ITEMS).map((b) => b.key).join())
  pages.push({ path: '/rss.xml', key: `${chrome}:${small}:${feed}` })
  const split = sitemapIsSplit(blogs.length, projects.length)
  const sitemap = sitemapPages(split, [
    [`${dir}:blogs`, PART_PREFIX.blogs, blogs],
    [`${dir}:social-projects`, PART_PREFIX['social-projects'], projects],
  ])
  for (const p of sitemap) pages.push(p)
  const head = pages.length
  for (const b of blogs) pages.push(b.page)
  for (const p of projects) pages.push(p.page)
  // The blog list's tag filter shows every tag of the published posts.
  const tags = hash(loadPublishedBlogTags())
  const blogList = listPages(`${dir}:blogs`, '/blog', blogs, BLOG_PAGE_SIZE, `${chrome}:${tags}`)
  const projectList = listPages(`${dir}:social-projects`, '/sosyal-sorumluluk-projelerimiz', projects, PROJECT_PAGE_SIZE, `${chrome}:${small}`)
  for (const p of blogList) pages.push(p)
  for (const p of projectList) pages.push(p)
  notePages(dir, pages, head, [blogs, projects, blogList, projectList])
  return pages
}

/** The last list of pages per content folder, and the lists its parts came from (after `head` pages made anew). */
const lastPages = new Map<string, { pages: SitePage[]; head: number; parts: readonly (readonly unknown[])[] }>()
/**
 * Notes which places of `pages` hold other pages than the last list had (schema/list-lineage.ts), from what the
 * parts' steps noted: the publisher then compares those pages with the live ones, not 100,000 (issue 33). The head
 * (static pages, feed, sitemap and its parts) is made anew each time and counted as replaced. No note when a part
 * changed length or many of its places: the publisher compares every page then.
 */
function notePages(dir: string, pages: SitePage[], head: number, parts: readonly (readonly unknown[])[]) {
  const last = lastPages.get(dir)
  lastPages.set(dir, { pages, head, parts })
  if (!last || last.head !== head || last.pages.length !== pages.length) return
  const positions = Array.from({ length: head }, (_, i) => i)
  let offset = head
  for (const [k, part] of parts.entries()) {
    const at = replacedPositions(last.parts[k], part)
    if (!at) return
    for (const i of at) positions.push(offset + i)
    offset += part.length
  }
  noteReplaced(pages, last.pages, positions)
}

// The steps below are carried from the last publish when a save replaced a few entries (list-steps.ts).
const listingSteps = carriedStep<Listed, { chrome: string; listings: Listing[] }>()
/** The listing of each published entry, in the list's order. */
function listingsOf(key: string, entries: readonly Listed[], base: string, chrome: string): Listing[] {
  const all = () => ({ chrome, listings: entries.map((entry) => listing(entry, base, chrome)) })
  return listingSteps.run(key, entries, all, (last, _before, positions) => {
    if (last.chrome !== chrome) return null
    const listings = last.listings.slice()
    for (const i of positions) listings[i] = listing(entries[i]!, base, chrome)
    noteReplaced(listings, last.listings, positions)
    return { chrome, listings }
  }).listings
}

const listPageSteps = carriedStep<Listing, { shared: string; pages: SitePage[] }>()
/**
 * The list pages of a collection: each keyed by the entries it shows and what all pages show alike: the total
 * ('45 yazı', so removing the oldest entry re-renders every page, not only the last), the page count (the links).
 * Carried, only the pages holding a replaced entry are keyed again.
 */
function listPages(key: string, base: string, entries: readonly Listing[], size: number, shared: string): SitePage[] {
  const count = pageCount(entries.length, size)
  const page = (n: number): SitePage => {
    const onPage = entries.slice((n - 1) * size, n * size).map((e) => e.key)
    return { path: pageHref(base, n), key: `${shared}:${entries.length}:${count}:${hash(onPage)}` }
  }
  const all = () => ({ shared, pages: Array.from({ length: count }, (_, i) => page(i + 1)) })
  return listPageSteps.run(key, entries, all, (last, _before, positions) => {
    if (last.shared !== shared) return null
    const pages = last.pages.slice()
    const replaced = [...new Set(positions.map((i) => Math.floor(i / size)))]
    for (const at of replaced) pages[at] = page(at + 1)
    noteReplaced(pages, last.pages, replaced)
    return { shared, pages }
  }).pages
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
