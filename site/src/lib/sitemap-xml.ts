import { partPath } from '#schema/sitemap-parts.ts'
import { absoluteUrl } from './site.ts'
import { escapeXml } from './xml.ts'

/** One address of a sitemap: its path and its day of last change (yyyy-mm-dd, '' when unknown). */
export type SitemapEntry = { path: string; lastmod: string }

/** A part of a split sitemap: its name (schema/sitemap-parts.ts) and its addresses, in the lists' order. */
export type SitemapPart = { name: string; entries: SitemapEntry[] }

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9'
const lastmodTag = (day: string) => (day ? `<lastmod>${day}</lastmod>` : '')

/** A `<urlset>` of the entries, absolute URLs: the whole sitemap of a small site, or one part of a large one. */
export function urlsetXml(site: URL | string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ path, lastmod }) =>
      `  <url><loc>${escapeXml(absoluteUrl(path, site))}</loc>${lastmodTag(lastmod)}</url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${urls.join('\n')}\n</urlset>\n`
}

/** The newest day of last change of the entries ('' when none has one): the part's lastmod in the index. */
export function newestLastmod(entries: readonly SitemapEntry[]): string {
  let newest = ''
  for (const { lastmod } of entries) if (lastmod > newest) newest = lastmod
  return newest
}

/** The `<sitemapindex>` of the parts (each non-empty), with each part's newest day of last change. */
export function sitemapIndexXml(site: URL | string, parts: readonly SitemapPart[]): string {
  const lines = parts.map(
    ({ name, entries }) =>
      `  <sitemap><loc>${escapeXml(absoluteUrl(partPath(name), site))}</loc>${lastmodTag(newestLastmod(entries))}</sitemap>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${lines.join('\n')}\n</sitemapindex>\n`
}
