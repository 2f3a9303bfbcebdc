import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageLabel } from './page-failures.ts'
import { createSitePublisher } from './site-publisher.ts'
import { lookupPath } from './static-cache.ts'

// Issue 27, point 2: a value that only a render can reject fails only the page that carries it. The render bundle
// here is a small site of its own (a home page listing the posts, a page per post) whose post page throws on an
// excerpt containing 'PATLA', as a real render may meet a value no schema foresaw. The publisher is the real one.
const repoRoot = join(import.meta.dirname, '..', '..')
const siteUrl = 'http://localhost:4398'
let root: string
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'page-failures-'))
})
afterAll(() => rm(root, { recursive: true, force: true }))

const ENTRY = `
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
const html = { 'content-type': 'text/html' }
// In the server, the content in memory; in a full render's child process, its snapshot in files.
const posts = (scope) => (scope.read ? scope.read('blogs') : JSON.parse(readFileSync(join(scope.contentDir, 'blogs.json'), 'utf8')))
const address = (p) => p.slug || p.id
export const listPages = (scope) => [
  { path: '/', key: JSON.stringify(posts(scope).map((p) => p.title)) },
  { path: '/404', key: 'k' },
  ...posts(scope).map((p) => ({ path: '/blog/' + address(p), key: JSON.stringify(p) })),
]
export const mediaKeys = () => ({ all: '', byUrl: new Map() })
export const nextChange = () => null
export async function renderPage(url, scope) {
  const path = new URL(url).pathname
  if (path === '/404') return new Response('<!doctype html><title>Yok</title>', { status: 404, headers: html })
  if (path === '/') return new Response('<!doctype html><title>Ana</title>' + posts(scope).map((p) => '<li>' + p.title).join(''), { headers: html })
  const post = posts(scope).find((p) => '/blog/' + address(p) === path)
  if (post.excerpt.includes('PATLA')) throw new Error('Özet işlenemedi')
  return new Response('<!doctype html><title>' + post.title + '</title><p>' + post.excerpt, { headers: html })
}
`

async function bundle(name: string) {
  const dir = join(root, name)
  await mkdir(join(dir, 'server'), { recursive: true })
  await mkdir(join(dir, 'client'), { recursive: true })
  await writeFile(join(dir, 'server', 'entry.mjs'), ENTRY)
  await writeFile(join(dir, 'client', 'robots.txt'), 'User-agent: *\n')
  return { dir, stamp: name }
}

type Post = { id: string; slug: string; title: string; excerpt: string }
const post = (id: string, excerpt: string): Post => ({
  id,
  slug: `yazi-${id}`,
  title: id.toUpperCase(),
  excerpt,
})

/** A publisher over content held here; `set` replaces the posts as a save would (new objects, never mutated). */
async function publisherWith(name: string, posts: Post[], options: { childRenderAbove?: number } = {}) {
  let blogs = posts
  let code = await bundle(`${name}-code`)
  const p = createSitePublisher({
    repoRoot,
    contentDir: join(root, name, 'content'),
    buildRoot: join(root, name, 'build'),
    siteUrl,
    read: (n) => (n === 'blogs' ? blogs : undefined),
    code: async () => code,
    childRenderAbove: options.childRenderAbove,
    childRenderTimeoutMs: 60_000,
  })
  const publish = async () => {
    const seq = p.request()
    await p.idle()
    return seq
  }
  const page = async (path: string) => {
    const key = lookupPath(p.site(), path)
    const file = key ? p.site().get(key) : undefined
    if (!file) return null
    return file.body ? file.body.toString('utf8') : readFile(file.sourcePath!, 'utf8')
  }
  const liveFile = (path: string) => readFile(join(root, name, 'build', 'live', path), 'utf8').catch(() => null)
  return {
    p,
    publish,
    page,
    liveFile,
    set: (next: Post[]) => void (blogs = next),
    newCode: async (stamp: string) => void (code = await bundle(stamp)),
  }
}

