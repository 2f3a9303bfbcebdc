import { addressOf } from '#schema/address.ts'
import type { BlogPost } from '#schema/blog.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { absoluteUrl } from './site.ts'
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

/** sitemap.xml: the static pages plus every published blog post and social project. */
export function sitemapXml(site: URL | string, posts: BlogPost[], projects: SocialProject[]): string {
  const entries = [
    ...STATIC_PATHS.map((path) => ({ path, lastmod: '' })),
    ...posts.map((p) => ({ path: `/blog/${addressOf(p)}`, lastmod: isoDateOnly(lastChanged(p)) })),
    ...projects.map((p) => ({
      path: `/sosyal-sorumluluk/${addressOf(p)}`,
      lastmod: isoDateOnly(lastChanged(p)),
    })),
  ]
  const urls = entries.map(({ path, lastmod }) => {
    const mod = lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
    return `  <url><loc>${escapeXml(absoluteUrl(path, site))}</loc>${mod}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
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
