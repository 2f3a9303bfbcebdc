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

describe('admin login', () => {
  it('logs in, sets an HttpOnly SameSite=Strict cookie and returns the user without any password', async () => {
    const user = await addUser(t.deps.data, 'superadmin', 'Yonetici@Ornek.com')
    const res = await jsonRequest(t, 'POST', '/api/admin/login', {
      email: 'yonetici@ornek.com',
      password: PASSWORD,
    })
    expect(res.status).toBe(200)
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^admin_session=/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    const body = await res.json()
    expect(body).toEqual({
      success: true,
      data: {
        user: {
          id: user.id,
          name: user.name,
          email: 'yonetici@ornek.com',
          role: 'superadmin',
          createdAt: user.createdAt,
        },
      },
    })
    expect(JSON.stringify(body)).not.toMatch(/scrypt|password/i)
  })

  it('rejects a wrong password with a Turkish message', async () => {
    const user = await addUser(t.deps.data)
    const res = await jsonRequest(t, 'POST', '/api/admin/login', { email: user.email, password: 'yanlis' })
    expect(res.status).toBe(401)
    expect(await res.json()).toEqual({ success: false, message: 'E-posta veya şifre hatalı.' })
  })

  it('validates the body: e-mail and password required', async () => {
    const res = await jsonRequest(t, 'POST', '/api/admin/login', { email: 'olmaz' })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.success).toBe(false)
    expect(body.fields).toEqual({
      email: 'Geçerli bir e-posta adresi giriniz.',
      password: 'Bu alan zorunludur.',
    })
  })

  it('answers malformed JSON with 400 in Turkish, never 500', async () => {
    const res = await t.app.request('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bozuk',
    })
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Geçersiz istek gövdesi.')
  })

  it('rate-limits failed logins: the sixth attempt in a minute gets 429', async () => {
    const user = await addUser(t.deps.data)
    const statuses = []
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await jsonRequest(t, 'POST', '/api/admin/login', { email: user.email, password: 'yanlis' })).status,
      )
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    const blocked = await jsonRequest(t, 'POST', '/api/admin/login', {
      email: user.email,
      password: PASSWORD,
    })
    expect(blocked.status).toBe(429)
    expect((await blocked.json()).message).toBe(
      'Çok fazla deneme yapıldı. Lütfen bir dakika sonra tekrar deneyin.',
    )
  })
})

describe('admin session', () => {
  it('GET /api/admin/me needs a session: 401 without, the user with', async () => {
    const user = await addUser(t.deps.data)
    expect((await jsonRequest(t, 'GET', '/api/admin/me')).status).toBe(401)
    const cookie = await loginCookie(t, user.email)
    const res = await jsonRequest(t, 'GET', '/api/admin/me', undefined, cookie)
    expect(res.status).toBe(200)
    expect((await res.json()).data.user.email).toBe(user.email)
  })

  it('rejects a forged token and a library session on admin calls', async () => {
    expect(
      (await jsonRequest(t, 'GET', '/api/admin/me', undefined, 'admin_session=eyJhbGciOiJIUzI1NiJ9.e30.x'))
        .status,
    ).toBe(401)
    const member = await addMember(t.deps.data)
    const token = await t.deps.sessions.sign({ sub: member.id, kind: 'library' })
    expect((await jsonRequest(t, 'GET', '/api/admin/me', undefined, `admin_session=${token}`)).status).toBe(
      401,
    )
  })

  it('logout clears the cookie', async () => {
    const res = await jsonRequest(t, 'POST', '/api/admin/logout')
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/admin_session=;/)
  })

  it('refuses a cross-origin state change', async () => {
    const res = await t.app.request('/api/admin/logout', {
      method: 'POST',
      headers: { origin: 'https://kotu.example', host: 'localhost:3000' },
    })
    expect(res.status).toBe(403)
  })

  it('unknown API paths answer JSON 404', async () => {
    const res = await jsonRequest(t, 'GET', '/api/yok')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ success: false, message: 'İstenen adres bulunamadı.' })
  })
})
