import { bucketName, bucketOf } from './content-layout.ts'

/**
 * The sitemap's files (decision 342). Up to SITEMAP_SPLIT_AT addresses, `/sitemap.xml` is one `<urlset>`; above,
 * it is a `<sitemapindex>` of part files, each a `<urlset>`. A post or project is in the part of its content folder
 * (`blogs/3f/…` → `/sitemap-blog-3f.xml`, the FNV bucket of its id, content-layout.ts): a save of one entry changes
 * its part and the index only, and a rename keeps the part (the id stays). Parts sit at the site's root: a sitemap
 * may list only addresses under its own folder (sitemaps.org). Shared by the site (files, keys) and the API
 * (labels for staff, tests of the host files).
 */

/** More addresses than this make /sitemap.xml an index of parts. Overridden by SITEMAP_SPLIT_AT (tests). */
export const SITEMAP_SPLIT_AT = 10_000

/**
 * The protocol's limit of addresses per file. 256 parts per collection stay under it up to ~12 million entries
 * each (the buckets are even): far beyond what the store holds.
 */
export const SITEMAP_MAX_URLS = 50_000

/** The part of the fixed pages (STATIC_PATHS of the site's feeds.ts). */
export const STATIC_PART = 'sayfalar'
/** The part name's prefix per collection: its address section, as in `/blog/…`. */
export const PART_PREFIX = { blogs: 'blog', 'social-projects': 'projeler' } as const

/** The part of an entry of a collection: its prefix and its content folder ('blog-3f'). */
export const partOf = (prefix: string, id: string) => `${prefix}-${bucketOf(id)}`

/** The part of a collection's content folder by its number (content-layout.ts bucketNumberOf). */
export const partName = (prefix: string, bucket: number) => `${prefix}-${bucketName(bucket)}`

/** The path of a part's file ('blog-3f' → '/sitemap-blog-3f.xml'). */
export const partPath = (part: string) => `/sitemap-${part}.xml`

/** A part file's path; the part's name is group 1, and its bucket (two hex digits) group 3 for a collection's. */
export const PART_PATH = /^\/sitemap-(sayfalar|(blog|projeler)-([0-9a-f]{2}))\.xml$/

/** The threshold in force: SITEMAP_SPLIT_AT unless the environment names another positive whole number. */
export function sitemapSplitAt(env: Record<string, string | undefined> = process.env): number {
  const wanted = Number(env.SITEMAP_SPLIT_AT)
  return Number.isInteger(wanted) && wanted > 0 ? wanted : SITEMAP_SPLIT_AT
}

/** Whether a site of `urls` addresses has an index and parts rather than one file. */
export const splitsSitemap = (urls: number, env?: Record<string, string | undefined>) =>
  urls > sitemapSplitAt(env)
