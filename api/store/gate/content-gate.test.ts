import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MAX_SLUG, slugify, uniqueSlug } from '#schema/address.ts'
import { adminCookie, createTestApp, formRequest, jsonRequest, type TestApp } from '../../testing/test-helpers.ts'
import { CONTENT_NAMES } from '../content-types.ts'
import { collectionChunks } from '../json-text.ts'
import { checkContentFile, checkEntryFile } from './content-validation.ts'
import { entryPath, entryText, isFolderCollection, ORDER_FILE, orderPath, orderText } from '#schema/content-layout.ts'
import { ContentRefused, gateNext, gateText } from './content-gate.ts'
import { deepFreeze } from '../durable-file.ts'
import { collectionFiles, readCollection, refusedAtStart } from '../../testing/content-files.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
})
afterEach(() => t.cleanup())

const createPost = (title: string, extra: Record<string, string> = {}) =>
  formRequest(t, 'POST', '/api/admin/blogs', { title, contentStructure: '[]', ...extra }, cookie)
const blogsOnDisk = async () => readCollection(t.contentDir, 'blogs')
/** Whether the next start loads the collection whole (its one file, or every file of its folder). */
const loads = async (name: (typeof CONTENT_NAMES)[number]) => ({ ok: (await refusedAtStart(t.contentDir, name)).length === 0 })

describe('addresses made inside the queued update (issue 27)', () => {
  it('titles sharing their first 80 address characters, cut on a hyphen, get valid addresses the next start loads', async () => {
    // 79 letters then a space: the 80-character address ends on a hyphen before '-2' is added.
    const title = `${'a'.repeat(77)} bc de fg`
    expect(slugify(title)).toHaveLength(MAX_SLUG)
    const slugs: string[] = []
    for (let i = 0; i < 3; i++) {
      const res = await createPost(title)
      expect(res.status).toBe(200)
      slugs.push((await res.json()).data.slug)
    }
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    expect(new Set(slugs).size).toBe(3)
    expect((await loads('blogs')).ok).toBe(true)
    await t.restart()
    const posts = (await (await jsonRequest(t, 'GET', '/api/admin/blogs?pageSize=100', undefined, cookie)).json()).data
    expect(posts.filter((p: { title: string }) => p.title === title)).toHaveLength(3)
  })

  it('uniqueSlug never makes a double hyphen from an 80-character base ending in a one-letter word', () => {
    for (let cut = 1; cut < 10; cut++) {
      const base = `${'x'.repeat(MAX_SLUG - cut - 1)}-${'y'.repeat(cut)}`.slice(0, MAX_SLUG)
      const taken = new Set([base])
      for (let n = 2; n < 12; n++) {
        const next = uniqueSlug(base, taken)
        expect(next).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        expect(next.length).toBeLessThanOrEqual(MAX_SLUG)
        taken.add(next)
      }
    }
  })

  it('two posts created at the same moment with one title get two addresses', async () => {
    const answers = await Promise.all([createPost('Aynı Anda Yazı'), createPost('Aynı Anda Yazı'), createPost('Aynı Anda Yazı')])
    const slugs = await Promise.all(answers.map(async (r) => (await r.json()).data.slug))
    expect(new Set(slugs).size).toBe(3)
    expect((await loads('blogs')).ok).toBe(true)
  })
})

