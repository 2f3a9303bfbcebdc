import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ContactMessage } from '#schema/contact-message.ts'
import { addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
})
afterEach(() => t.cleanup())

const form = {
  name: 'Mehmet Öz',
  email: 'mehmet@ornek.com',
  phone: '+90 532 000 00 00',
  subject: 'Teklif',
  message: 'Merhaba.',
}
/** Stores n messages straight through the store, one minute apart (subject 'Konu <i>'). */
async function seed(n: number, extra: (i: number) => Partial<ContactMessage> = () => ({})) {
  for (let i = 0; i < n; i++) {
    const createdAt = new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString()
    await t.deps.data.messages.add({
      id: `m${i}`,
      ...form,
      subject: `Konu ${i}`,
      createdAt,
      readAt: null,
      ...extra(i),
    })
  }
}
const get = async (path: string) => {
  const res = await jsonRequest(t, 'GET', path, undefined, cookie)
  return { status: res.status, body: await res.json() }
}
const subjects = (body: { data: { subject: string }[] }) => body.data.map((m) => m.subject)

describe('inbox and archive pages', () => {
  it('answer data with total, page and pageSize (default 50), newest first, and page through', async () => {
    await seed(120)
    const first = await get('/api/admin/contact')
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ success: true, total: 120, page: 1, pageSize: 50 })
    expect(first.body.data).toHaveLength(50)
    expect(subjects(first.body).slice(0, 2)).toEqual(['Konu 119', 'Konu 118'])
    const last = await get('/api/admin/contact?page=3&pageSize=50')
    expect(subjects(last.body)).toEqual(Array.from({ length: 20 }, (_, i) => `Konu ${19 - i}`))
    expect((await get('/api/admin/contact?page=9')).body).toMatchObject({ data: [], total: 120, page: 9 })
  })

  it('the archive holds read messages, newest read first, with its own total', async () => {
    await seed(5)
    for (const id of ['m1', 'm3']) {
      expect((await jsonRequest(t, 'PUT', `/api/admin/contact/${id}/read`, undefined, cookie)).status).toBe(
        200,
      )
      await new Promise((r) => setTimeout(r, 5))
    }
    const archive = await get('/api/admin/contact/archive?pageSize=1')
    expect(archive.body).toMatchObject({ total: 2, page: 1, pageSize: 1 })
    expect(subjects(archive.body)).toEqual(['Konu 3'])
    expect((await get('/api/admin/contact')).body.total).toBe(3)
  })

  it('q searches name, e-mail, subject and message, Turkish case-insensitive', async () => {
    await seed(
      6,
      (i) =>
        [
          { name: 'İsmail Işık' },
          { email: 'SATIS@firma.com.tr' },
          { subject: 'ÇAĞRI merkezi' },
          { message: 'e-Fatura geçişi hakkında' },
          { message: '100% indirim_kodu' },
          {},
        ][i]!,
    )
    const find = async (q: string) =>
      subjects((await get(`/api/admin/contact?q=${encodeURIComponent(q)}`)).body)
    expect(await find('ismail')).toEqual(['Konu 0'])
    expect(await find('IŞIK')).toEqual(['Konu 0'])
    expect(await find('satis@')).toEqual(['Konu 1'])
    expect(await find('çağrı')).toEqual(['ÇAĞRI merkezi'])
    expect(await find('ışık')).toEqual(['Konu 0'])
    expect(await find('E-FATURA')).toEqual(['Konu 3'])
    // Issue 30: typed without the Turkish letters.
    expect(await find('cagri MERKEZI')).toEqual(['ÇAĞRI merkezi'])
    expect(await find('ISMAIL ISIK')).toEqual(['Konu 0'])
    expect(await find('e-fatura gecisi')).toEqual(['Konu 3'])
    // LIKE wildcards in the text are searched for as they are.
    expect(await find('0%')).toEqual(['Konu 4'])
    expect(await find('_')).toEqual(['Konu 4'])
    expect((await get('/api/admin/contact?q=yok-boyle-bir-sey')).body).toMatchObject({ data: [], total: 0 })
  })

  it('rejects a page below 1 and a pageSize above 500 with Turkish messages', async () => {
    const big = await get('/api/admin/contact?pageSize=501')
    expect(big.status).toBe(400)
    expect(big.body.fields).toEqual({ pageSize: 'Sayfa boyutu 1 ile 500 arasında bir tam sayı olmalıdır.' })
    const zero = await get('/api/admin/contact/archive?page=0')
    expect(zero.status).toBe(400)
    expect(zero.body.fields).toEqual({ page: 'Sayfa numarası 1 veya daha büyük bir tam sayı olmalıdır.' })
    expect((await get('/api/admin/contact?pageSize=500')).status).toBe(200)
  })
})

describe('honeypot', () => {
  it('a filled hidden field gets the usual answer and stores nothing; an empty one is a person', async () => {
    const bot = await jsonRequest(t, 'POST', '/api/contact', { ...form, website: 'http://spam.example' })
    expect(bot.status).toBe(201)
    expect((await bot.json()).message).toBe(
      'Mesajınız başarıyla gönderildi. En kısa sürede size dönüş yapacağız.',
    )
    expect(t.deps.data.messages.unreadCount()).toBe(0)
    expect((await jsonRequest(t, 'POST', '/api/contact', { ...form, website: '' })).status).toBe(201)
    expect(t.deps.data.messages.unreadCount()).toBe(1)
  })
})
