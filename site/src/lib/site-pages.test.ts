import { join } from 'node:path'
import { readCollectionSync } from '#schema/content-folder-read.ts'
import { partOf, partPath, SITEMAP_SPLIT_AT } from '#schema/sitemap-parts.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderScope } from './render-scope.ts'
import { mediaKeys, sitePages } from './site-pages.ts'

// Issue 28: the page keys one by one, fast (the mutation run's 'page-keys' group). A publish re-renders exactly
// the pages whose key changed, so each key must change when anything its page shows changes, and stay when
// nothing it shows does (a needless render costs time; a missed one leaves a stale page). The publish tests
// (api/publish/publish-property.test.ts: incremental = full) check the same against real renders, slowly.
const contentDir = join(import.meta.dirname, '..', '..', '..', 'content')
/** A collection of the repository's content/, in either layout (decision 333). */
const repo = (name: string): any => readCollectionSync(contentDir, name)
type Entry = Record<string, unknown> & { id: string }
type Content = Record<string, unknown> & { blogs: Entry[]; 'social-projects': Entry[] }

const NOW = Date.parse('2026-06-01T12:00:00Z')
const day = (n: number) => new Date(Date.parse('2026-01-01T09:00:00Z') + n * 86_400_000).toISOString()
/** The demo content with `posts` posts and `projects` projects, post i created on day i (newest is the last). */
function content(posts = 30, projects = 16): Content {
  const [post] = repo('blogs') as Entry[]
  const [project] = repo('social-projects') as Entry[]
  const blogs = Array.from({ length: posts }, (_, i) => ({
    ...post!,
    id: `yazi-${i}`,
    slug: `yazi-${i}`,
    title: `Yazı ${i}`,
    tags: [`etiket-${i % 3}`],
    createdAt: day(i),
    updatedAt: day(i),
  }))
  const socialProjects = Array.from({ length: projects }, (_, i) => ({
    ...project!,
    id: `proje-${i}`,
    slug: `proje-${i}`,
    title: `Proje ${i}`,
    createdAt: day(i),
  }))
  const out: Content = { blogs, 'social-projects': socialProjects }
  for (const name of ['home', 'about', 'references', 'programs', 'contact-settings', 'media']) out[name] = repo(name)
  return out
}

let version = 0
/** Every page's key for this content at `now`, as one publish computes them. */
function keys(c: Content, now = NOW): Map<string, string> {
  const scope = { contentDir, version: ++version, read: (name: string) => structuredClone(c[name]), now }
  return new Map(renderScope.run(scope, sitePages).map((p) => [p.path, p.key]))
}
/** The paths whose key differs between two contents (or pages that came or went). */
function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()])
  return [...paths].filter((p) => before.get(p) !== after.get(p)).sort()
}
const edit = (c: Content, change: (c: Content) => void): Content => {
  const copy = structuredClone(c)
  change(copy)
  return copy
}
const post = (c: Content, i: number) => c.blogs.find((b) => b.id === `yazi-${i}`)!
const project = (c: Content, i: number) => c['social-projects'].find((p) => p.id === `proje-${i}`)!

// Newest first: posts 29…18 on /blog, 17…6 on /blog/sayfa/2, 5…0 on /blog/sayfa/3; projects 15…4, then 3…0.
const base = content()
const before = keys(base)

