import { afterEach, expect, it } from 'vitest'
import { pngFile } from '../testing/test-media.ts'
import { addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

// Issue 23: the audit log names the item by its title, in plain Turkish, for saves, restores, conflicts and
// media deletes; the request (method, path, status) stays in the entry for superadmins only.

const POST = 'blog-e-fatura-rehberi'
let t: TestApp
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled()
  await t?.cleanup()
})

const form = (fields: Record<string, string>) => {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  return body
}
const saveTitle = (cookie: string, title: string, ifMatch?: string) =>
  t.app.request(`/api/admin/blogs/${POST}`, {
    method: 'PUT',
    headers: { cookie, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    body: form({
      title,
      excerpt: 'Özet',
      author: 'Yazar',
      contentStructure: JSON.stringify([{ type: 'text', content: 'Metin' }]),
    }),
  })
const log = async (cookie: string) =>
  (await (await jsonRequest(t, 'GET', '/api/admin/audit', undefined, cookie)).json()).data as {
    action: string
    userName: string
    status: number
  }[]

it('names the post of a save, a conflict and a restore, and the image of a media delete', { timeout: 90_000 }, async () => {
  t = await createTestApp({ contentVersioning: { git: {} } })
  const ayse = await addUser(t.deps.data, 'superadmin', 'ayse@ornek.com')
  await t.deps.data.update('users', (users) => void (users.find((u) => u.id === ayse.id)!.name = 'Ayşe Yılmaz'))
  const cookie = await loginCookie(t, ayse.email)
  const original = t.deps.content.read('blogs').find((p) => p.id === POST)!.title

  const list = await (await jsonRequest(t, 'GET', '/api/admin/blogs', undefined, cookie)).json()
  const stale = (list.data as { id: string; version: string }[]).find((p) => p.id === POST)!.version
  expect((await saveTitle(cookie, 'e-İmza Nedir?')).status).toBe(200)
  expect((await saveTitle(cookie, 'Eski sürümden', stale)).status).toBe(412)
  await t.deps.content.settled()
  const history = await (await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${POST}`, undefined, cookie)).json()
  const first = (history.data as { commit: string }[]).at(-1)!.commit
  const restore = await jsonRequest(t, 'POST', '/api/admin/history/blogs/restore', { id: POST, commit: first }, cookie)
  expect(restore.status).toBe(200)

  const upload = await t.app.request('/api/upload', {
    method: 'POST',
    headers: { cookie },
    body: (() => {
      const body = new FormData()
      body.append('image', pngFile('kapak-fotografi.png'))
      return body
    })(),
  })
  expect(upload.status).toBe(201)
  const url = (await upload.json()).imageUrl as string
  const removed = await jsonRequest(t, 'DELETE', `/api/admin/media/${url.split('/').pop()}`, undefined, cookie)
  expect(removed.status).toBe(200)

  const entries = await log(cookie)
  expect(entries.slice(0, 5).map((e) => e.action)).toEqual([
    '"kapak-fotografi.png" görselini sildi',
    '"kapak-fotografi.png" dosyasını yükledi',
    `"${original}" blog yazısını eski bir sürüme döndürdü`,
    '"e-İmza Nedir?" blog yazısını güncelleyemedi: Çakışma nedeniyle kaydedilmedi',
    '"e-İmza Nedir?" blog yazısını güncelledi',
  ])
  expect(entries[0]!.userName).toBe('Ayşe Yılmaz')
  expect(entries.every((e) => !/\/api\/|POST|PUT|DELETE|\(\d{3}\)/.test(e.action))).toBe(true)
})

it('names what a delete removed, read before it was gone', async () => {
  t = await createTestApp()
  const admin = await addUser(t.deps.data, 'superadmin')
  const cookie = await loginCookie(t, admin.email)
  const post = t.deps.content.read('blogs').find((p) => p.id === POST)!
  expect((await jsonRequest(t, 'DELETE', `/api/admin/blogs/${POST}`, undefined, cookie)).status).toBe(200)
  expect((await log(cookie))[0]!.action).toBe(`"${post.title}" blog yazısını sildi`)
})