describe('the gate refuses a next file loading would refuse, and changes nothing', () => {
  it('an address already another post\'s is refused, nothing written', async () => {
    const first = (await (await createPost('İlk Başlık')).json()).data
    // The post moves to another address; a second post takes the first address.
    const moved = await formRequest(t, 'PUT', `/api/admin/blogs/${first.id}`, { title: 'İlk Başlık', contentStructure: '[]', slug: 'yeni-adres' }, cookie)
    expect(moved.status).toBe(200)
    const before = await collectionFiles(t.contentDir, 'blogs')
    // A file edit that gives another post the first post's address: loading would refuse it.
    const posts = await blogsOnDisk()
    const other = posts.find((p: { id: string }) => p.id !== first.id)
    const refused = await formRequest(t, 'PUT', `/api/admin/blogs/${other.id}`, { title: other.title, contentStructure: '[]', slug: 'yeni-adres' }, cookie)
    expect(refused.status).toBe(400)
    expect(await collectionFiles(t.contentDir, 'blogs')).toEqual(before)
  })

  it('checks every entry it has not checked, with the loading schema: a bad slug, a title of the wrong type', () => {
    const good = deepFreeze([{ id: 'a1', title: 'A', excerpt: '', author: 'X', tags: [], createdAt: '2026-01-01T00:00:00.000Z' }])
    const { data } = gateNext('blogs', good, [])
    expect(checkContentFile('blogs', Buffer.concat(collectionChunks(data)).toString()).ok).toBe(true)
    const badSlug = [...data, { ...data[0], id: 'a2', slug: 'Kötü Adres' }]
    expect(() => gateNext('blogs', badSlug, data)).toThrow(ContentRefused)
    const badTitle = [...data, { ...data[0], id: 'a3', slug: 'iyi', title: { x: 1 } }]
    try {
      gateNext('blogs', badTitle, data)
      expect.unreachable()
    } catch (err) {
      expect((err as ContentRefused).error).toMatchObject({ file: 'blogs.json', field: '[1].title' })
    }
    const sameId = [...data, { ...data[0], slug: 'baska' }]
    expect(() => gateNext('blogs', sameId, data)).toThrow(/kimlik/)
  })

  it('returns what loading the bytes gives back: defaults filled, unknown keys dropped', () => {
    const next = [{ id: 'b1', title: 'B', excerpt: '', author: 'X', tags: [], createdAt: '2026-01-01T00:00:00.000Z', extra: 1 }]
    const { data, bytes } = gateNext('blogs', next, [])
    const reloaded = checkContentFile('blogs', Buffer.concat(bytes).toString())
    expect(reloaded.ok && reloaded.data).toEqual(data)
    expect(data[0]).not.toHaveProperty('extra')
    expect(data[0]).toHaveProperty('status', 'published')
  })

  it('a file over the size limit is refused, from a save and from outside', () => {
    const huge = 'x'.repeat(65 * 1024 * 1024)
    const result = gateText('about', JSON.stringify({ title: huge }))
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error.message).toMatch(/çok büyük/)
  })
})