describe('the pages of a content', () => {
  it('every page once, list pages by the page size, and the same keys for the same content', () => {
    expect(changed(before, keys(content()))).toEqual([])
    expect(before.has('/blog/yazi-0')).toBe(true)
    expect(before.has('/sosyal-sorumluluk/proje-0')).toBe(true)
    expect([...before.keys()].filter((p) => p.startsWith('/blog') && !p.startsWith('/blog/yazi'))).toEqual([
      '/blog',
      '/blog/sayfa/2',
      '/blog/sayfa/3',
    ])
    expect([...before.keys()].filter((p) => p.startsWith('/sosyal-sorumluluk-projelerimiz'))).toEqual([
      '/sosyal-sorumluluk-projelerimiz',
      '/sosyal-sorumluluk-projelerimiz/sayfa/2',
    ])
    // The pages that show only the small collections and the chrome, then the feeds: each once, in this order.
    expect([...before.keys()].slice(0, 16)).toEqual([
      '/',
      '/hakkimizda',
      '/biz-kimiz',
      '/iletisim',
      '/bize-ulasin',
      '/programlar',
      '/referanslarimiz',
      '/kutuphane',
      '/xml-goruntuleyici',
      '/xml-goruntuleyici/kabuk.html',
      '/bakim',
      '/404',
      '/robots.txt',
      '/rss.xml',
      '/sitemap.xml',
      '/blog/yazi-29',
    ])
    expect(before.size).toBe(16 + 29 + 16 + 3 + 2)
    // 12 posts: one list page; 13: two.
    expect(keys(content(12, 1)).has('/blog/sayfa/2')).toBe(false)
    expect(keys(content(13, 1)).has('/blog/sayfa/2')).toBe(true)
    expect(keys(content(0, 0)).has('/blog')).toBe(true)
  })

  it('a post’s text: its page, its list page and the feed; the home page only for the three newest', () => {
    const old = edit(base, (c) => void (post(c, 10).title = 'Yeni başlık'))
    expect(changed(before, keys(old))).toEqual(['/blog/sayfa/2', '/blog/yazi-10', '/rss.xml'])
    const third = edit(base, (c) => void (post(c, 27).excerpt = 'Yeni özet'))
    expect(changed(before, keys(third))).toEqual(['/', '/blog', '/blog/yazi-27', '/rss.xml'])
    const fourth = edit(base, (c) => void (post(c, 26).excerpt = 'Yeni özet'))
    expect(changed(before, keys(fourth))).toEqual(['/blog', '/blog/yazi-26', '/rss.xml'])
  })

  it('only a tag: every /blog list page (their tag filter), the post, the feed', () => {
    // The audit's mutant: list pages keyed without the tag list. A new tag on the oldest post shows in the
    // filter of every list page.
    const tagged = edit(base, (c) => void (post(c, 0).tags = ['yepyeni-etiket']))
    expect(changed(before, keys(tagged))).toEqual(['/blog', '/blog/sayfa/2', '/blog/sayfa/3', '/blog/yazi-0', '/rss.xml'])
    // Tags in another order on another post: the same set of tags, so only that post's pages.
    const two = edit(base, (c) => void (post(c, 1).tags = ['b', 'a']))
    const reordered = edit(two, (c) => void (post(c, 1).tags = ['a', 'b']))
    expect(changed(keys(two), keys(reordered))).toEqual(['/blog/sayfa/3', '/blog/yazi-1', '/rss.xml'])
  })

  it('only a project: its page, its list page, and the home page for the three newest', () => {
    const newest = edit(base, (c) => void (project(c, 15).title = 'Yeni proje adı'))
    expect(changed(before, keys(newest))).toEqual(['/', '/sosyal-sorumluluk-projelerimiz', '/sosyal-sorumluluk/proje-15'])
    const third = edit(base, (c) => void (project(c, 13).title = 'Yeni proje adı'))
    expect(changed(before, keys(third))).toEqual(['/', '/sosyal-sorumluluk-projelerimiz', '/sosyal-sorumluluk/proje-13'])
    const older = edit(base, (c) => void (project(c, 12).title = 'Yeni proje adı'))
    expect(changed(before, keys(older))).toEqual(['/sosyal-sorumluluk-projelerimiz', '/sosyal-sorumluluk/proje-12'])
    const last = edit(base, (c) => void (project(c, 0).title = 'Yeni proje adı'))
    expect(changed(before, keys(last))).toEqual(['/sosyal-sorumluluk-projelerimiz/sayfa/2', '/sosyal-sorumluluk/proje-0'])
  })

  it('order only: a post moved to another page by its date changes both list pages, the feed and the home page', () => {
    const moved = edit(base, (c) => void (post(c, 5).createdAt = day(40)))
    const diff = changed(before, keys(moved))
    for (const path of ['/', '/blog', '/blog/sayfa/2', '/blog/sayfa/3', '/rss.xml', '/blog/yazi-5']) expect(diff).toContain(path)
    expect(diff.filter((p) => p.startsWith('/sosyal-sorumluluk'))).toEqual([])
  })

  it('removing the oldest post changes every list page (the total they show) and the sitemap', () => {
    const removed = edit(base, (c) => void c.blogs.splice(c.blogs.findIndex((b) => b.id === 'yazi-0'), 1))
    expect(changed(before, keys(removed))).toEqual(['/blog', '/blog/sayfa/2', '/blog/sayfa/3', '/blog/yazi-0', '/rss.xml', '/sitemap.xml'])
  })

  it('the sitemap: an address or the day of last change, never the time within that day', () => {
    const sameDay = edit(base, (c) => void (post(c, 3).updatedAt = day(3).replace('09:00', '18:30')))
    expect(changed(before, keys(sameDay))).not.toContain('/sitemap.xml')
    const nextDay = edit(base, (c) => void (post(c, 3).updatedAt = day(4)))
    expect(changed(before, keys(nextDay))).toContain('/sitemap.xml')
    const projectDay = edit(base, (c) => void (project(c, 3).updatedAt = day(9)))
    expect(changed(before, keys(projectDay))).toContain('/sitemap.xml')
    const address = edit(base, (c) => void (post(c, 3).slug = 'yeni-adres'))
    const moved = changed(before, keys(address))
    expect(moved).toContain('/sitemap.xml')
    expect(moved).toContain('/blog/yeni-adres')
    expect(moved).toContain('/blog/yazi-3')
  })

  it('the feed: the newest 50 posts only', () => {
    const many = content(60, 1)
    const all = keys(many)
    const inFeed = edit(many, (c) => void (post(c, 10).title = 'x')) // the 50th newest
    expect(changed(all, keys(inFeed))).toContain('/rss.xml')
    const outside = edit(many, (c) => void (post(c, 9).title = 'x')) // the 51st
    expect(changed(all, keys(outside))).not.toContain('/rss.xml')
  })

  it('the small collections: every page that shows them, never a post’s or project’s own page', () => {
    const about = edit(base, (c) => void ((c.about as Record<string, unknown>).title1 = 'Biz Kimiz?'))
    const diff = changed(before, keys(about))
    for (const path of ['/', '/hakkimizda', '/programlar', '/404', '/rss.xml', '/sosyal-sorumluluk-projelerimiz']) expect(diff).toContain(path)
    expect(diff.filter((p) => p.startsWith('/blog') || p.startsWith('/sosyal-sorumluluk/'))).toEqual([])
    expect(diff).not.toContain('/sitemap.xml')
  })

  it('contact settings (every page’s chrome): every page but the sitemap', () => {
    const chrome = edit(base, (c) => void ((c['contact-settings'] as Record<string, unknown>).phone = '+90 212 000 00 00'))
    expect(changed(before, keys(chrome))).toEqual([...before.keys()].filter((p) => p !== '/sitemap.xml').sort())
  })

  it('a scheduled post has no page before its time and has one from its time on', () => {
    const scheduled = edit(base, (c) => void (post(c, 29).publishAt = new Date(NOW + 60_000).toISOString()))
    expect(keys(scheduled, NOW + 59_999).has('/blog/yazi-29')).toBe(false)
    expect(keys(scheduled, NOW + 60_000).has('/blog/yazi-29')).toBe(true)
    const draft = edit(base, (c) => void (post(c, 29).status = 'draft'))
    expect(keys(draft).has('/blog/yazi-29')).toBe(false)
    expect(keys(edit(base, (c) => void (project(c, 15).status = 'draft'))).has('/sosyal-sorumluluk/proje-15')).toBe(false)
  })
})

