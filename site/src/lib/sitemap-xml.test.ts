import { describe, expect, it } from 'vitest'
import type { BlogPost } from '#schema/blog.ts'
import {
  PART_PATH,
  partOf,
  partPath,
  SITEMAP_MAX_URLS,
  SITEMAP_SPLIT_AT,
  sitemapSplitAt,
  splitsSitemap,
} from '#schema/sitemap-parts.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { sitemapEntries, sitemapIsSplit, sitemapParts, sitemapXml, STATIC_PATHS } from './feeds.ts'
import { newestLastmod, sitemapIndexXml, urlsetXml } from './sitemap-xml.ts'

// Decision 342: above SITEMAP_SPLIT_AT addresses /sitemap.xml is an index of parts, one per content folder. Built in
// memory at 100,000 posts (the pure functions only: fast).
const SITE = 'https://ornek.com'
const DAY = 86_400_000
const START = Date.parse('2020-01-01T09:00:00Z')
const iso = (ms: number) => new Date(ms).toISOString()
const post = (i: number, days = i % 1500) =>
  ({ id: `yazi-${i}`, slug: `yazi-${i}`, createdAt: iso(START + days * DAY) }) as BlogPost
const project = (i: number) =>
  ({ id: `proje-${i}`, createdAt: iso(START + (i % 700) * DAY) }) as SocialProject

const POSTS = Array.from({ length: 100_000 }, (_, i) => post(i))
const PROJECTS = Array.from({ length: 500 }, (_, i) => project(i))

/** What a file lists: each `<url>` (loc and lastmod, '' when none) or each `<sitemap>`. */
const urlsOf = (xml: string) =>
  [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)].map(
    (m) => [m[1]!, m[2] ?? ''] as const,
  )
const sitemapsOf = (xml: string) =>
  [...xml.matchAll(/<sitemap><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/sitemap>/g)].map(
    (m) => [m[1]!, m[2] ?? ''] as const,
  )

describe('the threshold', () => {
  it('one file up to SITEMAP_SPLIT_AT addresses, an index above; the environment may lower it', () => {
    expect(SITEMAP_SPLIT_AT).toBe(10_000)
    expect(splitsSitemap(SITEMAP_SPLIT_AT, {})).toBe(false)
    expect(splitsSitemap(SITEMAP_SPLIT_AT + 1, {})).toBe(true)
    expect(sitemapSplitAt({ SITEMAP_SPLIT_AT: '40' })).toBe(40)
    for (const wrong of ['', 'abc', '0', '-5', '1.5', undefined])
      expect(sitemapSplitAt({ SITEMAP_SPLIT_AT: wrong })).toBe(SITEMAP_SPLIT_AT)
    // The static pages count: 9 of them, so 9,991 posts fill one file exactly (unless the environment lowers it).
    const posts = SITEMAP_SPLIT_AT - STATIC_PATHS.length
    if (!process.env.SITEMAP_SPLIT_AT) {
      expect(sitemapIsSplit(posts, 0)).toBe(false)
      expect(sitemapIsSplit(posts, 1)).toBe(true)
    }
  })
})

