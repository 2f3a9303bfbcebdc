import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import {
  addMember,
  addUser,
  createTestApp,
  jsonRequest,
  loginCookie,
  type TestApp,
} from '../testing/test-helpers.ts'

let t: TestApp
let clock: Date
let superadmin: string
beforeEach(async () => {
  clock = new Date('2026-03-10T09:00:00Z')
  t = await createTestApp({ now: () => clock })
  superadmin = await loginCookie(t, (await addUser(t.deps.data, 'superadmin')).email)
})
afterEach(() => t.cleanup())

const form = (email: string, message = 'Merhaba, e-fatura için bilgi almak istiyorum.') => ({
  name: email.startsWith('ayse') || email.startsWith('Ayse') ? 'Ayşe Kaya' : 'Mehmet Öz',
  email,
  phone: '0532 000 00 00',
  subject: 'Teklif',
  message,
})
const send = async (email: string, message?: string) =>
  expect((await jsonRequest(t, 'POST', '/api/contact', form(email, message))).status).toBe(201)
const inbox = async (cookie = superadmin) =>
  (
    (await (await jsonRequest(t, 'GET', '/api/admin/contact?pageSize=100', undefined, cookie)).json()) as {
      data: { email: string; message: string }[]
    }
  ).data
const days = (n: number) => (clock = new Date(clock.getTime() + n * 86_400_000))

describe('contact messages are kept MESSAGE_KEEP_DAYS (KVKK)', () => {
  it('deletes messages older than 730 days by default, keeps younger ones', async () => {
    await send('eski@ornek.com', 'En eski mesaj, iki yıldan eski olacak.')
    days(400)
    await send('yeni@ornek.com', 'Daha yeni bir mesaj, saklanmaya devam eder.')
    days(329) // the first is 729 days old
    superadmin = await loginCookie(t, (await addUser(t.deps.data, 'superadmin')).email)
    t.deps.data.messages.pruneNow()
    expect((await inbox()).map((m) => m.email).sort()).toEqual(['eski@ornek.com', 'yeni@ornek.com'])
    days(2) // 731 days: gone; the other is 331 days old
    superadmin = await loginCookie(t, (await addUser(t.deps.data, 'superadmin')).email)
    expect(t.deps.data.messages.pruneNow()).toBe(1)
    expect((await inbox()).map((m) => m.email)).toEqual(['yeni@ornek.com'])
  })

  it('takes its days from MESSAGE_KEEP_DAYS, and looks by itself when a message comes in (at most hourly)', async () => {
    await t.cleanup()
    clock = new Date('2026-03-10T09:00:00Z')
    t = await createTestApp({ now: () => clock, messageKeepDays: 30 })
    await send('ilk@ornek.com')
    days(31)
    await send('ikinci@ornek.com')
    superadmin = await loginCookie(t, (await addUser(t.deps.data, 'superadmin')).email)
    expect((await inbox()).map((m) => m.email)).toEqual(['ikinci@ornek.com'])
  })
})

describe('Kişisel veri silme (superadmin, KVKK)', () => {
  const PERSON = 'ayse.kaya@ornek.com'

  async function arrange() {
    await send(PERSON, 'Birinci mesajım.')
    await send('Ayse.Kaya@Ornek.com', 'İkinci mesajım, büyük harfle yazılmış adresten.')
    await send('baska@ornek.com', 'Başka birinin mesajı.')
    // A library member with the address, added through the API: the audit log names the member.
    const created = await jsonRequest(
      t,
      'POST',
      '/api/admin/library-members',
      { name: 'Ayşe Kaya', email: PERSON, password: 'gizli-sifre-123', role: 'member' },
      superadmin,
    )
    expect(created.status, await created.clone().text()).toBe(201)
    await addMember(t.deps.data, 'member', 'kalan@ornek.com')
    // A failed admin login with the address: the audit log stores it.
    await jsonRequest(t, 'POST', '/api/admin/login', { email: PERSON, password: 'yanlis-sifre-1' })
  }
  const stored = () =>
    JSON.stringify([
      t.deps.data.db.prepare('SELECT * FROM messages').all(),
      t.deps.data.db.prepare('SELECT * FROM members').all(),
      t.deps.data.db.prepare('SELECT * FROM audit_log').all(),
    ])

  it('finds messages, the member and audit entries by e-mail, deletes them, and logs that without the data', async () => {
    await arrange()
    expect(stored().toLowerCase()).toContain(PERSON)
    const found = await jsonRequest(
      t,
      'GET',
      `/api/admin/personal-data?email=${encodeURIComponent(' Ayse.Kaya@ornek.com ')}`,
      undefined,
      superadmin,
    )
    expect(found.status).toBe(200)
    const { data: before } = (await found.json()) as {
      data: { messages: number; member: boolean; auditEntries: number }
    }
    expect(before.messages).toBe(2)
    expect(before.member).toBe(true)
    expect(before.auditEntries).toBeGreaterThanOrEqual(2)

    const res = await jsonRequest(t, 'DELETE', '/api/admin/personal-data', { email: PERSON }, superadmin)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ success: true, message: msg.personalDataErased, data: before })

    const after = stored()
    expect(after.toLowerCase()).not.toContain('ayse.kaya')
    expect(after).not.toContain('Ayşe Kaya')
    // Others' data stays.
    expect((await inbox()).map((m) => m.email)).toEqual(['baska@ornek.com'])
    expect(t.deps.data.read('members').map((m) => m.email)).toEqual(['kalan@ornek.com'])
    // The deletion itself is in the log, saying only that it happened.
    const log = t.deps.data.db.prepare('SELECT action, path FROM audit_log ORDER BY id DESC LIMIT 1').get()
    expect(log).toEqual({ action: 'Bir kişinin kişisel verilerini sildi', path: '/api/admin/personal-data' })
    const again = await jsonRequest(
      t,
      'GET',
      `/api/admin/personal-data?email=${PERSON}`,
      undefined,
      superadmin,
    )
    expect(((await again.json()) as { data: unknown }).data).toEqual({
      messages: 0,
      member: false,
      auditEntries: 0,
    })
  })

  it('is for superadmins only and checks the address', async () => {
    const admin = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
    expect(
      (await jsonRequest(t, 'DELETE', '/api/admin/personal-data', { email: PERSON }, admin)).status,
    ).toBe(403)
    expect(
      (await jsonRequest(t, 'GET', `/api/admin/personal-data?email=${PERSON}`, undefined, admin)).status,
    ).toBe(403)
    expect((await jsonRequest(t, 'GET', `/api/admin/personal-data?email=${PERSON}`)).status).toBe(401)
    const bad = await jsonRequest(
      t,
      'DELETE',
      '/api/admin/personal-data',
      { email: 'adres-degil' },
      superadmin,
    )
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain(msg.invalidEmail)
  })
})
