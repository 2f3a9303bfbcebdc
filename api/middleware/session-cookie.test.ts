import { afterEach, describe, expect, it } from 'vitest'
import type { AppOptions } from '../app.ts'
import { addMember, addUser, createTestApp, PASSWORD, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
afterEach(() => t.cleanup())

async function loginSetCookie(
  options: Partial<AppOptions>,
  url: string,
  headers: Record<string, string> = {},
) {
  t = await createTestApp(options)
  const user = await addUser(t.deps.data)
  const res = await t.app.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  })
  expect(res.status).toBe(200)
  return res.headers.get('set-cookie') ?? ''
}

// Behind the TLS-terminating proxy the README describes, the app sees plain http: the session cookie went out
// without Secure although the README promised it.
describe('Secure session cookies', () => {
  it('are Secure when the proxy says the request came over https', async () => {
    const cookie = await loginSetCookie({}, 'http://localhost/api/admin/login', {
      'x-forwarded-proto': 'https',
    })
    expect(cookie).toMatch(/; Secure/)
  })

  it('are Secure when the site is served over https (SITE_URL), whatever the proxy sends', async () => {
    const cookie = await loginSetCookie({ secureCookies: true }, 'http://localhost/api/admin/login')
    expect(cookie).toMatch(/; Secure/)
  })

  it('are Secure on a direct https request and plain on http', async () => {
    expect(await loginSetCookie({}, 'https://localhost/api/admin/login')).toMatch(/; Secure/)
    await t.cleanup()
    expect(await loginSetCookie({}, 'http://localhost/api/admin/login')).not.toMatch(/Secure/)
  })

  it('apply to the library session and to the logout that clears a cookie', async () => {
    t = await createTestApp({ secureCookies: true })
    const member = await addMember(t.deps.data)
    const login = await t.app.request('/api/library/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password: PASSWORD }),
    })
    expect(login.headers.get('set-cookie')).toMatch(/^library_session=.*; Secure/)
    const logout = await t.app.request('/api/library/logout', { method: 'POST' })
    expect(logout.headers.get('set-cookie')).toMatch(/^library_session=;.*; Secure/)
  })
})