describe('canonical content', () => {
  it('the committed demo content is stored exactly as the server writes it', async () => {
    const demo = join(import.meta.dirname, '../../../content')
    for (const name of CONTENT_NAMES) {
      if (isFolderCollection(name)) {
        // A file per post or project and the order file (decision 333), each as the store writes it.
        const ids = (JSON.parse(await readFile(join(demo, orderPath(name)), 'utf8')) as string[])
        expect(await readFile(join(demo, orderPath(name)), 'utf8'), name).toBe(orderText(ids))
        expect(ids.length, name).toBeGreaterThan(0)
        // In the hash folders only (decision 336): no file left in a first-character folder.
        const folders = (await readdir(join(demo, name))).filter((f) => f !== ORDER_FILE)
        expect(folders.filter((f) => !/^[0-9a-f]{2}$/.test(f)), name).toEqual([])
        expect((await Promise.all(folders.map((f) => readdir(join(demo, name, f))))).flat().length, name).toBe(ids.length)
        for (const id of ids) {
          const text = await readFile(join(demo, entryPath(name, id)), 'utf8')
          const checked = checkEntryFile(name, id, entryPath(name, id), text)
          expect(checked.ok, id).toBe(true)
          expect(entryText(checked.ok ? checked.data : null), id).toBe(text)
        }
        continue
      }
      const text = await readFile(join(demo, `${name}.json`), 'utf8')
      const checked = checkContentFile(name, text)
      expect(checked.ok, name).toBe(true)
      expect(Buffer.concat(collectionChunks(checked.ok ? checked.data : null)).toString(), name).toBe(text)
    }
  })

  it('the first save of one title changes only that title\'s line, in our layout and in a maintainer\'s', async () => {
    // A maintainer's layout is kept in a collection stored as one file (json-text.ts); posts in a folder are written
    // one canonical file each (decision 333), so this runs on the one-file layout in either test run.
    await t.cleanup()
    t = await createTestApp({ contentVersioning: { folders: false } })
    cookie = await adminCookie(t)
    for (const layout of [2, 4, 0]) {
      const posts = await blogsOnDisk()
      await writeFile(join(t.contentDir, 'blogs.json'), JSON.stringify(posts, null, layout) + (layout ? '\n' : ''))
      await t.restart()
      const before = (await readFile(join(t.contentDir, 'blogs.json'), 'utf8')).split('\n')
      const post = posts[1]
      const res = await formRequest(
        t,
        'PUT',
        `/api/admin/blogs/${post.id}`,
        { title: `${post.title} ${layout}`, excerpt: post.excerpt, author: post.author, tags: JSON.stringify(post.tags), contentStructure: JSON.stringify(post.contentStructure) },
        cookie,
      )
      expect(res.status).toBe(200)
      const after = (await readFile(join(t.contentDir, 'blogs.json'), 'utf8')).split('\n')
      if (layout === 0) continue // one line: nothing to keep
      // Lines added or removed: the title and the updatedAt of that post, nothing else (same layout, same end).
      const added = after.filter((line) => !before.includes(line))
      const removed = before.filter((line) => !after.includes(line))
      expect([added.length, removed.length], `layout ${layout}: ${[...removed, '=>', ...added].join('\n')}`).toEqual([2, removed.length])
      expect(removed.length).toBeLessThanOrEqual(2)
      expect(after.at(-1), `layout ${layout}`).toBe(before.at(-1))
      expect(added.some((l: string) => l.includes(`${post.title} ${layout}`))).toBe(true)
    }
  })
})

describe('a value no page can carry is refused at save (issue 27)', () => {
  it('a map URL whose host nginx and the CSP cannot carry: 4xx with the field, the file and the live site unchanged', async () => {
    const before = await readFile(join(t.contentDir, 'contact-settings.json'), 'utf8')
    const current = JSON.parse(before)
    const fields = { title: current.title, email: current.email, phone: current.phone, address: current.address, whatsapp: current.whatsapp, aboutText: current.aboutText, socialLinks: JSON.stringify(current.socialLinks) }
    const res = await formRequest(t, 'PUT', '/api/admin/contact-settings', { ...fields, mapUrl: 'https://maps.a$b.example/embed' }, cookie)
    expect(res.status).toBe(400)
    expect((await res.json()).fields).toEqual({ mapUrl: expect.stringMatching(/Harita adresi/) })
    expect(await readFile(join(t.contentDir, 'contact-settings.json'), 'utf8')).toBe(before)
    // The same value from a file (a push): refused by loading, so never live.
    expect(checkContentFile('contact-settings', JSON.stringify({ ...current, mapUrl: 'https://maps.a$b.example/embed' })).ok).toBe(false)
    expect(checkContentFile('contact-settings', JSON.stringify({ ...current, mapUrl: 'https://www.google.com/maps/embed?pb=1' })).ok).toBe(true)
  })

  it('an old address that is no address (a push) is refused: it would become an nginx and _redirects line', () => {
    const post = { id: 'p1', title: 'A', excerpt: '', author: 'X', tags: [], createdAt: '2026-01-01T00:00:00.000Z', slug: 'a' }
    expect(checkContentFile('blogs', JSON.stringify([{ ...post, oldSlugs: ['eski-adres'] }])).ok).toBe(true)
    expect(checkContentFile('blogs', JSON.stringify([{ ...post, oldSlugs: ['kötü $adres'] }])).ok).toBe(false)
  })
})
