import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addMember, addUser, createTestApp, loginCookie, PASSWORD, type TestApp } from './testing/test-helpers.ts'

let t: TestApp
let tokens: Record<string, string>
let adminSession: string
let superSession: string
beforeAll(async () => {
  t = await createTestApp()
  const admin = await addUser(t.deps.data, 'admin')
  const superadmin = await addUser(t.deps.data, 'superadmin')
  const member = await addMember(t.deps.data, 'library_admin')
  adminSession = await loginCookie(t, admin.email)
  superSession = await loginCookie(t, superadmin.email)
  const now = Math.floor(Date.now() / 1000)
  const signed = (secret: string, claims: { kind: string; iat: number; exp: number }, sub = superadmin.id) =>
    new SignJWT({ kind: claims.kind })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(new TextEncoder().encode(secret))
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
  const secret = 'test-secret-test-secret-test-secret-0123'
  tokens = {
    none: '',
    library: await loginCookie(t, member.email, '/api/library/login').then((c) => c.split('=')[1]!),
    expired: await signed(secret, { kind: 'admin', iat: now - 9 * 3600, exp: now - 3600 }),
    otherKey: await signed('another-secret-another-secret-012345', {
      kind: 'admin',
      iat: now,
      exp: now + 60,
    }),
    algNone: `${b64({ alg: 'none' })}.${b64({ kind: 'admin', sub: superadmin.id, iat: now, exp: now + 60 })}.`,
    libraryKind: await signed(secret, { kind: 'library', iat: now, exp: now + 60 }),
    deletedUser: await signed(secret, { kind: 'admin', iat: now, exp: now + 60 }, 'silinmis-kullanici'),
  }
})
afterAll(() => t.cleanup())

const open = new Set([
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'GET /api/admin/anasayfa',
  'GET /api/admin/hakkimizda',
])
const superadminOnly = new Set([
  'GET /api/admin/users',
  'POST /api/admin/users',
  'DELETE /api/admin/users/:id',
  'GET /api/admin/audit',
])

/** Every admin and upload route the app has, read from the app itself, so a new route is covered at once. */
function guardedRoutes(): [string, string][] {
  const seen = new Set<string>()
  for (const r of t.app.routes) {
    if (r.method === 'ALL' || r.path.endsWith('*')) continue
    if (!r.path.startsWith('/api/admin/') && r.path !== '/api/upload') continue
    const key = `${r.method} ${r.path}`
    if (!open.has(key)) seen.add(key)
  }
  return [...seen].map((k) => k.split(' ') as [string, string])
}

const call = (method: string, path: string, cookie: string) =>
  t.app.request(path.replace(/:[a-zA-Z]+/g, 'yok'), {
    method,
    headers: { cookie, 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{}',
  })

describe('every admin and upload route', () => {
  it('is found on the app (the list is not empty)', () => {
    expect(guardedRoutes().length).toBeGreaterThan(40)
  })

  it('answers 401 without a valid admin session: none, library, expired, other key, alg none, library kind, deleted user', async () => {
    for (const [method, path] of guardedRoutes()) {
      for (const [name, token] of Object.entries(tokens)) {
        const cookie = name === 'library' ? `library_session=${token}` : token ? `admin_session=${token}` : ''
        const res = await call(method, path, cookie)
        expect(res.status, `${method} ${path} ${name}`).toBe(401)
        expect((await res.json()).message).toBe('Bu işlem için giriş yapmalısınız.')
      }
    }
  })

  it('answers 403 to a plain admin on the superadmin-only routes', async () => {
    for (const key of superadminOnly) {
      const [method, path] = key.split(' ') as [string, string]
      expect((await call(method, path, adminSession)).status, key).toBe(403)
    }
  })

  it('never returns a password or hash on any read, even to a superadmin', async () => {
    const reads = guardedRoutes().filter(([m, p]) => m === 'GET' && !p.includes(':'))
    const publicReads = [
      '/api/library/me',
      '/api/contact-settings',
      '/api/blogs',
      '/api/programs',
      '/api/references',
    ]
    for (const path of [
      ...reads.map(([, p]) => p),
      ...publicReads,
      ...[...open].filter((k) => k.startsWith('GET')).map((k) => k.slice(4)),
    ]) {
      const res = await t.app.request(path, { headers: { cookie: superSession } })
      const text = await res.text()
      expect(text, path).not.toMatch(/scrypt|passwordHash|"password"/)
      expect(text, path).not.toContain(PASSWORD)
    }
  })
})
