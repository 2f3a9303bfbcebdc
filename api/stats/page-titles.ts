import { addressesOf } from '#schema/address.ts'
import type { ContentStore } from '../store/content-store.ts'

/** Names of the fixed pages as the site's menu shows them. */
const FIXED_TITLES: Record<string, string> = {
  '/': 'Ana Sayfa',
  '/biz-kimiz': 'Biz Kimiz',
  '/hakkimizda': 'Hakkımızda',
  '/sosyal-sorumluluk-projelerimiz': 'Sosyal Sorumluluk Projelerimiz',
  '/referanslarimiz': 'Referanslarımız',
  '/blog': 'Blog',
  '/programlar': 'Programlar',
  '/xml-goruntuleyici': 'XML Görüntüleyici',
  '/kutuphane': 'Kütüphane',
  '/iletisim': 'İletişim',
  '/404': 'Bulunamayan sayfa',
}

type Titled = { id: string; title: string; slug?: string; oldSlugs?: readonly string[] }
const list = (value: unknown): Titled[] => (Array.isArray(value) ? (value as Titled[]) : [])

/**
 * The Turkish title staff know a counted page by (its view key: '/blog/e-imza-nedir'), from the content: a post
 * under its current and old addresses, list pages by number. Null for a page the site no longer has.
 */
export function pageTitles(content: ContentStore): (path: string) => string | null {
  const byPath = new Map(Object.entries(FIXED_TITLES))
  for (const post of list(content.read('blogs')))
    for (const a of addressesOf(post)) byPath.set(`/blog/${a}`, post.title)
  for (const project of list(content.read('social-projects')))
    for (const a of addressesOf(project)) byPath.set(`/sosyal-sorumluluk/${a}`, project.title)
  return (path) => {
    const known = byPath.get(path)
    if (known) return known
    const paged = /^\/(blog|sosyal-sorumluluk-projelerimiz)\/sayfa\/(\d+)$/.exec(path)
    return paged ? `${FIXED_TITLES[`/${paged[1]}`]} · Sayfa ${paged[2]}` : null
  }
}

/** Program names by id (downloads are counted per program). */
export function programTitles(content: ContentStore): (id: string) => string | null {
  const byId = new Map(content.read('programs').map((p) => [p.id, p.name]))
  return (id) => byId.get(id) || null
}
