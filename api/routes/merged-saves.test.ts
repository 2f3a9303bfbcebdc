import { afterEach, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { versionOf } from '../store/content-items.ts'
import { addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

/** Issue 19: two admins editing one item keep both changes unless they changed the very same field. */
const POST = 'blog-e-fatura-rehberi'

let t: TestApp
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled()
  await t?.cleanup()
})

async function admin(name: string, email: string) {
  await addUser(t.deps.data, 'admin', email)
  await t.deps.data.update('users', (users) => void (users.find((u) => u.email === email)!.name = name))
  return loginCookie(t, email)
}

type Block = { id: string; type: string; content: string; src?: string }
type Loaded = { version: string; title: string; excerpt: string; author: string; status: string; tags: string[]; contentStructure: Block[] }
/** What the editor loads when it opens a post. */
async function load(cookie: string, id = POST): Promise<Loaded> {
  return (await (await jsonRequest(t, 'GET', `/api/admin/blogs/${id}`, undefined, cookie)).json()).data
}

/** What the blog editor sends: every field of the form, the version it loaded as If-Match. */
function save(cookie: string, loaded: Loaded, change: Partial<Loaded>, choices?: Record<string, string>) {
  const fields = { ...loaded, ...change }
  const body = new FormData()
  body.append('title', fields.title)
  body.append('excerpt', fields.excerpt)
  body.append('author', fields.author)
  body.append('status', fields.status)
  body.append('tags', JSON.stringify(fields.tags))
  body.append('contentStructure', JSON.stringify(fields.contentStructure))
  const headers: Record<string, string> = { cookie, 'if-match': loaded.version }
  if (choices) headers['x-merge-choices'] = encodeURIComponent(JSON.stringify(choices))
  return t.app.request(`/api/admin/blogs/${POST}`, { method: 'PUT', headers, body })
}
const stored = () => t.deps.content.read('blogs').find((p) => p.id === POST)!

