import { addressOf } from '#schema/address.ts'
import type { SeoFinding, SeoPageRow } from '../store/private/seo-pages.ts'
import { finish, sortSteps, STEP, type Steps } from './slices.ts'

export type SeoPage = { path: string; title: string; edit: string | null; issues: SeoFinding[] }

/** Admin screens (under /admin) where the content of a fixed page is edited. */
const FIXED_EDITORS: Record<string, string> = {
  '/': '/anasayfa-duzenle',
  '/biz-kimiz': '/hakkimizda-duzenle',
  '/hakkimizda': '/hakkimizda-duzenle',
  '/referanslarimiz': '/referanslarimiz-duzenle',
  '/programlar': '/programlar-duzenle',
  '/iletisim': '/iletisim-ayarlari',
  '/blog': '/blog-duzenle',
  '/sosyal-sorumluluk-projelerimiz': '/sosyal-sorumluluk-projeleri',
}

type Addressed = { id: string; slug?: string; oldSlugs?: readonly string[] }

/** Where in the admin a page's content is edited: a post or project opens its own editor (`?duzenle=<id>`). */
export function editorFinder(
  blogs: readonly Addressed[],
  projects: readonly Addressed[],
): (path: string) => string | null {
  return finish(editorFinderSteps(blogs, projects))
}

/**
 * `editorFinder` in steps (every post's addresses: ~90 ms at 100,000 posts). Keyed by the posts' own address strings
 * and holding the posts, not a link made per address: the links are made for the pages asked only.
 */
export function* editorFinderSteps(
  blogs: readonly Addressed[],
  projects: readonly Addressed[],
): Steps<(path: string) => string | null> {
  const blogOf = new Map<string, Addressed>()
  const projectOf = new Map<string, Addressed>()
  for (const [i, b] of blogs.entries()) {
    byAddress(blogOf, b)
    if (i % STEP === STEP - 1) yield
  }
  for (const [i, p] of projects.entries()) {
    byAddress(projectOf, p)
    if (i % STEP === STEP - 1) yield
  }
  return (path) => {
    const blog = path.startsWith(BLOG) ? blogOf.get(path.slice(BLOG.length)) : undefined
    if (blog) return `/blog-duzenle?duzenle=${encodeURIComponent(blog.id)}`
    const project = path.startsWith(PROJECT) ? projectOf.get(path.slice(PROJECT.length)) : undefined
    if (project) return `/sosyal-sorumluluk-projeleri?duzenle=${encodeURIComponent(project.id)}`
    return FIXED_EDITORS[path] ?? (/^\/blog\/sayfa\//.test(path) ? '/blog-duzenle' : null)
  }
}
const BLOG = '/blog/'
/** The item under each of its addresses (`addressesOf`, without the arrays it makes for each of 100,000 posts). */
function byAddress(map: Map<string, Addressed>, item: Addressed) {
  map.set(addressOf(item), item)
  map.set(item.id, item)
  for (const old of item.oldSlugs ?? []) map.set(old, item)
}
const PROJECT = '/sosyal-sorumluluk/'

const weight = (issues: SeoFinding[]) => issues.reduce((n, i) => n + (i.severity === 'error' ? 100 : 1), 0)

/** A checked page with what the whole site adds to it: how many other pages share its title or description. */
export type ReportEntry = { row: SeoPageRow; titleTwins: number; descriptionTwins: number }

/** The page's findings and the ones about duplicates, in plain Turkish. */
export function issuesOf({ row, titleTwins, descriptionTwins }: ReportEntry): SeoFinding[] {
  const issues = [...row.findings]
  if (titleTwins > 0)
    issues.push({
      code: 'title-duplicate',
      severity: 'warning',
      message: `Aynı başlık ${titleTwins} sayfada daha kullanılıyor.`,
    })
  if (descriptionTwins > 0)
    issues.push({
      code: 'description-duplicate',
      severity: 'warning',
      message: `Aynı açıklama ${descriptionTwins} sayfada daha kullanılıyor.`,
    })
  return issues
}

/** A row's own findings' weight, once per stored row (a save replaces the row object). */
const rowWeights = new WeakMap<SeoPageRow, number>()
function rowWeight(row: SeoPageRow): number {
  let w = rowWeights.get(row)
  if (w === undefined) rowWeights.set(row, (w = weight(row.findings)))
  return w
}

/**
 * The dashboard's 'SEO İpuçları' as entries: every checked page with findings, worst first, with the findings that
 * need all pages (the same title or description on several pages) counted here. Paged list pages share the list's
 * text by design and are left out of the duplicate check. Cheap per page (counts, no new findings), so it is run
 * again after each publish; the answer's text per page is kept by the route (site-stats.ts).
 */
export function seoEntries(rows: readonly SeoPageRow[]) {
  return finish(seoEntriesSteps(rows))
}

/** `seoEntries` in steps (~100 ms at 100,000 pages in one piece). */
export function* seoEntriesSteps(rows: readonly SeoPageRow[]) {
  const titles = new Map<string, number>()
  const descriptions = new Map<string, number>()
  for (const [i, r] of rows.entries()) {
    if (i % STEP === STEP - 1) yield
    if (/\/sayfa\/\d+$/.test(r.path)) continue
    if (r.title) titles.set(r.title, (titles.get(r.title) ?? 0) + 1)
    if (r.description) descriptions.set(r.description, (descriptions.get(r.description) ?? 0) + 1)
  }
  const entries: (ReportEntry & { weight: number })[] = []
  let checkedAt = ''
  for (const [i, row] of rows.entries()) {
    if (row.checkedAt > checkedAt) checkedAt = row.checkedAt
    const titleTwins = (titles.get(row.title) ?? 1) - 1
    const descriptionTwins = (descriptions.get(row.description) ?? 1) - 1
    const w = rowWeight(row) + (titleTwins > 0 ? 1 : 0) + (descriptionTwins > 0 ? 1 : 0)
    if (w > 0 || row.findings.length) entries.push({ row, titleTwins, descriptionTwins, weight: w })
    if (i % STEP === STEP - 1) yield
  }
  yield* sortSteps(
    entries,
    (a, b) => b.weight - a.weight || (a.row.path < b.row.path ? -1 : a.row.path > b.row.path ? 1 : 0),
  )
  return { checkedAt: checkedAt || null, checkedPages: rows.length, entries }
}

/** The same as plain pages (path, title, editor, findings). */
export function seoReport(rows: SeoPageRow[], editorOf: (path: string) => string | null = () => null) {
  const { checkedAt, checkedPages, entries } = seoEntries(rows)
  const pages: SeoPage[] = entries.map((e) => ({
    path: e.row.path,
    title: e.row.title,
    edit: editorOf(e.row.path),
    issues: issuesOf(e),
  }))
  return { checkedAt, checkedPages, pages }
}
