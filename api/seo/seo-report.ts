import { addressOf } from '#schema/address.ts'
import {
  seoPageSummary,
  type SeoFinding,
  type SeoPageRow,
  type SeoPageSummary,
} from '../store/private/seo-pages.ts'
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

/** The findings about duplicates a page gets when `titleTwins` other pages share its title (and its description). */
export function duplicateFindings(titleTwins: number, descriptionTwins: number): SeoFinding[] {
  const issues: SeoFinding[] = []
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

/**
 * The dashboard's 'SEO İpuçları' as indices into `pages`: every checked page with findings, worst first, with what the
 * whole site adds to each page (how many other pages share its title or its description). Numbers only, no text and
 * no object per page (decision 343): the answers read the texts of the pages they list from the store.
 */
export type SeoEntries = {
  checkedAt: string | null
  checkedPages: number
  pages: readonly SeoPageSummary[]
  /** The listed pages' indices in `pages`, worst first (then by path). */
  order: Uint32Array
  /** Per page (index in `pages`): how many other pages have its title, and its description. */
  titleTwins: Uint32Array
  descriptionTwins: Uint32Array
}

/**
 * The report from the stored pages' summaries. Paged list pages share the list's text by design and are left out of
 * the duplicate check. Cheap per page (counts, no new findings), so it is run again after each publish.
 */
export function seoEntries(pages: readonly SeoPageSummary[]): SeoEntries {
  return finish(seoEntriesSteps(pages))
}

/** `seoEntries` in steps (~100 ms at 100,000 pages in one piece). */
export function* seoEntriesSteps(pages: readonly SeoPageSummary[]): Steps<SeoEntries> {
  const titles = new Map<string, number>()
  const descriptions = new Map<string, number>()
  for (const [i, p] of pages.entries()) {
    if (i % STEP === STEP - 1) yield
    if (/\/sayfa\/\d+$/.test(p.path)) continue
    if (p.title !== null) titles.set(p.title, (titles.get(p.title) ?? 0) + 1)
    if (p.description !== null) descriptions.set(p.description, (descriptions.get(p.description) ?? 0) + 1)
  }
  const n = pages.length
  const titleTwins = new Uint32Array(n)
  const descriptionTwins = new Uint32Array(n)
  const weights = new Float64Array(n)
  const listed: number[] = []
  let checkedAt = ''
  for (const [i, p] of pages.entries()) {
    if (p.checkedAt > checkedAt) checkedAt = p.checkedAt
    const t = (titleTwins[i] = p.title === null ? 0 : (titles.get(p.title) ?? 1) - 1)
    const d = (descriptionTwins[i] = p.description === null ? 0 : (descriptions.get(p.description) ?? 1) - 1)
    // An error weighs 100, any other finding 1.
    const w = 99 * p.errors + p.findings + (t > 0 ? 1 : 0) + (d > 0 ? 1 : 0)
    weights[i] = w
    if (w > 0 || p.findings > 0) listed.push(i)
    if (i % STEP === STEP - 1) yield
  }
  yield* sortSteps(listed, (a, b) => {
    const x = pages[a]!.path
    const y = pages[b]!.path
    return weights[b]! - weights[a]! || (x < y ? -1 : x > y ? 1 : 0)
  })
  return {
    checkedAt: checkedAt || null,
    checkedPages: n,
    pages,
    order: Uint32Array.from(listed),
    titleTwins,
    descriptionTwins,
  }
}

/** The same as plain pages (path, title, editor, findings), from whole rows (checks and tests). */
export function seoReport(rows: SeoPageRow[], editorOf: (path: string) => string | null = () => null) {
  const { checkedAt, checkedPages, order, titleTwins, descriptionTwins } = seoEntries(
    rows.map((row) => seoPageSummary(row)),
  )
  const pages: SeoPage[] = [...order].map((i) => ({
    path: rows[i]!.path,
    title: rows[i]!.title,
    edit: editorOf(rows[i]!.path),
    issues: [...rows[i]!.findings, ...duplicateFindings(titleTwins[i]!, descriptionTwins[i]!)],
  }))
  return { checkedAt, checkedPages, pages }
}
