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

/**
 * The dashboard's 'SEO İpuçları': every checked page with findings, worst first, with the findings that need all
 * pages (the same title or description on several pages) added here. Paged list pages share the list's text by
 * design and are left out of the duplicate check.
 */
export function seoReport(rows: SeoPageRow[], editorOf: (path: string) => string | null = () => null) {
  const sameTitle = new Map<string, string[]>()
  const sameDescription = new Map<string, string[]>()
  for (const r of rows) {
    if (/\/sayfa\/\d+$/.test(r.path)) continue
    if (r.title) sameTitle.set(r.title, [...(sameTitle.get(r.title) ?? []), r.path])
    if (r.description)
      sameDescription.set(r.description, [...(sameDescription.get(r.description) ?? []), r.path])
  }
  const pages: SeoPage[] = []
  let checkedAt = ''
  for (const r of rows) {
    if (r.checkedAt > checkedAt) checkedAt = r.checkedAt
    const issues = [...r.findings]
    const titleTwins = (sameTitle.get(r.title)?.length ?? 1) - 1
    if (titleTwins > 0)
      issues.push({
        code: 'title-duplicate',
        severity: 'warning',
        message: `Aynı başlık ${titleTwins} sayfada daha kullanılıyor.`,
      })
    const descriptionTwins = (sameDescription.get(r.description)?.length ?? 1) - 1
    if (descriptionTwins > 0)
      issues.push({
        code: 'description-duplicate',
        severity: 'warning',
        message: `Aynı açıklama ${descriptionTwins} sayfada daha kullanılıyor.`,
      })
    if (issues.length) pages.push({ path: r.path, title: r.title, edit: editorOf(r.path), issues })
  }
  pages.sort((a, b) => weight(b.issues) - weight(a.issues) || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  return { checkedAt: checkedAt || null, checkedPages: rows.length, pages }
}