describe('the files', () => {
  it('a <urlset> and a <sitemapindex>, one address a line, absolute, escaped; no <lastmod> for no day', () => {
    const site = 'https://ornek.com'
    expect(
      urlsetXml(site, [
        { path: '/', lastmod: '' },
        { path: '/blog/a&b', lastmod: '2024-02-03' },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://ornek.com/</loc></url>\n' +
        '  <url><loc>https://ornek.com/blog/a&amp;b</loc><lastmod>2024-02-03</lastmod></url>\n</urlset>\n',
    )
    const parts = [
      { name: 'sayfalar', entries: [{ path: '/', lastmod: '' }] },
      {
        name: 'blog-3f',
        entries: [
          { path: '/blog/a', lastmod: '2024-01-05' },
          { path: '/blog/b', lastmod: '2024-03-01' },
        ],
      },
    ]
    expect(sitemapIndexXml(site, parts)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <sitemap><loc>https://ornek.com/sitemap-sayfalar.xml</loc></sitemap>\n' +
        '  <sitemap><loc>https://ornek.com/sitemap-blog-3f.xml</loc><lastmod>2024-03-01</lastmod></sitemap>\n</sitemapindex>\n',
    )
  })

  it('a part’s path: its name, and for a collection’s part its section and content folder', () => {
    expect(PART_PATH.exec('/sitemap-sayfalar.xml')?.slice(1)).toEqual(['sayfalar', undefined, undefined])
    expect(PART_PATH.exec('/sitemap-blog-3f.xml')?.slice(1)).toEqual(['blog-3f', 'blog', '3f'])
    expect(PART_PATH.exec(partPath(partOf('projeler', 'proje-1')))?.[2]).toBe('projeler')
    for (const other of [
      '/x/sitemap-blog-3f.xml',
      '/sitemap-blog-3f.xml.br',
      '/sitemap-blog-3.xml',
      '/sitemap-blog-3F.xml',
      '/sitemap-blog-zz.xml',
      '/sitemap.xml',
    ])
      expect(PART_PATH.test(other), other).toBe(false)
  })
})

describe('a split sitemap at 100,000 posts (decision 342)', () => {
  const parts = sitemapParts(POSTS, PROJECTS)
  const index = sitemapIndexXml(SITE, parts)
  const files = new Map(parts.map((p) => [`${SITE}${partPath(p.name)}`, urlsetXml(SITE, p.entries)]))

  it('the index: a <sitemapindex> of the non-empty parts, absolute URLs, each part’s newest day', () => {
    expect(
      index.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
      ),
    ).toBe(true)
    expect(index.endsWith('\n</sitemapindex>\n')).toBe(true)
    const listed = sitemapsOf(index)
    expect(listed.length).toBe(index.split('<sitemap>').length - 1)
    // Exactly the parts that hold an address: the static pages' and one per content folder in use (all 256 at
    // 100,000 posts; the 500 projects fill most of theirs), in name order.
    const inUse = new Set([
      ...POSTS.map((p) => partOf('blog', p.id)),
      ...PROJECTS.map((p) => partOf('projeler', p.id)),
    ])
    expect(listed.map(([loc]) => loc)).toEqual(
      ['sayfalar', ...[...inUse].sort()].map((name) => `${SITE}${partPath(name)}`),
    )
    expect(listed.filter(([loc]) => loc.includes('-blog-'))).toHaveLength(256)
    for (const [loc, lastmod] of listed) {
      const days = urlsOf(files.get(loc)!).map(([, day]) => day)
      expect(days.length, loc).toBeGreaterThan(0)
      expect(lastmod, loc).toBe(days.reduce((a, b) => (b > a ? b : a), ''))
    }
    // The static pages have no day of change: their part has none in the index either.
    expect(listed[0]).toEqual([`${SITE}/sitemap-sayfalar.xml`, ''])
  })

  it('each part a <urlset> of at most 50,000 (here a few hundred) addresses; every address exactly once', () => {
    const all: (readonly [string, string])[] = []
    for (const [loc, xml] of files) {
      expect(
        xml.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
        ),
        loc,
      ).toBe(true)
      const urls = urlsOf(xml)
      expect(urls.length, loc).toBe(xml.split('<url>').length - 1)
      expect(urls.length, loc).toBeLessThanOrEqual(SITEMAP_MAX_URLS)
      expect(urls.length, loc).toBeLessThan(1_000)
      all.push(...urls)
    }
    // The same addresses and days as the one-file sitemap of the same content, none twice.
    const whole = urlsOf(sitemapXml(SITE, POSTS, PROJECTS))
    expect(whole).toHaveLength(STATIC_PATHS.length + POSTS.length + PROJECTS.length)
    expect(all.length).toBe(whole.length)
    expect(new Set(all.map(([loc]) => loc)).size).toBe(all.length)
    const sort = (l: (readonly [string, string])[]) => l.map((u) => u.join(' ')).sort()
    expect(sort(all)).toEqual(sort(whole))
  })

  it('a post is in its content folder’s part, whatever its address; the lists’ order within a part', () => {
    const p = POSTS[1234]!
    const part = parts.find((x) => x.name === partOf('blog', p.id))!
    expect(part.entries).toContainEqual({ path: '/blog/yazi-1234', lastmod: '2023-05-19' })
    const renamed = { ...p, slug: 'yeni-adres' } as BlogPost
    const again = sitemapParts(
      POSTS.map((x) => (x === p ? renamed : x)),
      PROJECTS,
    )
    expect(again.find((x) => x.name === part.name)!.entries).toContainEqual({
      path: '/blog/yeni-adres',
      lastmod: '2023-05-19',
    })
    const paths = part.entries.map((e) => e.path)
    expect(paths).toEqual(
      POSTS.filter((x) => partOf('blog', x.id) === part.name).map((x) => `/blog/${x.slug}`),
    )
  })

  it('a new post, an edit of one, a removal: only the part holding it changes (and the index, by its day)', () => {
    const before = new Map(parts.map((p) => [p.name, urlsetXml(SITE, p.entries)]))
    const changedParts = (posts: BlogPost[]) => {
      const after = sitemapParts(posts, PROJECTS)
      const names = new Set([...before.keys(), ...after.map((p) => p.name)])
      return [...names].filter(
        (n) =>
          before.get(n) !==
          (after.find((p) => p.name === n) && urlsetXml(SITE, after.find((p) => p.name === n)!.entries)),
      )
    }
    const added = post(100_000, 1600)
    expect(changedParts([added, ...POSTS])).toEqual([partOf('blog', added.id)])
    const edited = post(77, 1601)
    expect(changedParts(POSTS.map((x) => (x.id === 'yazi-77' ? edited : x)))).toEqual([
      partOf('blog', 'yazi-77'),
    ])
    // Unpublished (a draft is not among the published posts): its address is in no part any more.
    const without = POSTS.filter((x) => x.id !== 'yazi-77')
    expect(changedParts(without)).toEqual([partOf('blog', 'yazi-77')])
    const urls = sitemapParts(without, PROJECTS).flatMap((p) => p.entries.map((e) => e.path))
    expect(urls).not.toContain('/blog/yazi-77')
    expect(urls).toHaveLength(STATIC_PATHS.length + POSTS.length - 1 + PROJECTS.length)
    // The index shows the part's newest day: a post of a later day than any moves it.
    const day = (posts: BlogPost[]) =>
      sitemapsOf(sitemapIndexXml(SITE, sitemapParts(posts, PROJECTS))).find(([loc]) =>
        loc.endsWith(partPath(partOf('blog', 'yazi-77'))),
      )![1]
    expect(day(POSTS)).not.toBe('2024-05-20')
    expect(day(POSTS.map((x) => (x.id === 'yazi-77' ? edited : x)))).toBe('2024-05-20')
  })

  it('one part alone (a part’s file): the same entries as among all parts', () => {
    const name = partOf('blog', 'yazi-9')
    expect(sitemapParts(POSTS, PROJECTS, name)).toEqual([parts.find((p) => p.name === name)])
    expect(sitemapParts(POSTS, PROJECTS, 'sayfalar')).toEqual([parts[0]])
    expect(sitemapParts(POSTS, PROJECTS, 'blog-zz')).toEqual([])
  })

  it('the one-file sitemap is the static pages and the entries, in order; the newest day of none is none', () => {
    const entries = sitemapEntries([post(1)], [project(2)])
    expect(entries.map((e) => e.path)).toEqual([
      ...STATIC_PATHS,
      '/blog/yazi-1',
      '/sosyal-sorumluluk/proje-2',
    ])
    expect(newestLastmod([])).toBe('')
    expect(
      newestLastmod([
        { path: '/a', lastmod: '2024-01-02' },
        { path: '/b', lastmod: '' },
        { path: '/c', lastmod: '2023-12-31' },
      ]),
    ).toBe('2024-01-02')
  })
})
