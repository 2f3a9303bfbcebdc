import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PNG } from '../testing/test-media.ts'
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

const home = async () => (await (await jsonRequest(t, 'GET', '/api/admin/anasayfa')).json()).data
const stats = [
  { value: '500+', label: 'Müşteri' },
  { value: '20', label: 'Yıl' },
  { value: '7/24', label: 'Destek' },
]
const card = {
  title: 'Logo Yazılım',
  description: 'İş ortağımız',
  link: 'https://ornek.com',
  image: '',
  stats,
}

describe('GET /api/admin/anasayfa (public)', () => {
  it('needs no session and returns the content under data and at the top level, with the 3 newest published posts', async () => {
    // Posts dated in 2099 through the real API, so they are newer than any demo content.
    let clock = new Date('2099-01-01T10:00:00Z')
    await t.cleanup()
    t = await createTestApp({ now: () => clock })
    cookie = await adminCookie(t)
    for (let d = 1; d <= 5; d++) {
      clock = new Date(`2099-01-01T10:0${d}:00Z`)
      const status = d === 5 ? 'draft' : 'published'
      const res = await formRequest(
        t,
        'POST',
        '/api/admin/blogs',
        { title: `Yazı ${d}`, status, tags: '["e-fatura"]' },
        cookie,
      )
      expect(res.status).toBe(200)
    }
    const res = await jsonRequest(t, 'GET', '/api/admin/anasayfa')
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.success).toBe(true)
    expect(body.banner).toEqual(body.data.banner)
    expect(body.data.blog.posts.map((p: { title: string }) => p.title)).toEqual([
      'Yazı 4',
      'Yazı 3',
      'Yazı 2',
    ])
    expect(Object.keys(body.data.blog.posts[0]).sort()).toEqual([
      'author',
      'createdAt',
      'excerpt',
      'featuredImage',
      'id',
      // The post's readable address (issue 21): links go to /blog/{slug}.
      'slug',
      'tags',
      'title',
    ])
  })
})

describe('PUT /api/admin/anasayfa/:section', () => {
  it('saves only the changed fields, merges nested buttons, persists and triggers a rebuild', async () => {
    const put = (section: string, body: unknown) =>
      jsonRequest(t, 'PUT', `/api/admin/anasayfa/${section}`, body, cookie)
    expect(
      (
        await put('banner', {
          title: 'E-Dönüşüm',
          subtitle: 'Alt başlık',
          button1: { text: 'Programlar', link: '/programlar' },
        })
      ).status,
    ).toBe(200)
    const res = await put('banner', { title: 'Yeni Başlık', button1: { text: 'İndir' } })
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Değişiklikler kaydedildi!',
      data: { title: 'Yeni Başlık', subtitle: 'Alt başlık' },
    })
    expect((await put('about', { description: 'Hakkımızda metni' })).status).toBe(200)
    await t.restart()
    const data = await home()
    expect(data.banner).toMatchObject({
      title: 'Yeni Başlık',
      subtitle: 'Alt başlık',
      button1: { text: 'İndir', link: '/programlar' },
    })
    expect(data.about.description).toBe('Hakkımızda metni')
    expect(t.changes.filter((n) => n === 'home')).toHaveLength(3)
  })

  it('answers 404 for an unknown section and 400 for unknown or invalid fields, in Turkish', async () => {
    const unknown = await jsonRequest(t, 'PUT', '/api/admin/anasayfa/footer', { title: 'x' }, cookie)
    expect(unknown.status).toBe(404)
    expect((await unknown.json()).message).toBe('Kayıt bulunamadı.')
    const extra = await jsonRequest(t, 'PUT', '/api/admin/anasayfa/services', { tree: [] }, cookie)
    expect(extra.status).toBe(400)
    expect((await extra.json()).message).toBe('Geçersiz istek gövdesi.')
    const badMedia = await jsonRequest(
      t,
      'PUT',
      '/api/admin/anasayfa/banner',
      { backgroundMedia: 'javascript:alert(1)' },
      cookie,
    )
    expect(badMedia.status).toBe(400)
    expect((await badMedia.json()).fields).toEqual({ backgroundMedia: 'Arka plan görseli için yüklenmiş bir dosya ya da https:// ile başlayan bir bağlantı seçin.' })
    const malformed = await t.app.request('/api/admin/anasayfa/blog', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{',
    })
    expect(malformed.status).toBe(400)
    expect(t.changes).toEqual([])
  })

  it('refuses an empty section title in Turkish and keeps the saved one (issue 30: not only the admin refuses it)', async () => {
    const before = await home()
    for (const section of ['banner', 'services', 'about', 'partners', 'blog']) {
      for (const title of ['', '   ']) {
        const res = await jsonRequest(t, 'PUT', `/api/admin/anasayfa/${section}`, { title }, cookie)
        expect(res.status).toBe(400)
        expect((await res.json()).fields).toEqual({ title: 'Başlık boş bırakılamaz.' })
      }
    }
    // Leaving the title out of a patch is still fine: only the fields sent change.
    const subtitle = await jsonRequest(t, 'PUT', '/api/admin/anasayfa/banner', { subtitle: 'Yeni alt başlık' }, cookie)
    expect(subtitle.status).toBe(200)
    const after = await home()
    expect(after.banner.title).toBe(before.banner.title)
    expect(after.banner.title).not.toBe('')
    expect(after.services.title).toBe(before.services.title)
  })

  it('removes the replaced banner upload of ours', async () => {
    const upload = () => t.deps.files.saveUpload(PNG, 'png')
    const first = await upload()
    await jsonRequest(t, 'PUT', '/api/admin/anasayfa/banner', { backgroundMedia: first }, cookie)
    const second = await upload()
    await jsonRequest(t, 'PUT', '/api/admin/anasayfa/banner', { backgroundMedia: second }, cookie)
    expect(await uploadNames(t)).toEqual([second.slice('/uploads/'.length)])
  })
})

