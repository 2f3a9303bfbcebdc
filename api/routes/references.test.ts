import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { pngDataUrl } from '../testing/test-media.ts'
import { adminCookie, createTestApp, jsonRequest, uploadNames, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
})
afterEach(() => t.cleanup())

const card = {
  image: '',
  title: 'ABC Muhasebe',
  description: 'E-fatura geçişi',
  category: 'edonusum',
  sector: 'Gıda, , Tekstil',
  socials: {
    instagram: '',
    twitter: '',
    facebook: '',
    linkedin: 'https://linkedin.com/company/abc',
    website: 'https://abc.com.tr',
  },
}
const addCard = (body: unknown = card) => jsonRequest(t, 'POST', '/api/admin/references/card', body, cookie)
const publicRefs = async () => (await (await jsonRequest(t, 'GET', '/api/references')).json()).data
const addSlider = (image: string) => jsonRequest(t, 'POST', '/api/admin/references/slider', { image }, cookie)

describe('reference cards', () => {
  it('creates a card (sectors normalised), shows it publicly and in the admin list, persists', async () => {
    const res = await addCard()
    expect(res.status).toBe(201)
    const { data } = await res.json()
    expect(data).toEqual({ ...card, id: expect.any(String), sector: 'Gıda, Tekstil' })
    const body = await (await jsonRequest(t, 'GET', '/api/references')).json()
    expect(body.success).toBe(true)
    expect(body.cards).toEqual(body.data.cards)
    expect(body.sliderImages).toEqual(body.data.sliderImages)
    await t.restart()
    expect((await publicRefs()).cards).toContainEqual(data)
    const admin = await (await jsonRequest(t, 'GET', '/api/admin/references', undefined, cookie)).json()
    expect(admin.data.cards).toContainEqual({ ...data, version: expect.any(String) })
    expect(t.changes).toEqual(['references'])
  })

  it('stores a data-URL image as an upload and removes it when replaced, then on delete', async () => {
    const { data } = await (await addCard({ ...card, image: pngDataUrl })).json()
    expect(data.image).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/)
    expect(await uploadNames(t)).toEqual([data.image.slice(9)])
    const res = await jsonRequest(
      t,
      'PUT',
      `/api/admin/references/${data.id}`,
      { ...card, image: pngDataUrl, title: 'Yeni' },
      cookie,
    )
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.updatedCard).toEqual(body.data)
    expect(body.data.title).toBe('Yeni')
    expect(body.data.image).not.toBe(data.image)
    expect(await uploadNames(t)).toEqual([body.data.image.slice(9)])
    expect(
      await (
        await jsonRequest(t, 'DELETE', `/api/admin/references/card/${data.id}`, undefined, cookie)
      ).json(),
    ).toEqual({ success: true })
    expect(await uploadNames(t)).toEqual([])
    expect((await publicRefs()).cards.some((k: { id: string }) => k.id === data.id)).toBe(false)
  })

  it('keeps an http image as given', async () => {
    const { data } = await (await addCard({ ...card, image: 'https://cdn.ornek.com/logo.png' })).json()
    expect(data.image).toBe('https://cdn.ornek.com/logo.png')
  })

  it('validates category, sectors, URLs and images with the spec messages', async () => {
    const check = async (body: unknown, status: number, message: string) => {
      const res = await addCard(body)
      expect(res.status).toBe(status)
      expect((await res.json()).message).toBe(message)
    }
    await check({ ...card, category: '' }, 400, 'Lütfen bir kategori seçiniz.')
    await check({ ...card, category: 'baska' }, 400, 'Lütfen bir kategori seçiniz.')
    await check(
      { ...card, sector: 'a, b, c, d, e, f' },
      400,
      'Maksimum 5 sektör ekleyebilirsiniz. Lütfen sektör sayısını azaltın.',
    )
    await check({ ...card, socials: { ...card.socials, website: 'abc' } }, 400, 'Web sitesi adresi geçerli bir bağlantı olmalıdır (https:// ile başlayan).')
    await check(
      { ...card, image: 'data:image/svg+xml;base64,PHN2Zz4=' },
      400,
      'Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).',
    )
    // Declared PNG, but the bytes are text: refused by content.
    await check(
      { ...card, image: `data:image/png;base64,${Buffer.from('merhaba dünya').toString('base64')}` },
      400,
      'Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).',
    )
    await check(
      { ...card, image: 'data:image/png;base64,iVBORw0KGgo' },
      400,
      'Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).',
    )
    const big = Buffer.alloc(25 * 1024 * 1024 + 1)
    Buffer.from(pngDataUrl.split(',')[1]!, 'base64').copy(big)
    await check(
      { ...card, image: `data:image/png;base64,${big.toString('base64')}` },
      413,
      'Görsel en fazla 25 MB olabilir.',
    )
    // Past the body limit the body is not even read.
    await check(
      { ...card, image: `data:image/png;base64,${Buffer.alloc(27 * 1024 * 1024).toString('base64')}` },
      413,
      'Görsel en fazla 25 MB olabilir.',
    )
    expect(await uploadNames(t)).toEqual([])
    expect(t.changes).toEqual([])
    // Two data URLs of 33 and 36 MB (25 MB images since issue 23) through JSON and the app: 20 s was not enough on a
    // machine loaded far past its cores (140 s there).
  }, 180_000)

  it('answers 404 for unknown cards', async () => {
    expect((await jsonRequest(t, 'PUT', '/api/admin/references/yok', card, cookie)).status).toBe(404)
    const res = await jsonRequest(t, 'DELETE', '/api/admin/references/card/yok', undefined, cookie)
    expect(res.status).toBe(404)
    expect((await res.json()).message).toBe('Kayıt bulunamadı.')
  })

  it('keeps both of two concurrent creations', async () => {
    const [a, b] = await Promise.all([addCard({ ...card, title: 'Bir' }), addCard({ ...card, title: 'İki' })])
    await t.restart()
    const ids = (await publicRefs()).cards.map((k: { id: string }) => k.id)
    expect(ids).toEqual(expect.arrayContaining([(await a.json()).data.id, (await b.json()).data.id]))
  })
})

