import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { entryPath, entryText, orderPath, orderText, type FolderCollection } from '#schema/content-layout.ts'
import { readEnv } from '../lib/env.ts'
import { ensureCodeBuilt, type CodeBuild } from './code-build.ts'
import { isHostFile, listExportFiles } from './export-folder.ts'
import { createSitePublisher, sitePublisherFor } from './site-publisher.ts'
import { copyContent } from '../testing/content-files.ts'

const repoRoot = join(import.meta.dirname, '..', '..')
const siteUrl = 'http://localhost:4399'
let root: string
let code: CodeBuild
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'publisher-test-'))
  code = await ensureCodeBuilt(repoRoot, siteUrl)
}, 180_000)
afterAll(() => rm(root, { recursive: true, force: true }))

/** The demo content with posts and projects in one file each, as these tests edit it (the folder form: below). */
async function contentCopy(name: string): Promise<string> {
  const dir = join(root, name, 'content')
  await copyContent(join(repoRoot, 'content'), dir, { folders: false })
  return dir
}
function publisherOn(
  name: string,
  contentDir: string,
  options: { childRenderAbove?: number; read?: (name: string) => unknown; now?: () => Date } = {},
) {
  return createSitePublisher({ repoRoot, contentDir, buildRoot: join(root, name, 'build'), siteUrl, code: async () => code, ...options })
}
/** The site's files in an export tree (not the manifest naming its publish). */
const siteFiles = async (dir: string) => (await listExportFiles(dir)).filter((f) => !isHostFile(f)).sort()
/** Every file of two exports, compared byte for byte. */
async function expectSameExports(a: string, b: string) {
  const [dirA, dirB] = [a, b].map((name) => join(root, name, 'build', 'live'))
  const files = await siteFiles(dirA!)
  expect(files).toEqual(await siteFiles(dirB!))
  for (const file of files) {
    const [x, y] = await Promise.all([readFile(join(dirA!, file)), readFile(join(dirB!, file))])
    expect(x.equals(y), file).toBe(true)
  }
  return files
}
type Json = Record<string, unknown>
async function edit(dir: string, file: string, change: (data: Json[]) => Json[]) {
  const path = join(dir, `${file}.json`)
  await writeFile(path, JSON.stringify(change(JSON.parse(await readFile(path, 'utf8')))))
}
const manifest = async (name: string) => JSON.parse(await readFile(join(root, name, 'build', 'live', 'manifest.json'), 'utf8'))