describe('a page whose render throws', () => {
  it('keeps its live version while every other page publishes, names its field, and is retried until it renders', async () => {
    const s = await publisherWith('changes', [post('a', 'ilk'), post('b', 'ikinci')])
    await s.publish()
    expect(await s.page('/blog/yazi-b')).toContain('ikinci')

    s.set([{ ...post('a', 'ilk'), title: 'A2' }, post('b', 'PATLA burada')])
    const seq = await s.publish()
    const status = s.p.status()
    // The publish went live: the home page and the other post are current; the failing page is still the old one.
    expect(status).toMatchObject({ state: 'idle', generation: seq, failed: 0, lastError: null })
    expect(await s.page('/')).toContain('A2')
    expect(await s.page('/blog/yazi-a')).toContain('A2')
    expect(await s.page('/blog/yazi-b')).toContain('ikinci')
    expect(await s.liveFile('blog/yazi-b/index.html')).toContain('ikinci')
    expect(status.pageErrors).toEqual([
      {
        path: '/blog/yazi-b',
        text: 'Blog yazısı “B” (alan: Özet) güncellenemedi; önceki hâli yayında kalıyor. Diğer sayfalar güncel.',
        message: 'Özet işlenemedi',
        collection: 'blogs',
        itemId: 'b',
        field: 'excerpt',
        kept: true,
        publish: seq,
      },
    ])

    // Another save: the failing page is tried again (its publish number moves on), the rest publishes.
    s.set([{ ...post('a', 'ilk'), title: 'A3' }, post('b', 'PATLA burada')])
    const again = await s.publish()
    expect(await s.page('/')).toContain('A3')
    expect(s.p.status().pageErrors).toMatchObject([{ path: '/blog/yazi-b', publish: again, field: 'excerpt' }])

    // Fixed: the page renders and leaves the list.
    s.set([{ ...post('a', 'ilk'), title: 'A3' }, post('b', 'düzeldi')])
    await s.publish()
    expect(await s.page('/blog/yazi-b')).toContain('düzeldi')
    expect(s.p.status().pageErrors).toEqual([])

    // A new post that fails has no previous version: it is not published, and says so; the rest is.
    s.set([{ ...post('a', 'ilk'), title: 'A4' }, post('b', 'düzeldi'), post('c', 'PATLA')])
    await s.publish()
    expect(await s.page('/blog/yazi-c')).toBeNull()
    expect(await s.page('/')).toContain('A4')
    expect(s.p.status().pageErrors).toMatchObject([
      {
        path: '/blog/yazi-c',
        kept: false,
        field: 'excerpt',
        text: 'Blog yazısı “C” (alan: Özet) güncellenemedi; sayfa henüz yayında değil. Diğer sayfalar güncel.',
      },
    ])

    // Deleted: no longer a page, no longer failing.
    s.set([{ ...post('a', 'ilk'), title: 'A4' }, post('b', 'düzeldi')])
    await s.publish()
    expect(s.p.status().pageErrors).toEqual([])
    await s.p.stop()
  }, 60_000)

  it('in a full publish (new code) keeps the live version too, and the next publishes still try it', async () => {
    const s = await publisherWith('full', [post('a', 'ilk'), post('b', 'ikinci')])
    await s.publish()
    s.set([post('a', 'ilk'), post('b', 'PATLA')])
    await s.newCode('full-code-2')
    const seq = await s.publish()
    expect(s.p.status()).toMatchObject({ generation: seq, failed: 0 })
    expect(await s.page('/blog/yazi-b')).toContain('ikinci')
    expect(await s.page('/blog/yazi-a')).toContain('ilk')
    expect(s.p.status().pageErrors).toMatchObject([{ path: '/blog/yazi-b', kept: true, field: 'excerpt' }])
    // Same code, same content: the failed page's record matches no key, so it is tried again.
    s.set([post('a', 'ilk'), post('b', 'şimdi iyi')])
    await s.publish()
    expect(await s.page('/blog/yazi-b')).toContain('şimdi iyi')
    expect(s.p.status().pageErrors).toEqual([])
    await s.p.stop()
  }, 60_000)

  it('rendered in a child process (a large full publish), fails only that page as well', async () => {
    const s = await publisherWith('child', [post('a', 'ilk'), post('b', 'PATLA')], { childRenderAbove: 0 })
    const seq = await s.publish()
    expect(s.p.status()).toMatchObject({ generation: seq, failed: 0 })
    expect(await s.page('/blog/yazi-a')).toContain('ilk')
    expect(await s.page('/blog/yazi-b')).toBeNull()
    expect(s.p.status().pageErrors).toMatchObject([{ path: '/blog/yazi-b', kept: false, field: 'excerpt', itemId: 'b' }])
    await s.p.stop()
  }, 120_000)

  it('when most pages fail (broken code, or a value on every page) the publish fails as a whole and nothing changes', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e']
    const s = await publisherWith(
      'most',
      ids.map((id) => post(id, 'iyi')),
    )
    const first = await s.publish()
    s.set(ids.map((id) => ({ ...post(id, 'PATLA'), title: `${id} yeni` })))
    const seq = await s.publish()
    expect(s.p.status()).toMatchObject({
      state: 'failed',
      failed: seq,
      generation: first,
      lastError: 'Özet işlenemedi',
    })
    expect(await s.page('/')).not.toContain('yeni')
    await s.p.stop()
  }, 60_000)
})

describe('the names staff read for pages with no one subject', () => {
  it('the feeds, the sitemap and each part of a large site’s sitemap (decision 342), in Turkish', () => {
    expect(pageLabel('/rss.xml', null)).toBe('RSS beslemesi')
    expect(pageLabel('/sitemap.xml', null)).toBe('Site haritası')
    expect(pageLabel('/sitemap-sayfalar.xml', null)).toBe('Site haritası (sabit sayfalar)')
    expect(pageLabel('/sitemap-blog-3f.xml', null)).toBe('Site haritası (blog yazıları, bölüm 3f)')
    expect(pageLabel('/sitemap-projeler-00.xml', null)).toBe('Site haritası (projeler, bölüm 00)')
    for (const other of ['/sitemap-blog-3F.xml', '/sitemap-blog-3f.xml.br', '/x/sitemap-blog-3f.xml', '/sitemap-yazilar-3f.xml'])
      expect(pageLabel(other, null), other).toBe('Sitenin bir sayfası')
  })
})
