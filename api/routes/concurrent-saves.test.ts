import { afterEach, describe, expect, it } from 'vitest'
import { versionOf } from '../store/content-items.ts'
import { addUser, createTestApp, formRequest, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'
import { asFile, photo } from '../testing/test-images.ts'

let t: TestApp
afterEach(() => t.cleanup())

async function twoAdmins() {
  t = await createTestApp()
  const ayse = await loginCookie(t, (await addUser(t.deps.data, 'admin', 'ayse@ornek.com')).email)
  const mehmet = await loginCookie(t, (await addUser(t.deps.data, 'admin', 'mehmet@ornek.com')).email)
  return { ayse, mehmet }
}
const send = (method: string, path: string, cookie: string, body: unknown, ifMatch?: string) =>
  t.app.request(path, {
    method,
    headers: { cookie, 'content-type': 'application/json', ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    body: JSON.stringify(body),
  })
const multipart = (path: string, cookie: string, fields: Record<string, string>, ifMatch: string) => {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  return t.app.request(path, { method: 'PUT', headers: { cookie, 'if-match': ifMatch }, body })
}
const statuses = async (answers: (Response | Promise<Response>)[]) => (await Promise.all(answers)).map((r) => r.status).sort()

// Issue 20, seen once: two admins saved 'Biz Kimiz' at the same time, both got 200 and the first edit was lost.
// Every guarded save of one file runs the version check and the write in one turn of that file's queue; these fire
// two saves of the same field from the same loaded version at once: exactly one may win.
describe('two saves from the same loaded version at the same time', () => {
  it('the about page: one 200, one 412, and the winner is what is stored', async () => {
    const { ayse, mehmet } = await twoAdmins()
    const res = await jsonRequest(t, 'GET', '/api/admin/hakkimizda', undefined, ayse)
    const about = await res.json()
    const version = res.headers.get('etag')!
    const path = '/api/admin/hakkimizda'
    const answers = [
      send('PUT', path, ayse, { ...about, title2: 'Ayşe yazdı' }, version),
      send('PUT', path, mehmet, { ...about, title2: 'Mehmet yazdı' }, version),
    ]
    const [a, b] = await Promise.all(answers)
    expect([a!.status, b!.status].sort()).toEqual([200, 412])
    const winner = a!.status === 200 ? 'Ayşe yazdı' : 'Mehmet yazdı'
    expect(t.deps.content.read('about').title2).toBe(winner)
  })

  it('a home section, a blog post and the contact settings: one 200, one 412 each', async () => {
    const { ayse, mehmet } = await twoAdmins()
    const home = await (await jsonRequest(t, 'GET', '/api/admin/anasayfa', undefined, ayse)).json()
    const banner = home.versions.banner as string
    expect(
      await statuses([
        send('PUT', '/api/admin/anasayfa/banner', ayse, { subtitle: 'Ayşe' }, banner),
        send('PUT', '/api/admin/anasayfa/banner', mehmet, { subtitle: 'Mehmet' }, banner),
      ]),
    ).toEqual([200, 412])

    const posts = (await (await jsonRequest(t, 'GET', '/api/admin/blogs', undefined, ayse)).json()).data
    const post = posts.find((p: { id: string }) => p.id === 'blog-e-fatura-rehberi')
    const form = (title: string) => ({
      title,
      excerpt: 'Özet',
      author: 'Yazar',
      contentStructure: JSON.stringify([{ type: 'text', content: 'Metin' }]),
    })
    const postPath = '/api/admin/blogs/blog-e-fatura-rehberi'
    expect(
      await statuses([
        multipart(postPath, ayse, form('Ayşe'), post.version),
        multipart(postPath, mehmet, form('Mehmet'), post.version),
      ]),
    ).toEqual([200, 412])

    const loaded = await jsonRequest(t, 'GET', '/api/contact-settings', undefined, ayse)
    const settings = (await loaded.json()).data
    const etag = loaded.headers.get('etag')!
    const path = '/api/admin/contact-settings'
    expect(
      await statuses([
        send('PUT', path, ayse, { ...settings, phone: '+90 212 111 11 11' }, etag),
        send('PUT', path, mehmet, { ...settings, phone: '+90 212 222 22 22' }, etag),
      ]),
    ).toEqual([200, 412])
  })
})

// What let the first edit go: a save's answer named the version stored by the time the answer was made, read after
// the write's turn. A save that landed in between (here during the removal of the old logo) was named as this
// editor's version, so their next full save passed the check and overwrote it, both answered 200.
describe("a save's answer names the version that save wrote", () => {
  it('even when another save lands before the answer; the next save then cannot overwrite it unseen', async () => {
    const { ayse, mehmet } = await twoAdmins()
    const path = '/api/admin/contact-settings'
    for (let round = 0; round < 3; round++) {
      // A logo that Ayşe's save replaces: its removal (files, media record) comes after her write, before her answer.
      const upload = await formRequest(t, 'POST', '/api/upload', { image: asFile(await photo(400, 300), 'l.jpg') }, ayse)
      const logo = (await upload.json()).imageUrl as string
      await t.deps.content.update('contact-settings', (s) => void (s.logo = logo))
      const loaded = await jsonRequest(t, 'GET', '/api/contact-settings', undefined, ayse)
      const settings = (await loaded.json()).data
      const mehmetPhone = `+90 212 333 33 0${round}`
      const [first, theirs] = await Promise.all([
        send('PUT', path, ayse, { ...settings, logo: '', email: `ayse${round}@ornek.com` }, loaded.headers.get('etag')!),
        send('PUT', path, mehmet, { ...settings, phone: mehmetPhone }),
      ])
      expect([first.status, theirs.status]).toEqual([200, 200])
      // Her answer's version is of her own write: her email, and his phone only if his save came first (then hers
      // was merged with it, and the answer says so).
      const hers = { ...(await first.json()).data }
      expect(hers.email).toBe(`ayse${round}@ornek.com`)
      expect(hers.phone === mehmetPhone).toBe(first.headers.get('x-content-merged') === '1')
      expect(first.headers.get('etag')).toBe(`"${versionOf(hers)}"`)
      // Her next full save, sent with that version, keeps his phone (merged) or is refused: never lost unseen.
      const next = await send('PUT', path, ayse, { ...hers, address: `Adres ${round}` }, first.headers.get('etag')!)
      expect([200, 412]).toContain(next.status)
      expect(t.deps.content.read('contact-settings').phone).toBe(mehmetPhone)
    }
  })
})