describe('services tree', () => {
  const addHeading = (title: string) =>
    jsonRequest(t, 'POST', '/api/admin/anasayfa/services/tree', { title }, cookie)

  it('adds headings up to 7, then refuses the 8th with the spec message', async () => {
    const existing = (await home()).services.tree.length
    for (let i = existing; i < 7; i++) {
      const res = await addHeading(`Hizmet ${i + 1}`)
      expect(res.status).toBe(201)
      const body = await res.json()
      expect(body).toMatchObject({
        success: true,
        message: 'Hizmet başlığı başarıyla eklendi!',
        data: { title: `Hizmet ${i + 1}`, items: [] },
      })
    }
    const eighth = await addHeading('Fazla')
    expect(eighth.status).toBe(400)
    expect((await eighth.json()).message).toBe('Maksimum 7 hizmet başlığı ekleyebilirsiniz.')
    expect((await home()).services.tree).toHaveLength(7)
  })

  it('refuses blank headings and sub-items', async () => {
    const blank = await addHeading('   ')
    expect(blank.status).toBe(400)
    expect((await blank.json()).message).toBe('Hizmet başlığı boş olamaz!')
    const branch = (await (await addHeading('E-Fatura')).json()).data
    const item = await jsonRequest(
      t,
      'POST',
      `/api/admin/anasayfa/services/tree/${branch.id}/items`,
      { title: '' },
      cookie,
    )
    expect(item.status).toBe(400)
    expect((await item.json()).message).toBe('Alt başlık boş olamaz!')
  })

  it('adds and deletes sub-items and headings; unknown ids are 404', async () => {
    const branch = (await (await addHeading('E-Defter')).json()).data
    const itemRes = await jsonRequest(
      t,
      'POST',
      `/api/admin/anasayfa/services/tree/${branch.id}/items`,
      { title: 'Berat yükleme' },
      cookie,
    )
    expect(itemRes.status).toBe(201)
    const item = (await itemRes.json()).data
    expect((await home()).services.tree.find((b: { id: string }) => b.id === branch.id).items).toEqual([item])
    const base = '/api/admin/anasayfa/services/tree'
    expect((await jsonRequest(t, 'POST', `${base}/yok/items`, { title: 'x' }, cookie)).status).toBe(404)
    expect((await jsonRequest(t, 'DELETE', `${base}/${branch.id}/items/yok`, undefined, cookie)).status).toBe(
      404,
    )
    expect(
      await (
        await jsonRequest(t, 'DELETE', `${base}/${branch.id}/items/${item.id}`, undefined, cookie)
      ).json(),
    ).toEqual({ success: true })
    expect((await jsonRequest(t, 'DELETE', `${base}/${branch.id}`, undefined, cookie)).status).toBe(200)
    expect((await jsonRequest(t, 'DELETE', `${base}/${branch.id}`, undefined, cookie)).status).toBe(404)
    expect((await home()).services.tree.some((b: { id: string }) => b.id === branch.id)).toBe(false)
  })

  it('keeps both of two concurrent additions', async () => {
    const tree = (await home()).services.tree
    for (const b of tree)
      await jsonRequest(t, 'DELETE', `/api/admin/anasayfa/services/tree/${b.id}`, undefined, cookie)
    const [a, b] = await Promise.all([addHeading('Bir'), addHeading('İki')])
    expect([a.status, b.status]).toEqual([201, 201])
    await t.restart()
    expect((await home()).services.tree.map((x: { title: string }) => x.title).sort()).toEqual(['Bir', 'İki'])
  })
})

