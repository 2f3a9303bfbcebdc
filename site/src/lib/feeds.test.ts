import { describe, expect, it } from 'vitest'
import type { BlogPost } from '#schema/blog.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { robotsTxt, rssXml, sitemapXml } from './feeds.ts'
import { escapeXml } from './xml.ts'

const post = {
  id: 'yazi-1',
  title: 'Vergi & "Mevzuat" <Notları>',
  excerpt: 'Özet',
  author: 'Elif',
  tags: ['e-Fatura'],
  status: 'published',
  featuredImage: '',
  images: [],
  contentStructure: [],
  createdAt: '2025-03-12T09:30:00.000Z',
} satisfies BlogPost
const project = { id: 'proje-1', createdAt: '2025-02-20T09:00:00.000Z' } as SocialProject

describe('feeds', () => {
  it('escapes XML special characters', () => {
    expect(escapeXml(`a & b < c > "d" 'e'\u0001`)).toBe('a &amp; b &lt; c &gt; &quot;d&quot; &apos;e&apos;')
  })

  it('lists static pages, posts and projects with absolute URLs in the sitemap', () => {
    const xml = sitemapXml('https://ornek.com', [post], [project])
    expect(xml).toContain('<loc>https://ornek.com/</loc>')
    expect(xml).toContain('<loc>https://ornek.com/biz-kimiz</loc>')
    expect(xml).toContain('<loc>https://ornek.com/blog/yazi-1</loc><lastmod>2025-03-12</lastmod>')
    expect(xml).toContain('<loc>https://ornek.com/sosyal-sorumluluk/proje-1</loc>')
    expect(xml).not.toContain('bakim')
    expect(xml, 'noindex page').not.toContain('kutuphane')
  })

  it('allows all but /admin and /api in robots.txt and names the sitemap', () => {
    expect(robotsTxt('https://ornek.com')).toBe(
      'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: https://ornek.com/sitemap.xml\n',
    )
  })

  it('writes an escaped RSS item per post', () => {
    const xml = rssXml('https://ornek.com', 'Marka', 'Açıklama', [post])
    expect(xml).toContain('<title>Vergi &amp; &quot;Mevzuat&quot; &lt;Notları&gt;</title>')
    expect(xml).toContain('<link>https://ornek.com/blog/yazi-1</link>')
    expect(xml).toContain('<pubDate>Wed, 12 Mar 2025 09:30:00 GMT</pubDate>')
  })
})

describe('sitemap days in Istanbul (issue 30)', () => {
  it('gives a post published at 01:30 Istanbul time its Istanbul day, not the UTC day before', async () => {
    const { isoDateOnly } = await import('./xml.ts')
    expect(isoDateOnly('2026-11-26T22:30:00Z')).toBe('2026-11-27')
    expect(isoDateOnly('2026-11-27T20:59:00Z')).toBe('2026-11-27')
    expect(isoDateOnly('2026-11-27T21:00:00Z')).toBe('2026-11-28')
    expect(isoDateOnly('yok')).toBe('')
  })
})
