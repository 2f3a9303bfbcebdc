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

const status = async (method: string, path: string, cookie: string, body?: unknown) =>
  (await jsonRequest(t, method, path, body, cookie)).status

// Finding 2 of issue 13: logout cleared the cookie, but the old token still got 200 for up to 8 hours.
describe('logout ends the session on the server', () => {
  it('admin: the logged-out token gets 401 everywhere, also after a restart; other sessions go on', async () => {
    const user = await addUser(t.deps.data, 'superadmin')
    const copied = await loginCookie(t, user.email)
    const other = await loginCookie(t, user.email)
    expect(await status('GET', '/api/admin/me', copied)).toBe(200)
    expect(await status('POST', '/api/admin/logout', copied)).toBe(200)
    for (const [method, path, body] of [
      ['GET', '/api/admin/me'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/dashboard'],
      ['POST', '/api/admin/maintenance', { enabled: true }],
      ['POST', '/api/upload'],
    ] as const)
      expect(await status(method, path, copied, body), path).toBe(401)
    expect(t.deps.data.read('state').maintenanceMode).toBe(false)
    expect(await status('GET', '/api/admin/me', other)).toBe(200)
    await t.restart()
    expect(await status('GET', '/api/admin/me', copied)).toBe(401)
    expect(await status('GET', '/api/admin/me', other)).toBe(200)
  })

  it('library: the logged-out member token gets 401, also after a restart', async () => {
    const member = await addMember(t.deps.data)
    const copied = await loginCookie(t, member.email, '/api/library/login')
    expect(await status('GET', '/api/library/me', copied)).toBe(200)
    expect(await status('POST', '/api/library/logout', copied)).toBe(200)
    expect(await status('GET', '/api/library/me', copied)).toBe(401)
    await t.restart()
    expect(await status('GET', '/api/library/me', copied)).toBe(401)
  })

  it('a logout without a session, or with a forged token, still answers 200 and stores nothing', async () => {
    expect((await jsonRequest(t, 'POST', '/api/admin/logout')).status).toBe(200)
    expect(await status('POST', '/api/admin/logout', 'admin_session=bozuk.jeton.x')).toBe(200)
    expect(t.deps.data.revocations.size()).toBe(0)
  })
})

// Finding 3 of issue 13: changing one's own password or e-mail needed no current password, so a copied cookie
// was enough to take the account over.
describe('own password or e-mail change asks for the current password', () => {
  const edit = (id: string, body: Record<string, unknown>, cookie: string) =>
    jsonRequest(t, 'PUT', `/api/admin/users/${id}`, body, cookie)

  it('refuses without it or with a wrong one (Turkish field message), changes nothing, and takes the right one', async () => {
    const user = await addUser(t.deps.data)
    const cookie = await loginCookie(t, user.email)
    const base = { name: user.name, email: user.email }
    const missing = await edit(user.id, { ...base, password: 'Yeni-Sifre-99' }, cookie)
    expect(missing.status).toBe(400)
    expect((await missing.json()).fields).toEqual({
      currentPassword: 'Şifrenizi veya e-postanızı değiştirmek için mevcut şifrenizi giriniz.',
    })
    const wrong = await edit(user.id, { ...base, email: 'ele@ornek.com', currentPassword: 'tahmin' }, cookie)
    expect(wrong.status).toBe(400)
    expect(await wrong.json()).toMatchObject({
      message: 'Mevcut şifreniz hatalı.',
      fields: { currentPassword: 'Mevcut şifreniz hatalı.' },
    })
    expect(t.deps.data.read('users')[0]).toMatchObject({ email: user.email, passwordHash: user.passwordHash })
    // The session is not ended by a wrong guess (the admin stays on the form).
    expect(await status('GET', '/api/admin/me', cookie)).toBe(200)
    // A name change alone needs nothing.
    expect((await edit(user.id, { ...base, name: 'Yeni Ad' }, cookie)).status).toBe(200)
    const right = await edit(user.id, { ...base, email: 'yeni@ornek.com', currentPassword: PASSWORD }, cookie)
    expect(right.status).toBe(200)
    expect(t.deps.data.read('users')[0]!.email).toBe('yeni@ornek.com')
  })

  it('limits guesses of the current password like logins', async () => {
    const user = await addUser(t.deps.data)
    const cookie = await loginCookie(t, user.email)
    const guess = (currentPassword: string) =>
      edit(
        user.id,
        { name: user.name, email: user.email, password: 'Yeni-Sifre-99', currentPassword },
        cookie,
      )
    for (let i = 0; i < 5; i++) expect((await guess(`yanlis-${i}`)).status).toBe(400)
    expect((await guess(PASSWORD)).status).toBe(429)
  })

  it('a superadmin setting another user’s password or e-mail gives no password of theirs', async () => {
    const boss = await loginCookie(t, (await addUser(t.deps.data, 'superadmin')).email)
    const user = await addUser(t.deps.data)
    const res = await edit(
      user.id,
      { name: user.name, email: 'baska@ornek.com', password: 'Yeni-Sifre-99' },
      boss,
    )
    expect(res.status).toBe(200)
  })
})
