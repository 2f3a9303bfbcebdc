import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addUser, loginCookie } from '../testing/test-helpers.ts'
import { createTestSite, type TestSite } from '../testing/test-site.ts'
import { withoutRibbon } from './preview-page.ts'

// One clock for both servers (the save stamps updatedAt with it; so does the preview), moved by the tests.
let clock = Date.parse('2026-11-25T06:00:00Z')
const now = () => new Date(clock)
let site: TestSite
let copy: TestSite
let cookie: string
let copyCookie: string
const login = async (s: TestSite) => loginCookie({ app: s.app, deps: s.deps } as never, (await addUser(s.deps.data)).email)
beforeAll(async () => {
  site = await createTestSite({ now })
  copy = await createTestSite({ now })
  cookie = await login(site)
  copyCookie = await login(copy)
}, 240_000)
afterAll(async () => {
  await site?.cleanup()
  await copy?.cleanup()
})

const POST_ID = 'blog-e-imza-nedir'
const json = (body: unknown, c = cookie) => ({ method: 'POST', headers: { cookie: c, 'content-type': 'application/json' }, body: JSON.stringify(body) })

/** The editor's values of the demo post with a new title and first paragraph (images by their URLs). */
async function editedValues() {
  const stored = JSON.parse((await site.fetch(`/api/admin/blogs/${POST_ID}`, { headers: { cookie } })).text).data
  const contentStructure = stored.contentStructure.map((item: { type: string; content: string }, i: number) =>
    i === 0 && item.type === 'text' ? { ...item, content: 'Önizlemede değişen ilk paragraf.' } : item,
  )
  return { title: 'E-İmza: önizlenen yeni başlık', excerpt: stored.excerpt, author: stored.author, status: 'published', tags: stored.tags, contentStructure, old: stored }
}

