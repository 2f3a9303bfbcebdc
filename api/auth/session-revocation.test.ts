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
let clock: Date
const advance = (seconds: number) => void (clock = new Date(clock.getTime() + seconds * 1000))
beforeEach(async () => {
  clock = new Date()
  t = await createTestApp({ now: () => clock })
})
afterEach(() => t.cleanup())

const me = async (cookie: string) => (await jsonRequest(t, 'GET', '/api/admin/me', undefined, cookie)).status
const memberMe = async (cookie: string) =>
  (await jsonRequest(t, 'GET', '/api/library/me', undefined, cookie)).status
const profile = (u: { name: string; email: string }, password?: string) => ({
  name: u.name,
  email: u.email,
  password,
  currentPassword: PASSWORD,
})

// Sessions are signed tokens: before, a session stolen or left open elsewhere outlived a password change by up
// to 8 hours, though changing the password is what a user does when an account may be compromised.
describe('a password change ends the sessions opened before it', () => {
  it('on the own profile: other sessions get 401, the one that changed it gets a fresh cookie', async () => {
    const user = await addUser(t.deps.data)
    const here = await loginCookie(t, user.email)
    const elsewhere = await loginCookie(t, user.email)
    advance(5)
    const res = await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${user.id}`,
      profile(user, 'Yeni-Sifre-99'),
      here,
    )
    expect(res.status).toBe(200)
    const fresh = (res.headers.get('set-cookie') ?? '').split(';')[0]!
    expect(fresh).toMatch(/^admin_session=./)
    expect(await me(elsewhere)).toBe(401)
    expect(await me(here)).toBe(401)
    expect(await me(fresh)).toBe(200)
  })

  it('set by a superadmin: the user’s sessions end, the superadmin’s does not, and no cookie is sent', async () => {
    const boss = await addUser(t.deps.data, 'superadmin')
    const user = await addUser(t.deps.data)
    const bossCookie = await loginCookie(t, boss.email)
    const userCookie = await loginCookie(t, user.email)
    advance(5)
    const res = await jsonRequest(
      t,
      'PUT',
      `/api/admin/users/${user.id}`,
      profile(user, 'Yeni-Sifre-99'),
      bossCookie,
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await me(userCookie)).toBe(401)
    expect(await me(bossCookie)).toBe(200)
  })

  it('an edit that keeps the password keeps the sessions', async () => {
    const user = await addUser(t.deps.data)
    const cookie = await loginCookie(t, user.email)
    advance(5)
    expect(
      (await jsonRequest(t, 'PUT', `/api/admin/users/${user.id}`, profile(user, ''), cookie)).status,
    ).toBe(200)
    expect(await me(cookie)).toBe(200)
  })

  it('for library members: a new password ends their sessions, the same password re-entered does not', async () => {
    const admin = await loginCookie(t, (await addUser(t.deps.data)).email)
    const member = await addMember(t.deps.data)
    const session = await loginCookie(t, member.email, '/api/library/login')
    advance(5)
    const edit = (password: string) =>
      jsonRequest(
        t,
        'PUT',
        `/api/admin/library-members/${member.id}`,
        { ...profile(member, password), role: member.role },
        admin,
      )
    expect((await edit(PASSWORD)).status).toBe(200)
    expect(await memberMe(session)).toBe(200)
    expect((await edit('Yeni-Uye-Sifre-1')).status).toBe(200)
    expect(await memberMe(session)).toBe(401)
  })
})
