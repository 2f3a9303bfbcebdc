import { addressOf, type Addressed } from '#schema/address.ts'
import type { BlogPost } from '#schema/blog.ts'
import { PART_PREFIX, partOf, splitsSitemap, STATIC_PART } from '#schema/sitemap-parts.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { absoluteUrl } from './site.ts'
import { type SitemapEntry, type SitemapPart, urlsetXml } from './sitemap-xml.ts'
import { escapeXml, isoDateOnly, rfc822 } from './xml.ts'

/**
 * Indexable pages that exist in every build. Left out: the redirect, maintenance and 404 pages, and /kutuphane,
 * which is marked noindex (a sitemap must not list pages that ask not to be indexed).
 */
export const STATIC_PATHS = [
  '/',
  '/biz-kimiz',
  '/hakkimizda',
  '/sosyal-sorumluluk-projelerimiz',
  '/referanslarimiz',
  '/blog',
  '/programlar',
  '/xml-goruntuleyici',
  '/iletisim',
]

/**
 * When a page last changed: its last edit, or its publish time when that came later (a scheduled item appears
 * at its publishAt; content.ts gives live items their publish time as createdAt).
 */
export function lastChanged(p: { createdAt: string; updatedAt?: string; publishAt?: string }): string {
  const edited = p.updatedAt || p.createdAt
  return p.publishAt && Date.parse(p.publishAt) > (Date.parse(edited) || 0) ? p.publishAt : edited
}

type Dated = Addressed & { createdAt: string; updatedAt?: string; publishAt?: string }
/** An entry's line of the sitemap: its page and day of last change. Not kept: at 100,000 posts that held ~25 MB. */
const lineOf = (item: Dated, base: string): SitemapEntry => ({
  path: `${base}${addressOf(item)}`,
  lastmod: isoDateOnly(lastChanged(item)),
})
const SECTIONS = [
  ['/blog/', PART_PREFIX.blogs],
  ['/sosyal-sorumluluk/', PART_PREFIX['social-projects']],
] as const

/** Every address the sitemap lists: the static pages, then each published blog post and social project. */
export function sitemapEntries(posts: BlogPost[], projects: SocialProject[]): SitemapEntry[] {
  return [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: '' })),
    ...posts.map((p) => lineOf(p, '/blog/')),
    ...projects.map((p) => lineOf(p, '/sosyal-sorumluluk/')),
  ]
}

/** sitemap.xml of a site of at most SITEMAP_SPLIT_AT addresses: the static pages plus every post and project. */
export function sitemapXml(site: URL | string, posts: BlogPost[], projects: SocialProject[]): string {
  return urlsetXml(site, sitemapEntries(posts, projects))
}

/** Whether a site of this many published posts and projects has a sitemap index and parts (decision 342). */
export const sitemapIsSplit = (posts: number, projects: number) =>
  splitsSitemap(STATIC_PATHS.length + posts + projects)

/**
 * The parts of a split sitemap (decision 342), each non-empty: the static pages, then the posts' parts and the
 * projects' by content folder ('blog-00' … 'blog-ff', 'projeler-00' …), each in the lists' order. `only`: that part
 * alone (a part's file; the others' lines are not made).
 */
export function sitemapParts(posts: BlogPost[], projects: SocialProject[], only?: string): SitemapPart[] {
  const byName = new Map<string, SitemapEntry[]>()
  for (const [[base, prefix], items] of [
    [SECTIONS[0], posts],
    [SECTIONS[1], projects],
  ] as const) {
    for (const item of items) {
      const part = partOf(prefix, item.id)
      if (only !== undefined && part !== only) continue
      const entries = byName.get(part)
      if (entries) entries.push(lineOf(item, base))
      else byName.set(part, [lineOf(item, base)])
    }
  }
  const names = [...byName.keys()].sort() // ASCII names: code unit order
  const parts = names.map((name) => ({ name, entries: byName.get(name)! }))
  if (only !== undefined && only !== STATIC_PART) return parts
  return [{ name: STATIC_PART, entries: STATIC_PATHS.map((path) => ({ path, lastmod: '' })) }, ...parts]
}

/** robots.txt: everything allowed except the admin panel and the API. */
export function robotsTxt(site: URL | string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api',
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', site)}`,
    '',
  ].join('\n')
}

/** How many of the newest posts the feed carries (decision 022): readers poll it; the archive is the blog. */
export const RSS_ITEMS = 50

/** rss.xml: RSS 2.0 feed of the given published blog posts (the newest RSS_ITEMS), newest first. */
export function rssXml(site: URL | string, brand: string, description: string, posts: BlogPost[]): string {
  const items = posts.map((post) => {
    const link = escapeXml(absoluteUrl(`/blog/${addressOf(post)}`, site))
    const date = rfc822(post.createdAt)
    return [
      '    <item>',
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${link}</link>`,
      `      <guid isPermaLink="true">${link}</guid>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      `      <dc:creator>${escapeXml(post.author)}</dc:creator>`,
      ...(date ? [`      <pubDate>${date}</pubDate>`] : []),
      ...post.tags.map((t) => `      <category>${escapeXml(t)}</category>`),
      '    </item>',
    ].join('\n')
  })
  const self = escapeXml(absoluteUrl('/rss.xml', site))
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(`${brand} Blog`)}</title>
    <link>${escapeXml(absoluteUrl('/blog', site))}</link>
    <description>${escapeXml(description)}</description>
    <language>tr-TR</language>
    <atom:link href="${self}" rel="self" type="application/rss+xml" />
${items.join('\n')}
  </channel>
</rss>
`
}