describe('preview of an unsaved change', () => {
  it('renders exactly the page the publish of the same change writes, with the ribbon, and changes nothing live', async () => {
    const { old, ...values } = await editedValues()
    const livePage = (await site.fetch(`/blog/${POST_ID}`)).text
    const exportFile = join(site.buildRoot, 'live', 'blog', POST_ID, 'index.html')
    const exportBefore = await readFile(exportFile)
    const [rssBefore, sitemapBefore] = [(await site.fetch('/rss.xml')).text, (await site.fetch('/sitemap.xml')).text]

    const res = await site.app.request('/api/admin/preview', json({ collection: 'blogs', id: POST_ID, data: values }))
    expect(res.status).toBe(200)
    const { data } = await res.json()
    expect(data.url).toMatch(/^\/onizleme\/[A-Za-z0-9_-]{43}$/) // 256 random bits
    expect(Date.parse(data.expiresAt) - clock).toBe(30 * 60_000)
    const preview = await site.fetch(data.url)
    expect(preview.status).toBe(200)
    expect(preview.text).toContain('Önizleme: henüz yayında değil')
    expect(preview.res.headers.get('x-robots-tag')).toContain('noindex')
    expect(preview.res.headers.get('cache-control')).toBe('no-store')

    // The same change saved and published on a copy of the content: the same bytes, ribbon aside.
    const form = new FormData()
    for (const [k, v] of Object.entries(values)) form.append(k, typeof v === 'string' ? v : JSON.stringify(v))
    const saved = await copy.app.request(`/api/admin/blogs/${POST_ID}`, { method: 'PUT', headers: { cookie: copyCookie }, body: form })
    expect(saved.status).toBe(200)
    await copy.settled()
    const published = await copy.fetch(`/blog/${POST_ID}`)
    expect(published.text).toContain('E-İmza: önizlenen yeni başlık')
    expect(withoutRibbon(preview.text)).toBe(published.text)
    // The public pages' CSP, as served for that page.
    expect(preview.res.headers.get('content-security-policy')).toBe(published.res.headers.get('content-security-policy'))

    // Nothing live changed: the page, its export file, RSS, sitemap, search, the public API.
    expect((await site.fetch(`/blog/${POST_ID}`)).text).toBe(livePage)
    expect((await readFile(exportFile)).equals(exportBefore)).toBe(true)
    expect((await site.fetch('/rss.xml')).text).toBe(rssBefore)
    expect((await site.fetch('/sitemap.xml')).text).toBe(sitemapBefore)
    expect(JSON.parse((await site.fetch('/api/blog-search?q=önizlenen')).text).total).toBe(0)
    expect(JSON.parse((await site.fetch(`/api/blogs/${POST_ID}`)).text).data.title).toBe(old.title)
  })

  it('previews a new post and every other editor: the page it shows, with the ribbon', async () => {
    const cases = [
      [{ collection: 'blogs', data: { title: 'Taslak Yazı Önizlemesi', status: 'draft', contentStructure: [{ type: 'text', content: 'Taslak gövde' }] } }, 'Taslak gövde'],
      [{ collection: 'home', data: { section: 'banner', title: 'Önizlenen Banner Başlığı' } }, 'Önizlenen Banner Başlığı'],
      [{ collection: 'about', data: { title1: '', title2: 'Önizlenen Hakkımızda', description1: 'a', image1: '', title3: '', description2: '', image2: '' } }, 'Önizlenen Hakkımızda'],
    ] as const
    for (const [body, expected] of cases) {
      const res = await site.app.request('/api/admin/preview', json(body))
      const answer = await res.json()
      expect(res.status, JSON.stringify(answer)).toBe(200)
      const page = await site.fetch(answer.data.url)
      expect(page.text).toContain(expected)
      expect(page.text).toContain('Önizleme: henüz yayında değil')
    }
    // Bad values get the save's Turkish messages; no session, no preview.
    const bad = await site.app.request('/api/admin/preview', json({ collection: 'blogs', data: { title: ' ' } }))
    expect(bad.status).toBe(400)
    expect((await bad.json()).fields.title).toBe('Başlık zorunludur.')
    expect((await site.app.request('/api/admin/preview', json({ collection: 'blogs', data: { title: 'x' } }, ''))).status).toBe(401)
  })

  it('a shared link works without an account, is listed with its expiry, answers 410 once revoked or expired', async () => {
    const { old: _old, ...values } = await editedValues()
    const make = async (share: boolean) => (await (await site.app.request('/api/admin/preview', json({ collection: 'blogs', id: POST_ID, data: values, share }))).json()).data
    const shared = await make(true)
    expect(Date.parse(shared.expiresAt) - clock).toBe(7 * 86_400_000)
    const visitor = await site.fetch(shared.url) // no cookie
    expect(visitor.status).toBe(200)
    const list = JSON.parse((await site.fetch(`/api/admin/preview?collection=blogs&id=${POST_ID}`, { headers: { cookie } })).text).data
    expect(list.map((l: { id: string }) => l.id)).toContain(shared.id)
    expect(list.find((l: { id: string }) => l.id === shared.id).expiresAt).toBe(shared.expiresAt)
    // Only a hash of the token is stored.
    const token = shared.url.split('/').pop()
    const row = site.deps.data.db.prepare('SELECT token_hash FROM preview_links WHERE id = ?').get(shared.id) as { token_hash: string }
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(site.deps.data.db.prepare('SELECT * FROM preview_links').all())).not.toContain(token)

    const revoked = await site.app.request(`/api/admin/preview/${shared.id}`, { method: 'DELETE', headers: { cookie } })
    expect((await revoked.json()).message).toBe('Önizleme bağlantısı iptal edildi.')
    const afterRevoke = await site.fetch(shared.url)
    expect(afterRevoke.status).toBe(410)
    expect(afterRevoke.text).toContain('Bu önizleme bağlantısının süresi doldu veya bağlantı iptal edildi.')
    const listed = JSON.parse((await site.fetch(`/api/admin/preview?collection=blogs&id=${POST_ID}`, { headers: { cookie } })).text).data
    expect(listed.map((l: { id: string }) => l.id)).not.toContain(shared.id)

    // Expiry: 30 minutes unshared, 7 days shared.
    const short = await make(false)
    const week = await make(true)
    clock += 31 * 60_000
    expect((await site.fetch(short.url)).status).toBe(410)
    expect((await site.fetch(week.url)).status).toBe(200)
    clock += 7 * 86_400_000
    expect((await site.fetch(week.url)).status).toBe(410)
    expect((await site.fetch('/onizleme/yok-boyle-bir-baglanti')).status).toBe(404)
  })

  // Issue 28: an audit let a link work at exactly its expiresAt and no test noticed (expiry was tested only far past it).
  it('a shared link works until the millisecond before expiresAt and is gone at exactly expiresAt', async () => {
    // The earlier tests moved the clock past the session's end: the editor signs in again.
    cookie = await login(site)
    const { old: _old, ...values } = await editedValues()
    const res = await site.app.request('/api/admin/preview', json({ collection: 'blogs', id: POST_ID, data: values, share: true }))
    const link = (await res.json()).data
    // A week on, the editor's session has ended: they sign in again to see the list.
    const listed = async () =>
      JSON.parse((await site.fetch(`/api/admin/preview?collection=blogs&id=${POST_ID}`, { headers: { cookie: await login(site) } })).text).data.map((l: { id: string }) => l.id)
    clock = Date.parse(link.expiresAt) - 1
    expect((await site.fetch(link.url)).status).toBe(200)
    expect(await listed()).toContain(link.id)
    clock = Date.parse(link.expiresAt)
    expect((await site.fetch(link.url)).status).toBe(410)
    expect(await listed()).not.toContain(link.id)
  })
})
