import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fakeImageFile, PNG, pngFile } from '../testing/test-media.ts'
import {
  adminCookie,
  createTestApp,
  formRequest,
  jsonRequest,
  uploadNames,
  type TestApp,
} from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
})
afterEach(() => t.cleanup())

type Fields = Record<string, string | File | File[] | undefined>
const text = (content: string) => ({ type: 'text', content })
const structure = (items: unknown[]) => JSON.stringify(items)
const save = (fields: Fields, id?: string) =>
  formRequest(t, id ? 'PUT' : 'POST', id ? `/api/admin/blogs/${id}` : '/api/admin/blogs', fields, cookie)
const create = async (fields: Fields) => {
  const res = await save(fields)
  expect(res.status).toBe(200)
  return (await res.json()).data
}
const publicIds = async () =>
  (await (await jsonRequest(t, 'GET', '/api/blogs')).json()).data.map((p: { id: string }) => p.id)

describe('admin blog create and update', () => {
  it('creates a post from multipart: defaults, stored images, order rewritten, persisted, rebuild triggered', async () => {
    const title = 'E-Fatura Nedir? '.repeat(12).trim()
    const res = await save({
      title,
      tags: '["e-fatura","gib"]',
      contentStructure: structure([
        text('Giriş'),
        { type: 'image', imageIndex: 1, order: 7 },
        { type: 'image', imageIndex: 0 },
      ]),
      images: [pngFile('a.png'), pngFile('b.png')],
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.message).toBe('Blog yazısı başarıyla oluşturuldu!')
    const post = body.data
    expect(post).toMatchObject({
      title,
      excerpt: `${title.slice(0, 150)}...`,
      author: 'Dijital Dönüşüm Ekibi',
      status: 'published',
      tags: ['e-fatura', 'gib'],
    })
    expect(post.images).toHaveLength(2)
    expect(post.featuredImage).toBe(post.images[0])
    expect(post.contentStructure.map((i: { order: number }) => i.order)).toEqual([0, 1, 2])
    expect(post.contentStructure[1]).not.toHaveProperty('imageIndex')
    expect(post.contentStructure.slice(1).map((i: { src: string }) => i.src)).toEqual(post.images)
    expect((await uploadNames(t)).length).toBe(2)
    await t.restart()
    const stored = await (await jsonRequest(t, 'GET', `/api/blogs/${post.id}`)).json()
    expect(stored.data).toEqual({ ...post, views: 0 })
    expect(t.changes).toEqual(['blogs'])
  })

  it('updates: keeps a stored image, adds a new file, removes the dropped upload', async () => {
    const post = await create({
      title: 'Yazı',
      contentStructure: structure([
        { type: 'image', imageIndex: 0 },
        { type: 'image', imageIndex: 1 },
      ]),
      images: [pngFile(), pngFile()],
    })
    const [kept, dropped] = post.images
    const res = await save(
      {
        title: 'Yazı (güncel)',
        excerpt: 'Kısa özet',
        author: 'Ayşe Yılmaz',
        status: 'draft',
        contentStructure: structure([
          { type: 'image', imageIndex: 0 },
          text('Metin'),
          { type: 'image', src: kept },
        ]),
        images: pngFile('yeni.png'),
      },
      post.id,
    )
    expect(res.status).toBe(200)
    const { data, message } = await res.json()
    expect(message).toBe('Blog yazısı başarıyla güncellendi!')
    expect(data).toMatchObject({
      id: post.id,
      title: 'Yazı (güncel)',
      excerpt: 'Kısa özet',
      author: 'Ayşe Yılmaz',
      status: 'draft',
      createdAt: post.createdAt,
    })
    expect(data.images[1]).toBe(kept)
    expect(data.featuredImage).toBe(data.images[0])
    const names = await uploadNames(t)
    expect(names).toContain(kept.slice(9))
    expect(names).not.toContain(dropped.slice(9))
    expect(names).toHaveLength(2)
  })

  it('refuses an image src that is not ours nor the post’s', async () => {
    const res = await save({
      title: 'Yazı',
      contentStructure: structure([{ type: 'image', src: 'https://kotu.example/x.png' }]),
    })
    expect(res.status).toBe(400)
    expect((await res.json()).fields).toEqual({ 'contentStructure.0.src': 'Görsel için yüklenmiş bir dosya ya da https:// ile başlayan bir bağlantı seçin.' })
  })

  it('validates title, field limits, JSON fields and image files with the spec messages', async () => {
    const check = async (fields: Fields, status: number, message: string) => {
      const res = await save(fields)
      expect(res.status).toBe(status)
      expect((await res.json()).message).toBe(message)
    }
    const many = (n: number, item: unknown) => Array.from({ length: n }, () => item)
    await check({ title: '  ' }, 400, 'Başlık zorunludur.')
    await check({}, 400, 'Başlık zorunludur.')
    await check(
      { title: 'x', contentStructure: structure(many(21, text('a'))) },
      400,
      'Maksimum 20 metin alanı ekleyebilirsiniz.',
    )
    const ourImage = { type: 'image', src: '/uploads/ornekgorsel1.png' }
    await check(
      { title: 'x', contentStructure: structure(many(21, ourImage)) },
      400,
      // The spec gives blog no 20-image text: a 21st image hits the 40-field text, as in the admin form.
      'Maksimum 40 alan (20 metin + 20 görsel) ekleyebilirsiniz.',
    )
    await check(
      { title: 'x', contentStructure: structure([...many(21, text('a')), ...many(20, ourImage)]) },
      400,
      'Maksimum 40 alan (20 metin + 20 görsel) ekleyebilirsiniz.',
    )
    await check(
      { title: 'x', images: many(21, pngFile()) as File[] },
      400,
      'Maksimum 40 alan (20 metin + 20 görsel) ekleyebilirsiniz.',
    )
    await check({ title: 'x', tags: 'e-fatura, gib' }, 400, 'Geçersiz istek gövdesi.')
    await check({ title: 'x', contentStructure: '{bozuk' }, 400, 'Geçersiz istek gövdesi.')
    await check({ title: 'x', status: 'arsiv' }, 400, 'Geçersiz yayın durumu.')
    await check(
      { title: 'x', contentStructure: structure([{ type: 'image', imageIndex: 0 }]) },
      400,
      'Lütfen bir dosya seçin.',
    )
    await check(
      { title: 'x', contentStructure: structure([{ type: 'image' }]) },
      400,
      'Lütfen bir dosya seçin.',
    )
    const fake = { title: 'x', contentStructure: structure([{ type: 'image', imageIndex: 0 }]) }
    await check(
      { ...fake, images: fakeImageFile() },
      400,
      'Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).',
    )
    const big = new Uint8Array(25 * 1024 * 1024 + 1)
    big.set(PNG)
    await check(
      { ...fake, images: new File([big], 'buyuk.png') },
      413,
      'Görsel en fazla 25 MB olabilir.',
    )
    const notMultipart = await t.app.request('/api/admin/blogs', {
      method: 'POST',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x' },
      body: 'bozuk',
    })
    expect(notMultipart.status).toBe(400)
    expect(await uploadNames(t)).toEqual([])
    expect(t.changes).toEqual([])
  })

  it('keeps both of two concurrent creations', async () => {
    const [a, b] = await Promise.all([save({ title: 'Bir' }), save({ title: 'İki' })])
    const ids = [(await a.json()).data.id, (await b.json()).data.id]
    await t.restart()
    expect(await publicIds()).toEqual(expect.arrayContaining(ids))
  })
})

describe('public blog', () => {
  it('lists only published posts, newest first, with views; drafts are 404', async () => {
    let clock = new Date('2099-01-01T10:00:00Z')
    await t.cleanup()
    t = await createTestApp({ now: () => clock })
    cookie = await adminCookie(t)
    const older = await create({ title: 'Eski' })
    clock = new Date('2099-01-01T11:00:00Z')
    const newer = await create({ title: 'Yeni' })
    const draft = await create({ title: 'Taslak', status: 'draft' })
    await t.deps.data.update('counters', (c) => void (c.views[`/blog/${newer.id}`] = 7))
    const list = await (await jsonRequest(t, 'GET', '/api/blogs')).json()
    expect(list.success).toBe(true)
    expect(list.data.slice(0, 2).map((p: { id: string; views: number }) => [p.id, p.views])).toEqual([
      [newer.id, 7],
      [older.id, 0],
    ])
    expect(list.data.every((p: { status: string }) => p.status === 'published')).toBe(true)
    expect(list.data.some((p: { id: string }) => p.id === draft.id)).toBe(false)
    for (const id of [draft.id, 'yok']) {
      const res = await jsonRequest(t, 'GET', `/api/blogs/${id}`)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual({ success: false, message: 'Blog yazısı bulunamadı.' })
    }
    const admin = await (await jsonRequest(t, 'GET', '/api/admin/blogs', undefined, cookie)).json()
    expect(admin.data.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([draft.id, newer.id, older.id]),
    )
  })
})

describe('admin blog delete', () => {
  it('deletes the post and its uploads that nothing else uses; 404 after', async () => {
    const post = await create({
      title: 'Silinecek',
      contentStructure: structure([
        { type: 'image', imageIndex: 0 },
        { type: 'image', imageIndex: 1 },
      ]),
      images: [pngFile(), pngFile()],
    })
    const [shared, own] = post.images
    await create({ title: 'Paylaşan', contentStructure: structure([{ type: 'image', src: shared }]) })
    const res = await jsonRequest(t, 'DELETE', `/api/admin/blogs/${post.id}`, undefined, cookie)
    expect(await res.json()).toEqual({ success: true, message: 'Blog yazısı başarıyla silindi!' })
    const names = await uploadNames(t)
    expect(names).toContain(shared.slice(9))
    expect(names).not.toContain(own.slice(9))
    expect((await jsonRequest(t, 'GET', `/api/blogs/${post.id}`)).status).toBe(404)
    expect((await jsonRequest(t, 'DELETE', `/api/admin/blogs/${post.id}`, undefined, cookie)).status).toBe(
      404,
    )
    expect((await save({ title: 'x' }, post.id)).status).toBe(404)
  })
})

it('every blog admin call needs a session', async () => {
  for (const [method, path] of [
    ['GET', '/api/admin/blogs'],
    ['POST', '/api/admin/blogs'],
    ['PUT', '/api/admin/blogs/x'],
    ['DELETE', '/api/admin/blogs/x'],
  ] as const) {
    const res =
      method === 'GET' || method === 'DELETE'
        ? await jsonRequest(t, method, path)
        : await formRequest(t, method, path, { title: 'x' })
    expect(res.status, `${method} ${path}`).toBe(401)
  }
})