describe('saves over a newer version (issue 19)', () => {
  it('different fields of one post: both kept, answered 200 with the merged post', async () => {
    t = await createTestApp()
    const [a, b] = [await admin('Ayşe Yılmaz', 'ayse@ornek.com'), await admin('Burak Demir', 'burak@ornek.com')]
    const [seenByA, seenByB] = [await load(a), await load(b)]
    expect((await save(a, seenByA, { excerpt: 'Ayşe’nin özeti' })).status).toBe(200)
    const res = await save(b, seenByB, { title: 'Burak’ın başlığı' })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-content-merged')).toBe('1')
    const body = await res.json()
    expect(body.data).toMatchObject({ title: 'Burak’ın başlığı', excerpt: 'Ayşe’nin özeti' })
    expect(body.merged).toBe(true)
    expect(body.message).toContain(msg.contentMerged)
    expect(body.data.version).toBe((await load(a)).version)
    expect(stored()).toMatchObject({ title: 'Burak’ın başlığı', excerpt: 'Ayşe’nin özeti' })
  })

  it('different content fields of one post merge by content-field id', async () => {
    t = await createTestApp()
    const [a, b] = [await admin('Ayşe Yılmaz', 'ayse@ornek.com'), await admin('Burak Demir', 'burak@ornek.com')]
    const [seenByA, seenByB] = [await load(a), await load(b)]
    const edit = (loaded: Loaded, at: number, content: string) =>
      loaded.contentStructure.map((block, i) => (i === at ? { ...block, content } : block))
    expect((await save(a, seenByA, { contentStructure: edit(seenByA, 1, 'Ayşe’nin paragrafı') })).status).toBe(200)
    expect((await save(b, seenByB, { contentStructure: edit(seenByB, 2, 'Burak’ın paragrafı') })).status).toBe(200)
    const texts = stored().contentStructure.map((block) => block.content)
    expect(texts[1]).toBe('Ayşe’nin paragrafı')
    expect(texts[2]).toBe('Burak’ın paragrafı')
    expect(stored().images).toEqual(seenByA.contentStructure.filter((x) => x.type === 'image').map((x) => x.src))
  })

  it('the same field: 412 listing only that field with both values; nothing written; a choice saves', async () => {
    t = await createTestApp()
    const [a, b] = [await admin('Ayşe Yılmaz', 'ayse@ornek.com'), await admin('Burak Demir', 'burak@ornek.com')]
    const [seenByA, seenByB] = [await load(a), await load(b)]
    expect((await save(a, seenByA, { title: 'Ayşe’nin başlığı', excerpt: 'Ayşe’nin özeti' })).status).toBe(200)
    const before = structuredClone(stored())
    const refused = await save(b, seenByB, { title: 'Burak’ın başlığı', author: 'Burak Demir' })
    expect(refused.status).toBe(412)
    const body = await refused.json()
    expect(body.message).toBe(msg.editConflict)
    expect(body.conflicts).toEqual([{ key: 'title', label: 'Başlık', yours: 'Burak’ın başlığı', theirs: 'Ayşe’nin başlığı' }])
    expect(stored()).toEqual(before)

    // Burak keeps his title: Ayşe's summary and his author stay too.
    const kept = await save(b, seenByB, { title: 'Burak’ın başlığı', author: 'Burak Demir' }, { title: 'mine' })
    expect(kept.status).toBe(200)
    expect(stored()).toMatchObject({ title: 'Burak’ın başlığı', excerpt: 'Ayşe’nin özeti', author: 'Burak Demir' })
  })

  it('choosing the other value keeps theirs for that field and this editor’s other changes', async () => {
    t = await createTestApp()
    const [a, b] = [await admin('Ayşe Yılmaz', 'ayse@ornek.com'), await admin('Burak Demir', 'burak@ornek.com')]
    const [seenByA, seenByB] = [await load(a), await load(b)]
    await save(a, seenByA, { title: 'Ayşe’nin başlığı' })
    const res = await save(b, seenByB, { title: 'Burak’ın başlığı', author: 'Burak Demir' }, { title: 'theirs' })
    expect(res.status).toBe(200)
    expect(stored()).toMatchObject({ title: 'Ayşe’nin başlığı', author: 'Burak Demir' })
  })

  it('a stale delete over someone’s edit is still refused', async () => {
    t = await createTestApp()
    const [a, b] = [await admin('Ayşe Yılmaz', 'ayse@ornek.com'), await admin('Burak Demir', 'burak@ornek.com')]
    const [seenByA, seenByB] = [await load(a), await load(b)]
    await save(a, seenByA, { title: 'Ayşe’nin başlığı' })
    const res = await t.app.request(`/api/admin/blogs/${POST}`, { method: 'DELETE', headers: { cookie: b, 'if-match': seenByB.version } })
    expect(res.status).toBe(412)
    expect(stored().title).toBe('Ayşe’nin başlığı')
  })

  it('a version nobody loaded (not found): 412 as before, with no field list', async () => {
    t = await createTestApp()
    const a = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    const seen = await load(a)
    await save(a, seen, { title: 'Yeni' })
    const res = await save(a, { ...seen, version: 'bilinmeyensurum0' }, { excerpt: 'Başka' })
    expect(res.status).toBe(412)
    expect((await res.json()).conflicts).toBeNull()
    expect(stored().excerpt).toBe(seen.excerpt)
  })

  it('documents and home sections merge by field too', async () => {
    t = await createTestApp()
    const [a, b] = [await admin('Ayşe Yılmaz', 'ayse@ornek.com'), await admin('Burak Demir', 'burak@ornek.com')]
    const read = async (cookie: string) => {
      const res = await jsonRequest(t, 'GET', '/api/admin/hakkimizda', undefined, cookie)
      return { about: await res.json(), version: res.headers.get('etag')! }
    }
    const put = (cookie: string, seen: { about: Record<string, unknown>; version: string }, change: Record<string, string>) =>
      t.app.request('/api/admin/hakkimizda', {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', 'if-match': seen.version },
        body: JSON.stringify({ ...seen.about, ...change }),
      })
    const [seenByA, seenByB] = [await read(a), await read(b)]
    expect((await put(a, seenByA, { title2: 'Ayşe’nin başlığı' })).status).toBe(200)
    const merged = await put(b, seenByB, { description1: 'Burak’ın metni' })
    expect(merged.status).toBe(200)
    expect(merged.headers.get('x-content-merged')).toBe('1')
    expect(t.deps.content.read('about')).toMatchObject({ title2: 'Ayşe’nin başlığı', description1: 'Burak’ın metni' })
    // The answer is the merged document, and its ETag names it: Burak's next save is not taken for a stale one.
    const answered = (await merged.json()).data
    expect(answered).toMatchObject({ title2: 'Ayşe’nin başlığı', description1: 'Burak’ın metni' })
    expect(merged.headers.get('etag')).toBe(`"${versionOf(answered)}"`)
    const again = await put(b, { about: answered, version: merged.headers.get('etag')! }, { title1: 'Burak yine' })
    expect([again.status, again.headers.get('x-content-merged')]).toEqual([200, null])

    const section = async (cookie: string) =>
      (await (await jsonRequest(t, 'GET', '/api/admin/anasayfa', undefined, cookie)).json()).versions.banner as string
    const [va, vb] = [await section(a), await section(b)]
    const patch = (cookie: string, version: string, body: Record<string, string>) =>
      t.app.request('/api/admin/anasayfa/banner', {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', 'if-match': version },
        body: JSON.stringify(body),
      })
    expect((await patch(a, va, { title: 'Ayşe’nin banner başlığı' })).status).toBe(200)
    expect((await patch(b, vb, { subtitle: 'Burak’ın alt başlığı' })).status).toBe(200)
    expect(t.deps.content.read('home').banner).toMatchObject({ title: 'Ayşe’nin banner başlığı', subtitle: 'Burak’ın alt başlığı' })
  })
})