describe('reorder', () => {
  it('saves a new order of exactly the existing ids, else 400', async () => {
    for (const title of ['A', 'B', 'C']) await addCard({ ...card, title })
    const ids: string[] = (await publicRefs()).cards.map((k: { id: string }) => k.id)
    const reversed = [...ids].reverse()
    const res = await jsonRequest(t, 'PUT', '/api/admin/references/reorder', { orderedIds: reversed }, cookie)
    expect(await res.json()).toEqual({ success: true, message: 'Sıralama kaydedildi.' })
    await t.restart()
    expect((await publicRefs()).cards.map((k: { id: string }) => k.id)).toEqual(reversed)
    for (const orderedIds of [
      reversed.slice(1),
      [...reversed, reversed[0]],
      [...reversed.slice(1), reversed[1]],
      [...reversed.slice(1), 'yok'],
    ]) {
      const bad = await jsonRequest(t, 'PUT', '/api/admin/references/reorder', { orderedIds }, cookie)
      expect(bad.status).toBe(400)
      expect((await bad.json()).message).toBe('Sıralama listesi mevcut referanslarla eşleşmiyor.')
    }
    expect((await publicRefs()).cards.map((k: { id: string }) => k.id)).toEqual(reversed)
  })
})

describe('slider', () => {
  it('adds up to 10 images, refuses the 11th, deletes by index and removes our upload', async () => {
    const existing: string[] = (await publicRefs()).sliderImages
    for (let i = existing.length - 1; i >= 0; i--)
      await jsonRequest(t, 'DELETE', `/api/admin/references/slider/${i}`, undefined, cookie)
    const first = await addSlider(pngDataUrl)
    expect(first.status).toBe(201)
    const { sliderImages } = await first.json()
    expect(sliderImages).toEqual([expect.stringMatching(/^\/uploads\/.+\.png$/)])
    for (let i = 1; i < 10; i++) expect((await addSlider(`https://cdn.ornek.com/${i}.jpg`)).status).toBe(201)
    const eleventh = await addSlider(pngDataUrl)
    expect(eleventh.status).toBe(400)
    expect((await eleventh.json()).message).toBe('Maksimum 10 slider görseli ekleyebilirsiniz.')
    expect(await uploadNames(t)).toEqual([sliderImages[0].slice(9)])
    const del = await jsonRequest(t, 'DELETE', '/api/admin/references/slider/0', undefined, cookie)
    const after = await del.json()
    expect(after.success).toBe(true)
    expect(after.sliderImages).toHaveLength(9)
    expect(after.sliderImages[0]).toBe('https://cdn.ornek.com/1.jpg')
    expect(await uploadNames(t)).toEqual([])
    await t.restart()
    expect((await publicRefs()).sliderImages).toEqual(after.sliderImages)
  })

  it('requires an image and answers 404 for an unknown index', async () => {
    const empty = await addSlider('')
    expect(empty.status).toBe(400)
    expect((await empty.json()).message).toBe('Lütfen bir görsel yükleyin.')
    const count = (await publicRefs()).sliderImages.length
    for (const index of [String(count), '-1', 'abc', '99999999999']) {
      expect(
        (await jsonRequest(t, 'DELETE', `/api/admin/references/slider/${index}`, undefined, cookie)).status,
      ).toBe(404)
    }
  })
})

