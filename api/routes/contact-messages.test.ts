import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addMember, addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
let clock: Date
beforeEach(async () => {
  clock = new Date('2025-03-01T09:00:00.000Z')
  t = await createTestApp({ now: () => clock })
  cookie = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
})
afterEach(() => t.cleanup())

const form = {
  name: 'Mehmet Öz',
  email: 'Mehmet@Ornek.com',
  phone: '+90 532 000 00 00',
  subject: 'Teklif',
  message: 'Merhaba, e-fatura için bilgi almak istiyorum.',
}
const send = (body: unknown) => jsonRequest(t, 'POST', '/api/contact', body)
const tick = (minutes: number) => (clock = new Date(clock.getTime() + minutes * 60_000))
/** Every stored message, unread then read (straight from the store). */
const stored = () => [
  ...t.deps.data.messages.list({ archived: false, page: 1, pageSize: 500 }).data,
  ...t.deps.data.messages.list({ archived: true, page: 1, pageSize: 500 }).data,
]

describe('POST /api/contact', () => {
  it('stores an unread message and answers 201 with the Turkish confirmation', async () => {
    const res = await send(form)
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({
      success: true,
      message: 'Mesajınız başarıyla gönderildi. En kısa sürede size dönüş yapacağız.',
    })
    expect(stored()).toEqual([
      {
        id: expect.any(String),
        ...form,
        email: 'mehmet@ornek.com',
        createdAt: '2025-03-01T09:00:00.000Z',
        readAt: null,
      },
    ])
  })

  it('requires all five fields and an e-mail of e-mail type', async () => {
    const res = await send({ name: ' ', email: 'olmaz', phone: '', subject: '', message: '' })
    expect(res.status).toBe(400)
    expect((await res.json()).fields).toEqual({
      name: 'Bu alan zorunludur.',
      email: 'Geçerli bir e-posta adresi giriniz.',
      phone: 'Bu alan zorunludur.',
      subject: 'Bu alan zorunludur.',
      message: 'Bu alan zorunludur.',
    })
    const phone = await send({ ...form, phone: 'abc-defg' })
    expect((await phone.json()).fields).toEqual({ phone: 'Geçerli bir telefon numarası giriniz.' })
    expect(stored()).toEqual([])
  })

  it('answers malformed JSON with 400, never 500', async () => {
    const res = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"name":',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Geçersiz istek gövdesi.')
  })

  it('limits one address to 10 messages a minute', async () => {
    const statuses = []
    for (let i = 0; i < 11; i++) statuses.push((await send(form)).status)
    expect(statuses).toEqual([...Array(10).fill(201), 429])
    expect(stored()).toHaveLength(10)
    tick(1)
    expect((await send(form)).status).toBe(201)
  })

  it('keeps both of two messages sent at the same time, across a restart', async () => {
    const [a, b] = await Promise.all([
      send({ ...form, subject: 'Birinci' }),
      send({ ...form, subject: 'İkinci' }),
    ])
    expect([a.status, b.status]).toEqual([201, 201])
    await t.restart()
    const inbox = await (await jsonRequest(t, 'GET', '/api/admin/contact', undefined, cookie)).json()
    expect(inbox.data.map((m: { subject: string }) => m.subject).sort()).toEqual(['Birinci', 'İkinci'])
  })
})

describe('admin inbox and archive', () => {
  it('lists unread newest first; marking read moves a message to the archive with readAt, newest read first', async () => {
    await send({ ...form, subject: 'Eski' })
    tick(5)
    await send({ ...form, subject: 'Yeni' })
    const inbox = await (await jsonRequest(t, 'GET', '/api/admin/contact', undefined, cookie)).json()
    expect(inbox.success).toBe(true)
    expect(inbox.data.map((m: { subject: string }) => m.subject)).toEqual(['Yeni', 'Eski'])
    const [yeni, eski] = inbox.data

    tick(10)
    const read = await jsonRequest(t, 'PUT', `/api/admin/contact/${yeni.id}/read`, undefined, cookie)
    expect(await read.json()).toEqual({
      success: true,
      message: 'Mesaj okundu olarak işaretlendi.',
      data: { ...yeni, readAt: '2025-03-01T09:15:00.000Z' },
    })
    tick(1)
    await jsonRequest(t, 'PUT', `/api/admin/contact/${eski.id}/read`, undefined, cookie)
    // Marking again keeps the first read time.
    tick(1)
    await jsonRequest(t, 'PUT', `/api/admin/contact/${yeni.id}/read`, undefined, cookie)

    expect(
      (await (await jsonRequest(t, 'GET', '/api/admin/contact', undefined, cookie)).json()).data,
    ).toEqual([])
    await t.restart()
    const archive = await (
      await jsonRequest(t, 'GET', '/api/admin/contact/archive', undefined, cookie)
    ).json()
    expect(archive.data.map((m: { subject: string; readAt: string }) => [m.subject, m.readAt])).toEqual([
      ['Eski', '2025-03-01T09:16:00.000Z'],
      ['Yeni', '2025-03-01T09:15:00.000Z'],
    ])
  })

  it('answers 404 for an unknown message and 400 for a malformed id', async () => {
    const res = await jsonRequest(t, 'PUT', '/api/admin/contact/yok/read', undefined, cookie)
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ success: false, message: 'Kayıt bulunamadı.' })
    expect((await jsonRequest(t, 'PUT', '/api/admin/contact/a.b/read', undefined, cookie)).status).toBe(400)
  })

  it('needs an admin session: 401 without one and for a library member session', async () => {
    await send(form)
    const id = stored()[0]!.id
    const member = await addMember(t.deps.data, 'library_admin')
    const libraryCookie = await loginCookie(t, member.email, '/api/library/login')
    for (const c of [undefined, libraryCookie]) {
      expect((await jsonRequest(t, 'GET', '/api/admin/contact', undefined, c)).status).toBe(401)
      expect((await jsonRequest(t, 'GET', '/api/admin/contact/archive', undefined, c)).status).toBe(401)
      expect((await jsonRequest(t, 'PUT', `/api/admin/contact/${id}/read`, undefined, c)).status).toBe(401)
    }
    expect(stored()[0]!.readAt).toBeNull()
  })
})
