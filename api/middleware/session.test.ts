import { msg } from '#schema/messages.ts'
import { afterEach, describe, expect, it } from 'vitest'
import { addMember, addUser, createTestApp, jsonRequest, loginCookie, PASSWORD, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp | undefined
afterEach(async () => {
  await t?.cleanup()
  t = undefined
})

// Issue 28: the session middleware's checks one by one (fast tests for the mutation run; auth-matrix.test.ts walks
// every route and role).
describe('requireAdmin with a one-time password (admin:reset-password)', () => {
  it('allows only: who am I, log out, and choosing its own new password; everything else is 403 in Turkish', async () => {
    t = await createTestApp()
    const user = await addUser(t.deps.data)
    const other = await addUser(t.deps.data)
    await t.deps.data.update('users', (users) => {
      users.find((u) => u.id === user.id)!.mustChangePassword = true
    })
    const cookie = await loginCookie(t, user.email)
    const status = async (method: string, path: string, body?: unknown) => (await jsonRequest(t!, method, path, body, cookie)).status
    expect(await status('GET', '/api/admin/me')).toBe(200)
    const refused = await jsonRequest(t, 'GET', '/api/admin/blogs', undefined, cookie)
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toBe(msg.passwordChangeRequired)
    expect(await status('PUT', `/api/admin/users/${other.id}`, { name: 'Başkası' })).toBe(403)
    expect(await status('POST', '/api/admin/me')).toBe(403)
    expect(await status('GET', `/api/admin/users/${user.id}`)).toBe(403)
    expect(await status('GET', '/api/admin/logout')).toBe(403)
    // Logging out is allowed before the new password too, and its cookie is cleared with the attributes it was set with.
    const second = await loginCookie(t, user.email)
    const out = await jsonRequest(t, 'POST', '/api/admin/logout', undefined, second)
    expect(out.status).toBe(200)
    const cleared = out.headers.get('set-cookie')!
    expect(cleared).toMatch(/^admin_session=;/)
    expect(cleared).toMatch(/Path=\//)
    expect(cleared).toMatch(/HttpOnly/)
    expect(cleared).toMatch(/SameSite=Strict/)
    // Its own new password goes through (the route checks the body), then everything works again.
    const changed = await jsonRequest(t, 'PUT', `/api/admin/users/${user.id}`, { currentPassword: PASSWORD, password: 'yeni-sifre-456', name: user.name, email: user.email }, cookie)
    expect(changed.status).not.toBe(403)
    expect(await status('POST', '/api/admin/logout')).toBe(200)
  })
})

describe('requireRole and sessions', () => {
  it('an admin is refused a superadmin-only route with 403; a superadmin is let through', async () => {
    t = await createTestApp()
    const admin = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
    const boss = await loginCookie(t, (await addUser(t.deps.data, 'superadmin')).email)
    const refused = await jsonRequest(t, 'GET', '/api/admin/audit', undefined, admin)
    expect(refused.status).toBe(403)
    expect((await refused.json()).message).toBe(msg.forbidden)
    expect((await jsonRequest(t, 'GET', '/api/admin/audit', undefined, boss)).status).toBe(200)
  })

  it('a library session is no admin session; a deleted account’s session ends; a logout ends the token itself', async () => {
    t = await createTestApp()
    const member = await addMember(t.deps.data)
    const library = await loginCookie(t, member.email, '/api/library/login')
    expect((await jsonRequest(t, 'GET', '/api/admin/me', undefined, library.replace('library_session', 'admin_session'))).status).toBe(401)
    const user = await addUser(t.deps.data)
    const cookie = await loginCookie(t, user.email)
    expect((await jsonRequest(t, 'GET', '/api/admin/me', undefined, cookie)).status).toBe(200)
    await t.deps.data.update('users', (users) => void users.splice(users.findIndex((u) => u.id === user.id), 1))
    expect((await jsonRequest(t, 'GET', '/api/admin/me', undefined, cookie)).status).toBe(401)
    const again = await addUser(t.deps.data)
    const second = await loginCookie(t, again.email)
    expect((await jsonRequest(t, 'POST', '/api/admin/logout', undefined, second)).status).toBe(200)
    expect((await jsonRequest(t, 'GET', '/api/admin/me', undefined, second)).status).toBe(401)
  })

  it('a session issued before its account’s sessionsFrom (a password change) ends; one from the same second goes on', async () => {
    t = await createTestApp()
    const iatOf = (cookie: string) => JSON.parse(Buffer.from(cookie.split('=')[1]!.split('.')[1]!, 'base64url').toString()).iat as number
    const user = await addUser(t.deps.data)
    const cookie = await loginCookie(t, user.email)
    const iat = iatOf(cookie)
    const setFrom = (ms: number) =>
      t!.deps.data.update('users', (users) => void (users.find((u) => u.id === user.id)!.sessionsFrom = new Date(ms).toISOString()))
    // Tokens count whole seconds: a change later in the token's own second leaves it good.
    await setFrom(iat * 1000 + 999)
    expect((await jsonRequest(t, 'GET', '/api/admin/me', undefined, cookie)).status).toBe(200)
    await setFrom((iat + 1) * 1000)
    expect((await jsonRequest(t, 'GET', '/api/admin/me', undefined, cookie)).status).toBe(401)

    // The library's members: their own table, the same rule.
    const member = await addMember(t.deps.data)
    const library = await loginCookie(t, member.email, '/api/library/login')
    expect((await jsonRequest(t, 'GET', '/api/library/me', undefined, library)).status).toBe(200)
    await t.deps.data.update('members', (members) => void (members.find((m) => m.id === member.id)!.sessionsFrom = new Date((iatOf(library) + 1) * 1000).toISOString()))
    expect((await jsonRequest(t, 'GET', '/api/library/me', undefined, library)).status).toBe(401)
    const other = await addMember(t.deps.data)
    const otherCookie = await loginCookie(t, other.email, '/api/library/login')
    expect((await jsonRequest(t, 'GET', '/api/library/me', undefined, otherCookie)).status).toBe(200)
    await t.deps.data.update('members', (members) => void members.splice(members.findIndex((m) => m.id === other.id), 1))
    expect((await jsonRequest(t, 'GET', '/api/library/me', undefined, otherCookie)).status).toBe(401)
  })

  it('the proxy’s first X-Forwarded-Proto counts, whatever its case and spaces', async () => {
    t = await createTestApp()
    const user = await addUser(t.deps.data)
    const login = (proto: string) =>
      t!.app.request('http://localhost/api/admin/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': proto },
        body: JSON.stringify({ email: user.email, password: PASSWORD }),
      })
    expect((await login(' HTTPS , http')).headers.get('set-cookie')).toMatch(/; Secure/)
    expect((await login('http, https')).headers.get('set-cookie')).not.toMatch(/Secure/)
    const cookie = (await login('https')).headers.get('set-cookie')!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Strict/)
    expect(cookie).toMatch(/Path=\//)
    expect(cookie).toMatch(/Max-Age=28800/)
  })
})