it('every references admin call needs a session', async () => {
  const calls: [string, string][] = [
    ['GET', '/api/admin/references'],
    ['POST', '/api/admin/references/card'],
    ['PUT', '/api/admin/references/x'],
    ['DELETE', '/api/admin/references/card/x'],
    ['PUT', '/api/admin/references/reorder'],
    ['POST', '/api/admin/references/slider'],
    ['DELETE', '/api/admin/references/slider/0'],
  ]
  for (const [method, path] of calls) {
    const res = await jsonRequest(t, method, path, method === 'GET' ? undefined : card)
    expect(res.status, `${method} ${path}`).toBe(401)
  }
})

describe('slider images by id (issue 19)', () => {
  const slider = async () => (await (await jsonRequest(t, 'GET', '/api/admin/references', undefined, cookie)).json()).slider as { id: string; url: string }[]
  const del = (id: string) => jsonRequest(t, 'DELETE', `/api/admin/references/slider/${id}`, undefined, cookie)

  it('two admins deleting the same image: one deletes it, the other is told it is gone', async () => {
    const before = await slider()
    expect(before.length).toBeGreaterThanOrEqual(2)
    const second = before[1]
    const [first, again] = [await del(second.id), await del(second.id)]
    expect(first.status).toBe(200)
    expect(again.status).toBe(412)
    expect((await again.json()).message).toBe('Bu slider görseli artık yok: başka biri silmiş ya da değiştirmiş. Liste yenilendi.')
    // Only that image went: the one after it is still there.
    expect((await slider()).map((s) => s.url)).toEqual(before.filter((s) => s.id !== second.id).map((s) => s.url))
  })

  it('replaces an image by id; a replaced id is stale (412)', async () => {
    const [first] = await slider()
    const res = await jsonRequest(t, 'PUT', `/api/admin/references/slider/${first.id}`, { image: pngDataUrl }, cookie)
    expect(res.status).toBe(200)
    const now = await slider()
    expect(now[0].url).toMatch(/^\/uploads\/.+\.png$/)
    expect(now[0].id).not.toBe(first.id)
    const stale = await jsonRequest(t, 'PUT', `/api/admin/references/slider/${first.id}`, { image: 'https://cdn.ornek.com/x.jpg' }, cookie)
    expect(stale.status).toBe(412)
    expect((await slider())[0].url).toBe(now[0].url)
  })

  it('reorders by ids; an order made on a list that changed since is refused and changes nothing', async () => {
    const before = await slider()
    const reversed = [...before].reverse().map((s) => s.id)
    const res = await jsonRequest(t, 'PUT', '/api/admin/references/slider/order', { orderedIds: reversed }, cookie)
    expect(res.status).toBe(200)
    expect((await slider()).map((s) => s.id)).toEqual(reversed)
    expect((await publicRefs()).sliderImages).toEqual([...before].reverse().map((s) => s.url))
    await del(reversed[0])
    const stale = await jsonRequest(t, 'PUT', '/api/admin/references/slider/order', { orderedIds: reversed }, cookie)
    expect(stale.status).toBe(412)
    expect((await slider()).map((s) => s.id)).toEqual(reversed.slice(1))
  })

  it('refuses an image that is already in the slider', async () => {
    const [first] = await slider()
    const res = await addSlider(first.url)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Bu görsel slider’da zaten var.')
  })
})
