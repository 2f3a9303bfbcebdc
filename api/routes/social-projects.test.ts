import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { pngFile } from '../testing/test-media.ts'
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
const base = '/api/admin/social-projects'
const save = (fields: Fields, id?: string) =>
  formRequest(t, id ? 'PUT' : 'POST', id ? `${base}/${id}` : base, fields, cookie)
const create = async (fields: Fields) => {
  const res = await save({ project_date: '2099-05-01', ...fields })
  expect(res.status).toBe(200)
  return (await res.json()).data
}
const publicList = async () => (await (await jsonRequest(t, 'GET', '/api/social-projects')).json()).projects

describe('admin social projects', () => {
  it('creates a project with text, headings and a captioned image; persists and triggers a rebuild', async () => {
    const res = await save({
      title: 'Fidan Dikimi',
      project_date: '2099-04-23',
      description: 'Açıklama',
      contentStructure: JSON.stringify([
        { type: 'heading', content: 'Amaç' },
        { type: 'heading', content: 'Alt başlık', level: 4 },
        { type: 'text', content: '1000 fidan' },
        { type: 'image', imageIndex: 0, caption: 'Gönüllüler' },
      ]),
      images: pngFile(),
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.message).toBe('Sosyal sorumluluk projesi başarıyla oluşturuldu!')
    const p = body.data
    expect(p).toMatchObject({
      title: 'Fidan Dikimi',
      excerpt: 'Fidan Dikimi...',
      status: 'published',
      project_date: '2099-04-23',
      description: 'Açıklama',
    })
    expect(p.contentStructure.map((i: { level: number }) => i.level)).toEqual([2, 4, 2, 2])
    expect(p.contentStructure[3]).toMatchObject({
      type: 'image',
      caption: 'Gönüllüler',
      order: 3,
      src: p.images[0],
    })
    expect(p.images).toEqual([expect.stringMatching(/^\/uploads\/.+\.png$/)])
    await t.restart()
    expect(await (await jsonRequest(t, 'GET', `/api/social-projects/${p.id}`)).json()).toEqual({
      success: true,
      project: p,
    })
    expect(t.changes).toEqual(['social-projects'])
  })

  it('validates title, date, heading level and field limits with the spec messages', async () => {
    const check = async (fields: Fields, message: string) => {
      const res = await save({ title: 'Proje', project_date: '2099-01-01', ...fields })
      expect(res.status).toBe(400)
      expect((await res.json()).message).toBe(message)
    }
    const many = (n: number, item: unknown) => JSON.stringify(Array.from({ length: n }, () => item))
    await check({ title: '' }, 'Proje başlığı zorunludur.')
    await check({ project_date: '' }, 'Proje tarihi zorunludur.')
    await check({ project_date: '2099-13-45' }, 'Geçersiz tarih')
    // What the admin's date field passes on when the text is no date (decision 077).
    await check(
      { project_date: '31.02.2025' },
      'Proje tarihini gün.ay.yıl biçiminde giriniz (örneğin 15.04.2025).',
    )
    for (const level of [1, 5, 2.5]) {
      await check(
        { contentStructure: JSON.stringify([{ type: 'heading', content: 'x', level }]) },
        'Başlık seviyesi 2 ile 4 arasında olmalıdır.',
      )
    }
    await check(
      { contentStructure: many(21, { type: 'text', content: 'x' }) },
      'Maksimum 20 metin alanı ekleyebilirsiniz.',
    )
    await check(
      { contentStructure: many(21, { type: 'image', src: '/demo/a.png' }) },
      'Maksimum 20 görsel alanı ekleyebilirsiniz.',
    )
    await check(
      { contentStructure: many(41, { type: 'heading', content: 'x' }) },
      'Maksimum 40 alan ekleyebilirsiniz.',
    )
    await check({ contentStructure: JSON.stringify([{ type: 'video' }]) }, 'Geçersiz içerik alanı türü.')
    expect(t.changes).toEqual([])
  })

  it('updates (keeping createdAt and the stored image) and deletes with its uploads; unknown ids are 404', async () => {
    const p = await create({
      title: 'Eski',
      contentStructure: JSON.stringify([{ type: 'image', imageIndex: 0 }]),
      images: pngFile(),
    })
    const res = await save(
      {
        title: 'Yeni',
        project_date: '2099-06-01',
        content_structure: JSON.stringify([{ type: 'image', src: p.images[0], caption: 'Kapak' }]),
      },
      p.id,
    )
    const { data, message } = await res.json()
    expect(message).toBe('Sosyal sorumluluk projesi başarıyla güncellendi!')
    expect(data).toMatchObject({ id: p.id, title: 'Yeni', createdAt: p.createdAt, images: p.images })
    expect(await uploadNames(t)).toEqual([p.images[0].slice(9)])
    const del = await jsonRequest(t, 'DELETE', `${base}/${p.id}`, undefined, cookie)
    expect(await del.json()).toEqual({
      success: true,
      message: 'Sosyal sorumluluk projesi başarıyla silindi!',
    })
    expect(await uploadNames(t)).toEqual([])
    expect((await jsonRequest(t, 'DELETE', `${base}/${p.id}`, undefined, cookie)).status).toBe(404)
    expect((await save({ title: 'x', project_date: '2099-01-01' }, p.id)).status).toBe(404)
    const missing = await jsonRequest(t, 'GET', `/api/social-projects/${p.id}`)
    expect(missing.status).toBe(404)
    expect((await missing.json()).message).toBe('Proje bulunamadı')
  })

  it('keeps both of two concurrent creations', async () => {
    const [a, b] = await Promise.all([
      save({ title: 'Bir', project_date: '2099-01-01' }),
      save({ title: 'İki', project_date: '2099-01-02' }),
    ])
    const ids = [(await a.json()).data.id, (await b.json()).data.id]
    await t.restart()
    expect((await publicList()).map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining(ids))
  })
})

describe('public social projects', () => {
  it('lists published projects (missing status = published) by project date, newest first; drafts are hidden', async () => {
    const older = await create({ title: 'Eski', project_date: '2099-01-10' })
    const newer = await create({ title: 'Yeni', project_date: '2099-03-10' })
    const draft = await create({ title: 'Taslak', project_date: '2099-12-31', status: 'draft' })
    // Older content may have no status at all: it counts as published.
    await t.deps.content.update('social-projects', (list) => {
      const p = list.find((x) => x.id === older.id)!
      delete (p as { status?: string }).status
    })
    const body = await (await jsonRequest(t, 'GET', '/api/social-projects')).json()
    expect(body.success).toBe(true)
    expect(body.projects.slice(0, 2).map((p: { id: string }) => p.id)).toEqual([newer.id, older.id])
    expect(body.projects.some((p: { id: string }) => p.id === draft.id)).toBe(false)
    expect((await jsonRequest(t, 'GET', `/api/social-projects/${draft.id}`)).status).toBe(404)
    expect((await jsonRequest(t, 'GET', `/api/social-projects/${older.id}`)).status).toBe(200)
    const admin = await (await jsonRequest(t, 'GET', base, undefined, cookie)).json()
    expect(admin.projects.map((p: { id: string }) => p.id)).toContain(draft.id)
  })
})

it('every social project admin call needs a session', async () => {
  for (const [method, path] of [
    ['GET', base],
    ['POST', base],
    ['PUT', `${base}/x`],
    ['DELETE', `${base}/x`],
  ] as const) {
    const res =
      method === 'GET' || method === 'DELETE'
        ? await jsonRequest(t, method, path)
        : await formRequest(t, method, path, { title: 'x' })
    expect(res.status, `${method} ${path}`).toBe(401)
  }
})
