import { addressesOf } from '#schema/address.ts'
import type { SeoFinding, SeoPageRow } from '../store/private/seo-pages.ts'

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
  const byPath = new Map<string, string>()
  for (const b of blogs)
    for (const a of addressesOf(b))
      byPath.set(`/blog/${a}`, `/blog-duzenle?duzenle=${encodeURIComponent(b.id)}`)
  for (const p of projects)
    for (const a of addressesOf(p))
      byPath.set(
        `/sosyal-sorumluluk/${a}`,
        `/sosyal-sorumluluk-projeleri?duzenle=${encodeURIComponent(p.id)}`,
      )
  return (path) =>
    byPath.get(path) ?? FIXED_EDITORS[path] ?? (/^\/blog\/sayfa\//.test(path) ? '/blog-duzenle' : null)
}

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
  const titles = new Map<string, number>()
  const descriptions = new Map<string, number>()
  for (const r of rows) {
    if (/\/sayfa\/\d+$/.test(r.path)) continue
    if (r.title) titles.set(r.title, (titles.get(r.title) ?? 0) + 1)
    if (r.description) descriptions.set(r.description, (descriptions.get(r.description) ?? 0) + 1)
  }
  const entries: (ReportEntry & { weight: number })[] = []
  let checkedAt = ''
  for (const row of rows) {
    if (row.checkedAt > checkedAt) checkedAt = row.checkedAt
    const titleTwins = (titles.get(row.title) ?? 1) - 1
    const descriptionTwins = (descriptions.get(row.description) ?? 1) - 1
    const w = rowWeight(row) + (titleTwins > 0 ? 1 : 0) + (descriptionTwins > 0 ? 1 : 0)
    if (w > 0 || row.findings.length) entries.push({ row, titleTwins, descriptionTwins, weight: w })
  }
  entries.sort(
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