describe('site publisher', () => {
  it('renders the same pages incrementally as in a full publish of the same content', async () => {
    const content = await contentCopy('incremental')
    const inc = publisherOn('incremental', content)
    await inc.ensureLive()
    const newPost = (posts: Json[]) => ({ ...posts[1]!, id: 'yeni-yazi', title: 'Yeni yazı İçerik', createdAt: '2030-01-01T10:00:00.000Z' })
    await edit(content, 'blogs', (posts) => posts.map((p, i) => (i === 0 ? { ...p, title: `${p.title} (güncel)` } : p)))
    await inc.publishNow()
    expect((await manifest('incremental')).full).toBe(false)
    await edit(content, 'blogs', (posts) => [newPost(posts), ...posts.slice(0, -1)])
    await edit(content, 'social-projects', (projects) => projects.slice(1))
    await inc.publishNow()
    const m = await manifest('incremental')
    expect(m.full).toBe(false)
    expect(m.changed).toContain('/blog/yeni-yazi/index.html')
    expect(m.removed.length).toBeGreaterThan(0)
    expect(inc.status()).toMatchObject({ state: 'idle', lastError: null })

    const fullContent = await contentCopy('full')
    await cp(content, fullContent, { recursive: true })
    await publisherOn('full', fullContent).ensureLive()

    const incDir = join(root, 'incremental', 'build', 'live')
    const fullDir = join(root, 'full', 'build', 'live')
    const files = await siteFiles(incDir)
    expect(files).toEqual(await siteFiles(fullDir))
    expect(files).toContain('/blog/yeni-yazi/index.html')
    for (const file of files) {
      const [a, b] = await Promise.all([readFile(join(incDir, file)), readFile(join(fullDir, file))])
      expect(a.equals(b), file).toBe(true)
    }
    // The live index serves what the export holds.
    const page = inc.site().get('/blog/yeni-yazi/index.html')!
    await inc.hot.ready(page)
    expect(page.body!.toString()).toContain('Yeni yazı İçerik')
  }, 120_000)

  it('a full publish in a child process writes the same export as one in the server, from the content in memory', async () => {
    const content = await contentCopy('here')
    await publisherOn('here', content).ensureLive()
    // The child renders a snapshot of what the API holds: here the files as read, though the folder changes after.
    const inMemory = new Map<string, unknown>()
    for (const name of ['contact-settings', 'home', 'about', 'references', 'blogs', 'social-projects', 'programs', 'media'])
      inMemory.set(name, JSON.parse(await readFile(join(content, `${name}.json`), 'utf8')))
    const childContent = await contentCopy('child')
    await edit(childContent, 'blogs', () => [])
    const child = publisherOn('child', childContent, { childRenderAbove: 0, read: (name) => inMemory.get(name) })
    await child.ensureLive()
    expect((await manifest('child')).full).toBe(true)
    const files = await expectSameExports('here', 'child')
    expect(files.filter((f) => f.startsWith('/blog/')).length).toBeGreaterThan(3)
    expect(child.status()).toMatchObject({ lastError: null })

    // Pages that fail in the child fail alone (issue 27): named with the child's own message; the rest goes live.
    const post = { ...(inMemory.get('blogs') as Json[])[0], title: 42 } as unknown as Json & { id: string; slug?: string }
    const broken = publisherOn('child-broken', childContent, {
      childRenderAbove: 0,
      read: (name) => (name === 'blogs' ? [post] : inMemory.get(name)),
    })
    await broken.ensureLive()
    const failing = broken.status().pageErrors.map((e) => e.path)
    expect(failing).toContain(`/blog/${post.slug || post.id}`)
    expect(broken.status().pageErrors[0]!.message).toMatch(/Sayfa oluşturulamadı/)
    expect(broken.site().has(`/blog/${post.slug || post.id}/index.html`)).toBe(false)
    expect(broken.site().has('/hakkimizda/index.html')).toBe(true)
    expect(broken.status()).toMatchObject({ lastError: null, failed: 0 })
  }, 120_000)

  it('a failing publish keeps the live pages, reports the error, and the next save publishes again', async () => {
    const content = await contentCopy('failing')
    const p = publisherOn('failing', content)
    await p.ensureLive()
    const before = p.site().get('/blog/index.html')!
    await edit(content, 'blogs', (posts) => posts.map((post, i) => (i === 0 ? { ...post, title: 42 } : post)))
    const seq = p.request()
    while (p.status().state !== 'failed') await new Promise((r) => setTimeout(r, 5))
    expect(p.status()).toMatchObject({ failed: seq, generation: seq - 1 })
    expect(p.status().lastError).toContain('blogs.json')
    expect(p.site().get('/blog/index.html')).toBe(before)

    await edit(content, 'blogs', (posts) => posts.map((post, i) => (i === 0 ? { ...post, title: 'Düzeltilmiş başlık' } : post)))
    const next = p.request()
    while (p.status().generation < next) await new Promise((r) => setTimeout(r, 5))
    const page = p.site().get('/blog/index.html')!
    await p.hot.ready(page)
    expect(page.body!.toString()).toContain('Düzeltilmiş başlık')
  }, 120_000)

  it('a publish lets go of the hot copies of the pages it replaced (memory does not grow with saves, issue 33)', async () => {
    const content = await contentCopy('hot-forget')
    const p = publisherOn('hot-forget', content)
    await p.ensureLive()
    const list = p.site().get('/blog/index.html')!
    const about = p.site().get('/hakkimizda/index.html')!
    await p.hot.ready(list)
    await p.hot.ready(about)
    expect(p.hot.holds(list)).toBe(true)
    const held = p.hot.bytes()
    await edit(content, 'blogs', (posts) => posts.map((post, i) => (i === 0 ? { ...post, title: 'Yeni başlık' } : post)))
    const seq = p.request()
    while (p.status().generation < seq) await new Promise((r) => setTimeout(r, 5))
    // The list page was rendered again: its old version is gone from memory; the untouched page stays hot.
    expect(p.site().get('/blog/index.html')).not.toBe(list)
    expect(p.hot.holds(list)).toBe(false)
    expect(p.hot.holds(about)).toBe(true)
    expect(p.hot.bytes()).toBeLessThan(held)
    // The replaced version still reads the tree it was in (a request streaming it gets the bytes it announced);
    // the untouched page moved to the new tree with the rest of the index, in one step (decision 337).
    const now = p.site().get('/blog/index.html')!
    expect(dirname(list.sourcePath!)).not.toBe(dirname(now.sourcePath!))
    expect((await readFile(list.sourcePath!)).byteLength).toBe(list.size)
    expect(await readFile(list.sourcePath!, 'utf8')).not.toContain('Yeni başlık')
    expect(await readFile(now.sourcePath!, 'utf8')).toContain('Yeni başlık')
    expect(about.sourcePath!.startsWith(`${dirname(dirname(now.sourcePath!))}/`)).toBe(true)
    await p.stop()
  }, 120_000)

  it('new site code publishes every page again, through the new bundle', async () => {
    const content = await contentCopy('code-change')
    let stamp = code.stamp
    const p = createSitePublisher({
      repoRoot,
      contentDir: content,
      buildRoot: join(root, 'code-change', 'build'),
      siteUrl,
      code: async () => ({ dir: code.dir, stamp }),
    })
    await p.ensureLive()
    await edit(content, 'blogs', (posts) => posts.map((post, i) => (i === 0 ? { ...post, title: 'Yeni başlık' } : post)))
    await p.publishNow()
    expect((await manifest('code-change')).full).toBe(false)
    stamp = `${code.stamp}-degisti`
    await p.publishNow()
    expect(await manifest('code-change')).toMatchObject({ full: true, changed: ['*'] })
    expect(p.status().pages).toEqual(['*'])
    const state = JSON.parse(await readFile(join(root, 'code-change', 'build', 'publish-state.json'), 'utf8'))
    expect(state.code).toBe(stamp)
  }, 120_000)

  it('list pages show the total: removing the oldest post re-renders every list page, not only the last', async () => {
    const content = await contentCopy('count')
    const day = Date.parse('2024-01-01T09:00:00Z')
    await edit(content, 'blogs', (posts) =>
      Array.from({ length: 40 }, (_, i) => ({
        ...posts[i % posts.length]!,
        id: `yazi-${i}`,
        title: `Yazı ${i}`,
        status: 'published',
        createdAt: new Date(day + i * 86_400_000).toISOString(),
      })),
    )
    const p = publisherOn('count', content)
    await p.ensureLive()
    const page = (file: string) => readFile(join(root, 'count', 'build', 'live', file), 'utf8')
    expect((await page('blog/index.html')).includes('40 yazı')).toBe(true)
    // Four list pages before and after: only the total changes on the first three.
    await edit(content, 'blogs', (posts) => posts.filter((post) => post.id !== 'yazi-0'))
    await p.publishNow()
    for (const file of ['blog/index.html', 'blog/sayfa/2/index.html', 'blog/sayfa/3/index.html', 'blog/sayfa/4/index.html'])
      expect((await page(file)).includes('39 yazı'), file).toBe(true)
    await p.stop()
  }, 120_000)

  // A save and the timer of a scheduled time within one publish: the publish rendered for the time and held the save
  // until it (up to 5 minutes on a large site). The publisher's clock stands still here, so such a publish would
  // never go live; the test names it instead of waiting for the test's time limit.
  it('a save sharing a publish with a scheduled time goes live at once, rendered for now; the time gets its own publish', async () => {
    const content = await contentCopy('save-and-time')
    let clock = Date.now()
    const due = clock + 500
    const scheduled = '/blog/zamanli-yazi'
    await edit(content, 'blogs', (posts) => [
      ...posts,
      { ...posts[1]!, id: 'zamanli-yazi', title: 'Zamanlı yazı', publishAt: new Date(due).toISOString() },
    ])
    const p = publisherOn('save-and-time', content, { now: () => new Date(clock) })
    const tick = () => new Promise((r) => setTimeout(r, 5))
    const started = p.ensureLive()
    while (p.status().state !== 'building') await tick()
    // During the first publish: a save, and the timer that publish arms for the scheduled time (due within the
    // smallest lead, 1 s: it fires at once). The next publish carries both.
    await edit(content, 'blogs', (posts) => posts.map((post) => (post.id === 'blog-e-fatura-rehberi' ? { ...post, title: 'Kaydedilen başlık' } : post)))
    const seq = p.request()
    while (p.status().generation < seq) {
      const s = p.status()
      if (s.publishing === seq && s.pages.includes(scheduled)) throw new Error('the save is held for the scheduled time')
      await tick()
    }
    const live = join(root, 'save-and-time', 'build', 'live')
    expect(await readFile(join(live, 'blog', 'blog-e-fatura-rehberi', 'index.html'), 'utf8')).toContain('Kaydedilen başlık')
    expect(p.site().has(`${scheduled}/index.html`)).toBe(false)
    // The time comes: a publish of its own makes the post live.
    clock = due
    await started
    await p.idle()
    expect(p.site().has(`${scheduled}/index.html`)).toBe(true)
    expect(p.status()).toMatchObject({ lastError: null, pageErrors: [] })
    await p.stop()
  }, 120_000)

  it('an alt text edited in the media library re-renders the pages that show the image', async () => {
    const content = await contentCopy('media')
    const cover = '/demo/blog-e-fatura-kapak.webp'
    // The post's image has no alt of its own: the page shows the library's.
    await edit(content, 'blogs', (posts) =>
      posts.map((post) => ({
        ...post,
        contentStructure: (post.contentStructure as Json[]).map((item) => (item.src === cover ? { ...item, alt: '' } : item)),
      })),
    )
    const p = publisherOn('media', content)
    await p.ensureLive()
    await edit(content, 'media', (items) => items.map((item) => (item.url === cover ? { ...item, alt: 'Kütüphanedeki açıklama' } : item)))
    await p.publishNow()
    const m = await manifest('media')
    expect(m.changed).toContain('/blog/blog-e-fatura-rehberi/index.html')
    expect(m.changed).not.toContain('/hakkimizda/index.html')
    const html = await readFile(join(root, 'media', 'build', 'live', 'blog', 'blog-e-fatura-rehberi', 'index.html'), 'utf8')
    expect(html.includes('alt="Kütüphanedeki açıklama"')).toBe(true)
    // Sizes too: a record with fewer copies changes the srcset of the pages that show it.
    await edit(content, 'media', (items) => items.map((item) => (item.url === cover ? { ...item, widths: [400] } : item)))
    await p.publishNow()
    expect((await manifest('media')).changed).toContain('/blog/index.html')
    const list = await readFile(join(root, 'media', 'build', 'live', 'blog', 'index.html'), 'utf8')
    expect(list.includes('blog-e-fatura-kapak.800w.avif')).toBe(false)
    await p.stop()
  }, 120_000)
})