describe('partner cards', () => {
  const base = '/api/admin/anasayfa/partners/cards'

  it('creates, updates and deletes a card', async () => {
    const created = await jsonRequest(t, 'POST', base, card, cookie)
    expect(created.status).toBe(201)
    const { data } = await created.json()
    expect(data).toEqual({ id: expect.any(String), ...card })
    const updated = await jsonRequest(
      t,
      'PUT',
      `${base}/${data.id}`,
      { ...card, title: 'Mikro', link: '' },
      cookie,
    )
    expect(await updated.json()).toEqual({
      success: true,
      data: { ...card, id: data.id, title: 'Mikro', link: '' },
    })
    await t.restart()
    expect((await home()).partners.cards.find((k: { id: string }) => k.id === data.id).title).toBe('Mikro')
    expect(await (await jsonRequest(t, 'DELETE', `${base}/${data.id}`, undefined, cookie)).json()).toEqual({
      success: true,
    })
    expect((await jsonRequest(t, 'DELETE', `${base}/${data.id}`, undefined, cookie)).status).toBe(404)
    expect((await jsonRequest(t, 'PUT', `${base}/${data.id}`, card, cookie)).status).toBe(404)
  })

  it('validates title, link and exactly three stats', async () => {
    const check = async (body: unknown, field: string, message: string) => {
      const res = await jsonRequest(t, 'POST', base, body, cookie)
      expect(res.status).toBe(400)
      expect((await res.json()).fields[field]).toBe(message)
    }
    await check({ ...card, title: ' ' }, 'title', 'Kart başlığı boş olamaz.')
    await check({ ...card, link: 'ornek' }, 'link', 'Bağlantı adresi geçerli bir bağlantı olmalıdır (https:// ile başlayan).')
    await check(
      { ...card, stats: stats.slice(0, 2) },
      'stats',
      'Her kartta tam olarak 3 istatistik satırı olmalıdır.',
    )
    await check(
      { ...card, stats: [...stats, stats[0]] },
      'stats',
      'Her kartta tam olarak 3 istatistik satırı olmalıdır.',
    )
  })
})

it('every home admin call needs a session', async () => {
  const calls: [string, string][] = [
    ['PUT', '/api/admin/anasayfa/banner'],
    ['POST', '/api/admin/anasayfa/services/tree'],
    ['POST', '/api/admin/anasayfa/services/tree/x/items'],
    ['DELETE', '/api/admin/anasayfa/services/tree/x'],
    ['DELETE', '/api/admin/anasayfa/services/tree/x/items/y'],
    ['POST', '/api/admin/anasayfa/partners/cards'],
    ['PUT', '/api/admin/anasayfa/partners/cards/x'],
    ['DELETE', '/api/admin/anasayfa/partners/cards/x'],
  ]
  for (const [method, path] of calls) {
    const res = await jsonRequest(t, method, path, { title: 'x' })
    expect(res.status, `${method} ${path}`).toBe(401)
    expect((await res.json()).message).toBe('Bu işlem için giriş yapmalısınız.')
  }
})