describe('media keys', () => {
  it('one key per URL, changed only for the record that changed; the library key with any change', () => {
    const scope = (c: Content) => ({ contentDir, version: ++version, read: (name: string) => structuredClone(c[name]) })
    const a = renderScope.run(scope(base), mediaKeys)
    const media = base.media as { url: string; alt: string }[]
    const altered = edit(base, (c) => void ((c.media as { alt: string }[])[1]!.alt = 'Yeni açıklama'))
    const b = renderScope.run(scope(altered), mediaKeys)
    expect(b.all).not.toBe(a.all)
    expect([...a.byUrl.keys()]).toEqual(media.map((m) => m.url))
    expect(media.filter((m) => a.byUrl.get(m.url) !== b.byUrl.get(m.url)).map((m) => m.url)).toEqual([media[1]!.url])
    expect(renderScope.run(scope(base), mediaKeys).all).toBe(a.all)
  })
})

describe('a large site: the sitemap as an index and parts (decision 342)', () => {
  // SITEMAP_SPLIT_AT lowered, so the demo content's 55 addresses are a large site.
  const saved = process.env.SITEMAP_SPLIT_AT
  beforeAll(() => void (process.env.SITEMAP_SPLIT_AT = '20'))
  afterAll(() => (saved === undefined ? delete process.env.SITEMAP_SPLIT_AT : (process.env.SITEMAP_SPLIT_AT = saved)))
  const sitemapOf = (k: Map<string, string>) => [...k.keys()].filter((p) => p.startsWith('/sitemap'))
  const part = (id: string) => partPath(partOf(id.startsWith('proje') ? 'projeler' : 'blog', id))
  const inSitemap = (paths: string[]) => paths.filter((p) => p.startsWith('/sitemap'))

  it('the index, the static pages’ part and one per content folder in use; the pages after them as before', () => {
    const split = keys(base)
    const ids = [...base.blogs.map((b) => b.id), ...base['social-projects'].map((p) => p.id)]
    expect(sitemapOf(split)).toEqual(['/sitemap.xml', '/sitemap-sayfalar.xml', ...[...new Set(ids.map(part))].sort()])
    // Every other page and its key as on a small site.
    expect(changed(before, split).filter((p) => !p.startsWith('/sitemap'))).toEqual([])
  })

  it('an edit of one post: its part, and the index when the part’s newest day moves; never another part', () => {
    const start = keys(base)
    expect(inSitemap(changed(start, keys(edit(base, (c) => void (post(c, 3).updatedAt = day(60))))))).toEqual(['/sitemap.xml', part('yazi-3')].sort())
    expect(inSitemap(changed(start, keys(edit(base, (c) => void (post(c, 3).slug = 'yeni-adres')))))).toEqual([part('yazi-3')])
    expect(inSitemap(changed(start, keys(edit(base, (c) => void (post(c, 3).title = 'Yeni başlık')))))).toEqual([])
    expect(inSitemap(changed(start, keys(edit(base, (c) => void (project(c, 2).updatedAt = day(60))))))).toEqual(['/sitemap.xml', part('proje-2')].sort())
    // Contact settings, the small collections: no sitemap page.
    const chrome = edit(base, (c) => void ((c['contact-settings'] as Record<string, unknown>).phone = '+90 212 000 00 00'))
    expect(inSitemap(changed(start, keys(chrome)))).toEqual([])
  })

  it('a new post: its part and at most the index; an unpublished one: its part, or the part goes', () => {
    const start = keys(base)
    const added = edit(base, (c) => void c.blogs.push({ ...post(c, 0), id: 'yeni-yazi', slug: 'yeni-yazi', createdAt: day(2), updatedAt: day(2) }))
    const diff = inSitemap(changed(start, keys(added)))
    expect(diff).toContain(part('yeni-yazi'))
    expect(diff.filter((p) => p !== part('yeni-yazi') && p !== '/sitemap.xml')).toEqual([])
    const draft = keys(edit(base, (c) => void (post(c, 7).status = 'draft')))
    const alone = base.blogs.filter((b) => part(b.id) === part('yazi-7')).length === 1
    expect(inSitemap(changed(start, draft))).toEqual(alone ? ['/sitemap.xml', part('yazi-7')].sort() : [part('yazi-7')])
  })

  it('crossing the threshold: one file at SITEMAP_SPLIT_AT addresses, the index and parts one address above', () => {
    // 9 static pages + 11 posts = 20 (no projects).
    expect(sitemapOf(keys(content(11, 0)))).toEqual(['/sitemap.xml'])
    expect(sitemapOf(keys(content(12, 0)))).toContain('/sitemap-sayfalar.xml')
  })
})

describe('at SITEMAP_SPLIT_AT itself', () => {
  it.skipIf(process.env.SITEMAP_SPLIT_AT !== undefined)('10,000 addresses in one file, 10,001 in an index and parts', () => {
    const sitemap = (k: Map<string, string>) => [...k.keys()].filter((p) => p.startsWith('/sitemap'))
    const posts = SITEMAP_SPLIT_AT - 9 - 16
    expect(sitemap(keys(content(posts, 16)))).toEqual(['/sitemap.xml'])
    expect(sitemap(keys(content(posts + 1, 16)))).toHaveLength(2 + 256 + new Set(Array.from({ length: 16 }, (_, i) => partOf('projeler', `proje-${i}`))).size)
  })
})