describe('`npm run build`’s publisher (no content in memory) on the folder layout (decision 333)', () => {
  /** Moves `<name>.json` of `dir` into the folder layout: one file per item, the order file, no one file. */
  async function toFolder(dir: string, name: FolderCollection) {
    const items = JSON.parse(await readFile(join(dir, `${name}.json`), 'utf8')) as { id: string }[]
    for (const item of items) {
      await mkdir(dirname(join(dir, entryPath(name, item.id))), { recursive: true })
      await writeFile(join(dir, entryPath(name, item.id)), entryText(item))
    }
    await writeFile(join(dir, orderPath(name)), orderText(items.map((item) => item.id)))
    await rm(join(dir, `${name}.json`))
  }

  it('publishes the same export from blogs/ and social-projects/ as from blogs.json and social-projects.json', async () => {
    const oneFile = await contentCopy('one-file')
    // An old address: the static host's redirects come from the publisher's own disk reader, not the render.
    await edit(oneFile, 'blogs', (posts) => posts.map((p, i) => (i === 0 ? { ...p, oldSlugs: ['eski-fatura-adresi'] } : p)))
    const folders = await contentCopy('folders')
    await cp(oneFile, folders, { recursive: true })
    await toFolder(folders, 'blogs')
    await toFolder(folders, 'social-projects')
    for (const [name, dir] of [['one-file', oneFile], ['folders', folders]] as const) {
      const env = readEnv({ CONTENT_DIR: dir, SITE_BUILD_DIR: join(root, name, 'build'), SITE_URL: siteUrl })
      const p = sitePublisherFor(env, repoRoot)
      await p.ensureLive()
      await p.stop()
      expect(p.status(), name).toMatchObject({ lastError: null, pageErrors: [] })
    }
    const files = await expectSameExports('one-file', 'folders')
    expect(files.filter((f) => /^\/blog\/[^/]+\/index\.html$/.test(f)).length).toBeGreaterThan(3)
    expect(files.filter((f) => /^\/sosyal-sorumluluk\/[^/]+\/index\.html$/.test(f)).length).toBeGreaterThan(3)
    const redirects = (name: string) => readFile(join(root, name, 'build', 'live', '_redirects'), 'utf8')
    expect(await redirects('folders')).toContain('/blog/eski-fatura-adresi ')
    expect(await redirects('folders')).toBe(await redirects('one-file'))
  }, 120_000)
})
