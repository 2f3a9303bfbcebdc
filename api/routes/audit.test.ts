import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  addMember,
  addUser,
  createTestApp,
  jsonRequest,
  loginCookie,
  PASSWORD,
  type TestApp,
} from '../testing/test-helpers.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.cleanup())

const actions = async (cookie: string, query = '') => {
  const res = await jsonRequest(t, 'GET', `/api/admin/audit${query}`, undefined, cookie)
  expect(res.status).toBe(200)
  return (await res.json()) as {
    data: { action: string; userEmail: string | null; status: number; method: string; path: string }[]
    total: number
    users: string[]
  }
}

describe('audit log', () => {
  it('records logins, failed logins and each kind of admin change, newest first, with who did it', async () => {
    const boss = await addUser(t.deps.data, 'superadmin', 'patron@ornek.com')
    const bad = await jsonRequest(t, 'POST', '/api/admin/login', {
      email: boss.email,
      password: 'yanlis-sifre-1',
    })
    expect(bad.status).toBe(401)
    const cookie = await loginCookie(t, boss.email)
    const member = await addMember(t.deps.data)
    await t.deps.data.messages.add({
      id: 'msg1',
      name: 'A',
      email: 'a@ornek.com',
      phone: '+90 212 000 00 00',
      subject: 'S',
      message: 'M',
      createdAt: new Date().toISOString(),
      readAt: null,
    })
    const about = await (await jsonRequest(t, 'GET', '/api/admin/hakkimizda')).json()
    const calls: [string, string, unknown][] = [
      ['PUT', '/api/admin/hakkimizda', { ...about, title2: 'Yeni başlık' }],
      ['POST', '/api/admin/maintenance', { enabled: true }],
      ['POST', '/api/admin/maintenance', { enabled: false }],
      ['PUT', '/api/admin/contact/msg1/read', undefined],
      [
        'PUT',
        `/api/admin/library-members/${member.id}`,
        { name: 'Yeni Ad', email: member.email, password: PASSWORD, role: 'member' },
      ],
      [
        'POST',
        '/api/admin/users',
        { name: 'Editör', email: 'editor@ornek.com', password: PASSWORD, role: 'admin' },
      ],
    ]
    for (const [method, path, body] of calls) {
      const res = await jsonRequest(t, method, path, body, cookie)
      expect(res.status, `${method} ${path}`).toBeLessThan(300)
    }
    const log = await actions(cookie)
    expect(log.data.map((e) => e.action)).toEqual([
      '"Editör" kullanıcısını ekledi',
      '"Yeni Ad" kütüphane üyesini güncelledi',
      'Bir mesajı okundu olarak işaretledi',
      'Bakım modunu kapattı',
      'Bakım modunu açtı',
      'Hakkımızda sayfasını güncelledi',
      'Giriş yaptı',
      'Giriş yapamadı (hatalı e-posta veya şifre)',
    ])
    expect(log.total).toBe(8)
    expect(new Set(log.data.map((e) => e.userEmail))).toEqual(new Set(['patron@ornek.com']))
    expect(log.data.at(-1)).toMatchObject({ status: 401, method: 'POST', path: '/api/admin/login' })
    expect(log.users).toEqual(['patron@ornek.com'])
  })

  it('filters by user and by words of the action, Turkish case-insensitive', async () => {
    const boss = await addUser(t.deps.data, 'superadmin')
    const other = await addUser(t.deps.data, 'admin')
    const bossCookie = await loginCookie(t, boss.email)
    const otherCookie = await loginCookie(t, other.email)
    await jsonRequest(t, 'POST', '/api/admin/maintenance', { enabled: true }, otherCookie)
    const mine = await actions(bossCookie, `?user=${encodeURIComponent(other.email)}`)
    expect(mine.data.map((e) => e.action)).toEqual(['Bakım modunu açtı', 'Giriş yaptı'])
    const search = await actions(bossCookie, `?q=${encodeURIComponent('BAKIM')}`)
    expect(search.data.map((e) => e.userEmail)).toEqual([other.email])
  })

  it('the full log is for superadmins; every admin sees the recent list, without addresses or requests', async () => {
    const admin = await addUser(t.deps.data, 'admin')
    const cookie = await loginCookie(t, admin.email)
    expect((await jsonRequest(t, 'GET', '/api/admin/audit', undefined, cookie)).status).toBe(403)
    const recent = await (await jsonRequest(t, 'GET', '/api/admin/audit/recent', undefined, cookie)).json()
    expect(recent.data.map((e: { action: string }) => e.action)).toEqual(['Giriş yaptı'])
    expect(recent.data[0]).not.toHaveProperty('address')
    // The request behind an entry is a superadmin's 'Ayrıntılar' only.
    expect(recent.data[0]).not.toHaveProperty('path')
    expect(recent.data[0]).not.toHaveProperty('method')
    const boss = await addUser(t.deps.data, 'superadmin')
    const bossCookie = await loginCookie(t, boss.email)
    const detailed = await (await jsonRequest(t, 'GET', '/api/admin/audit/recent', undefined, bossCookie)).json()
    expect(detailed.data[0]).toMatchObject({ method: 'POST', path: '/api/admin/login', status: 200 })
    expect((await jsonRequest(t, 'GET', '/api/admin/audit/recent')).status).toBe(401)
  })

  it('does not log reads, nor calls without a session', async () => {
    const admin = await addUser(t.deps.data, 'superadmin')
    await jsonRequest(t, 'POST', '/api/admin/maintenance', { enabled: true })
    const cookie = await loginCookie(t, admin.email)
    await jsonRequest(t, 'GET', '/api/admin/stats', undefined, cookie)
    expect((await actions(cookie)).data.map((e) => e.action)).toEqual(['Giriş yaptı'])
  })
})
