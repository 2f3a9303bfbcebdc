import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../testing/test-helpers.ts'
import type { PreviewLink } from '../store/private/preview-links.ts'
import { RIBBON_CSS, RIBBON_CSS_PATH } from './preview-page.ts'

// Issue 28: the share links' own rules (expiry to the millisecond, revocation, the list, the stored hash, pruning)
// on the API-only app: fast enough for the mutation run. preview.test.ts renders the pages with the built site.
// This app has no site renderer, so a link that still works goes on to render and answers 503 (previews
// unavailable); a link that no longer works answers 410 before any rendering, an unknown one 404.
const WORKS = 503

let clock = Date.parse('2026-11-28T09:00:00Z')
let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) })
  cookie = await adminCookie(t)
})
afterAll(() => t?.cleanup())

let n = 0
/** A link made through the real store, as POST /api/admin/preview makes it (that route needs the renderer). */
function link(over: Partial<Omit<PreviewLink, 'id' | 'revokedAt'>> = {}) {
  const itemId = over.itemId ?? `yazi-${++n}`
  return t.deps.data.previews.create({
    collection: 'blogs',
    itemId,
    request: JSON.stringify({ collection: 'blogs', id: itemId, data: { title: 'Önizlenen' } }),
    shared: true,
    createdBy: 'Ayşe Editör',
    createdAt: clock,
    expiresAt: clock + 60_000,
    ...over,
  })
}
const visit = (token: string) => t.app.request(`/onizleme/${token}`)
const listed = async (itemId: string, collection = 'blogs') => {
  const res = await jsonRequest(t, 'GET', `/api/admin/preview?collection=${collection}&id=${itemId}`, undefined, cookie)
  expect(res.status).toBe(200)
  const body = await res.json()
  expect(body.success).toBe(true)
  return body.data as { id: string; createdBy: string; createdAt: string; expiresAt: string }[]
}

describe('a share link', () => {
  it('works until the millisecond before expiresAt, is gone (410, the Turkish page, never cached) at exactly it', async () => {
    const { token, link: made } = link({ expiresAt: clock + 5_000 })
    expect((await visit(token)).status).toBe(WORKS)
    clock += 4_999
    expect((await visit(token)).status).toBe(WORKS)
    expect((await listed(made.itemId)).map((l) => l.id)).toEqual([made.id])
    clock += 1
    const gone = await visit(token)
    expect(gone.status).toBe(410)
    expect(await gone.text()).toContain(msg.previewGone)
    expect(gone.headers.get('cache-control')).toBe('no-store')
    expect(gone.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(gone.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(gone.headers.get('x-frame-options')).toBe('DENY')
    expect(await listed(made.itemId)).toEqual([])
    const unknown = await visit('yok-boyle-bir-baglanti')
    expect(unknown.status).toBe(404)
    expect(await unknown.text()).toContain('Önizleme bulunamadı')
  })

  it('revoked: 410 at once, off the list, and a second revocation finds no working link (404)', async () => {
    const { token, link: made } = link()
    const other = link({ itemId: made.itemId })
    const res = await jsonRequest(t, 'DELETE', `/api/admin/preview/${made.id}`, undefined, cookie)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ success: true, message: msg.previewRevoked })
    expect((await visit(token)).status).toBe(410)
    expect(t.deps.data.previews.find(token)?.revokedAt).toBe(clock)
    expect((await visit(other.token)).status).toBe(WORKS)
    expect((await listed(made.itemId)).map((l) => l.id)).toEqual([other.link.id])
    const again = await jsonRequest(t, 'DELETE', `/api/admin/preview/${made.id}`, undefined, cookie)
    expect(again.status).toBe(404)
    expect((await again.json()).message).toBe(msg.notFound)
    // Revocation needs a staff session.
    expect((await jsonRequest(t, 'DELETE', `/api/admin/preview/${other.link.id}`)).status).toBe(401)
    expect((await visit(other.token)).status).toBe(WORKS)
  })

  it('the list: only the item’s shared, working links, newest first, with who made them and when', async () => {
    const itemId = 'liste-yazisi'
    const older = link({ itemId, createdAt: clock - 2_000, expiresAt: clock + 10_000 })
    const newer = link({ itemId, createdAt: clock - 1_000, expiresAt: clock + 20_000 })
    link({ itemId, shared: false }) // an editor's own 'Önizle': never listed
    link({ itemId, collection: 'social-projects' }) // the same id in another collection
    link({ itemId, expiresAt: clock }) // already over
    const list = await listed(itemId)
    expect(list).toEqual([
      {
        id: newer.link.id,
        createdBy: 'Ayşe Editör',
        createdAt: new Date(clock - 1_000).toISOString(),
        expiresAt: new Date(clock + 20_000).toISOString(),
      },
      {
        id: older.link.id,
        createdBy: 'Ayşe Editör',
        createdAt: new Date(clock - 2_000).toISOString(),
        expiresAt: new Date(clock + 10_000).toISOString(),
      },
    ])
    expect((await jsonRequest(t, 'GET', `/api/admin/preview?collection=blogs&id=${itemId}`)).status).toBe(401)
  })

  it('a document’s links (no item id): listed for the collection alone', async () => {
    const about = link({ collection: 'about', itemId: '' })
    const res = await jsonRequest(t, 'GET', '/api/admin/preview?collection=about', undefined, cookie)
    expect((await res.json()).data.map((l: { id: string }) => l.id)).toEqual([about.link.id])
  })

  it('the ribbon’s style sheet: CSS, revalidated on each use', async () => {
    const css = await t.app.request(RIBBON_CSS_PATH)
    expect(css.status).toBe(200)
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8')
    expect(css.headers.get('cache-control')).toBe('no-cache')
    expect(await css.text()).toBe(RIBBON_CSS)
  })
})

describe('the link store', () => {
  it('stores only the token’s SHA-256, gives the link back by its token with every field, and 256 random bits', () => {
    const { token, link: made } = link({ shared: false, createdAt: clock - 7, expiresAt: clock + 9 })
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const row = t.deps.data.db.prepare('SELECT token_hash FROM preview_links WHERE id = ?').get(made.id) as { token_hash: string }
    expect(row.token_hash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(t.deps.data.db.prepare('SELECT * FROM preview_links').all())).not.toContain(token)
    expect(t.deps.data.previews.find(token)).toEqual({ ...made, revokedAt: null })
    expect(t.deps.data.previews.find(token)?.shared).toBe(false)
    expect(t.deps.data.previews.find(link().token)?.shared).toBe(true)
    expect(t.deps.data.previews.find('x'.repeat(43))).toBeUndefined()
  })

  it('a new link prunes links more than a day past their expiry, and only those', async () => {
    const day = 24 * 3600_000
    const edge = link({ expiresAt: clock - day })
    // Pruned by the next link made, not by its own making (the prune runs before the insert).
    const old = link({ expiresAt: clock - day - 1 })
    expect((await visit(old.token)).status).toBe(410)
    link()
    expect(t.deps.data.previews.find(old.token)).toBeUndefined()
    expect((await visit(old.token)).status).toBe(404)
    expect(t.deps.data.previews.find(edge.token)).toBeDefined()
    expect((await visit(edge.token)).status).toBe(410)
  })
})
