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

describe('library login', () => {
  it('logs a member in with an HttpOnly library_session cookie and returns the member without password', async () => {
    const member = await addMember(t.deps.data, 'library_admin', 'okur@ornek.com')
    const res = await jsonRequest(t, 'POST', '/api/library/login', {
      email: 'OKUR@ornek.com',
      password: PASSWORD,
    })
    expect(res.status).toBe(200)
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^library_session=/)
    expect(cookie).toMatch(/HttpOnly/)
    const body = await res.json()
    expect(body).toEqual({
      success: true,
      member: {
        id: member.id,
        name: member.name,
        email: 'okur@ornek.com',
        role: 'library_admin',
        created_at: member.created_at,
      },
    })
    expect(JSON.stringify(body)).not.toMatch(/scrypt|password/i)
  })

  it('rejects a wrong password and an unknown e-mail with 401 in Turkish', async () => {
    const member = await addMember(t.deps.data)
    for (const body of [
      { email: member.email, password: 'yanlis-sifre' },
      { email: 'yok@ornek.com', password: PASSWORD },
    ]) {
      const res = await jsonRequest(t, 'POST', '/api/library/login', body)
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ success: false, message: 'E-posta veya şifre hatalı.' })
    }
  })

  it('validates the body', async () => {
    const res = await jsonRequest(t, 'POST', '/api/library/login', { email: 'olmaz', password: '' })
    expect(res.status).toBe(400)
    expect((await res.json()).fields).toEqual({
      email: 'Geçerli bir e-posta adresi giriniz.',
      password: 'Bu alan zorunludur.',
    })
  })

  it('is rate-limited like the admin login: the sixth failure in a minute gets 429', async () => {
    const member = await addMember(t.deps.data)
    const statuses = []
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await jsonRequest(t, 'POST', '/api/library/login', { email: member.email, password: 'yanlis' }))
          .status,
      )
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    const blocked = await jsonRequest(t, 'POST', '/api/library/login', {
      email: member.email,
      password: PASSWORD,
    })
    expect(blocked.status).toBe(429)
    expect((await blocked.json()).message).toBe(
      'Çok fazla deneme yapıldı. Lütfen bir dakika sonra tekrar deneyin.',
    )
  })
})

describe('library session', () => {
  it('GET /me: 401 without a session, the member with one, 401 again after the member is removed', async () => {
    const member = await addMember(t.deps.data)
    const none = await jsonRequest(t, 'GET', '/api/library/me')
    expect(none.status).toBe(401)
    expect((await none.json()).message).toBe('Bu işlem için giriş yapmalısınız.')
    const cookie = await loginCookie(t, member.email, '/api/library/login')
    const res = await jsonRequest(t, 'GET', '/api/library/me', undefined, cookie)
    expect((await res.json()).member.id).toBe(member.id)
    await t.restart()
    expect((await jsonRequest(t, 'GET', '/api/library/me', undefined, cookie)).status).toBe(200)
    await t.deps.data.update('members', (members) => void members.splice(0))
    expect((await jsonRequest(t, 'GET', '/api/library/me', undefined, cookie)).status).toBe(401)
  })

  it('does not accept an admin session as a library session, nor the other way round', async () => {
    const admin = await addUser(t.deps.data, 'superadmin')
    const token = await t.deps.sessions.sign({ sub: admin.id, kind: 'admin' })
    expect(
      (await jsonRequest(t, 'GET', '/api/library/me', undefined, `library_session=${token}`)).status,
    ).toBe(401)
    const adminCookie = await loginCookie(t, admin.email)
    expect((await jsonRequest(t, 'GET', '/api/library/me', undefined, adminCookie)).status).toBe(401)
  })

  it('logout clears the cookie', async () => {
    const res = await jsonRequest(t, 'POST', '/api/library/logout')
    expect(await res.json()).toEqual({ success: true })
    expect(res.headers.get('set-cookie')).toMatch(/library_session=;/)
  })
})
