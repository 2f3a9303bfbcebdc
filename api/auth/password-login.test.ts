import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addMember, addUser, createTestApp, jsonRequest, PASSWORD, type TestApp } from '../testing/test-helpers.ts'
import { accountDelayMs, MAX_ACCOUNT_DELAY_MS } from './password-login.ts'

let t: TestApp
let clock: Date
beforeEach(async () => {
  clock = new Date()
  t = await createTestApp({ now: () => clock })
})
afterEach(() => t.cleanup())

const login = async (path: string, email: string, password: string) =>
  jsonRequest(t, 'POST', path, { email, password })

describe('login rate limit', () => {
  it.each(['/api/admin/login', '/api/library/login'])(
    '%s: a burst of parallel guesses gets no more than the limit checked',
    async (path) => {
      const account = path === '/api/admin/login' ? await addUser(t.deps.data) : await addMember(t.deps.data)
      // Sent together: each request would pass the limiter before any failure was recorded.
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(path, account.email, `yanlis-${i}`).then((r) => r.status)),
      )
      expect(statuses.filter((s) => s === 401)).toHaveLength(5)
      expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    },
  )

  it('successful logins do not use up the address limit', async () => {
    const user = await addUser(t.deps.data)
    for (let i = 0; i < 25; i++)
      expect((await login('/api/admin/login', user.email, PASSWORD)).status).toBe(200)
    expect((await login('/api/admin/login', user.email, 'yanlis')).status).toBe(401)
  })

  it('one address spraying many e-mails is stopped at four times the per-e-mail limit', async () => {
    const user = await addUser(t.deps.data)
    for (let i = 0; i < 4; i++)
      expect((await login('/api/admin/login', user.email, 'yanlis')).status).toBe(401)
    // A success clears this address's tries on that e-mail, not the address's own count (4 of 20 used).
    expect((await login('/api/admin/login', user.email, PASSWORD)).status).toBe(200)
    for (let i = 0; i < 16; i++)
      expect((await login('/api/admin/login', `yok${i}@ornek.com`, 'yanlis')).status).toBe(401)
    expect((await login('/api/admin/login', user.email, PASSWORD)).status).toBe(429)
    clock = new Date(clock.getTime() + 61_000)
    expect((await login('/api/admin/login', user.email, PASSWORD)).status).toBe(200)
  })

  it('an account under attack slows down by a capped, growing delay, never a refusal', () => {
    expect(accountDelayMs(0, 5)).toBe(0)
    expect(accountDelayMs(4, 5)).toBe(0)
    expect(accountDelayMs(5, 5)).toBe(250)
    expect(accountDelayMs(6, 5)).toBe(500)
    expect(accountDelayMs(1000, 5)).toBe(MAX_ACCOUNT_DELAY_MS)
  })
})

// Finding 1 of issue 13: five wrong passwords for an e-mail from any addresses made the owner's next login with
// the right password answer 429 from another address; repeated every minute, the superadmin could never log in.
describe('nobody can lock an account out', () => {
  let server: ServerType
  let base: string
  beforeEach(async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => server.once('listening', r))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterEach(() => new Promise((r) => server.close(r)))

  // The server trusts its loopback peer as the proxy (TRUST_PROXY default), so X-Forwarded-For picks the client.
  const from = (address: string, path: string, email: string, password: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ email, password }),
    }).then((r) => r.status)

  it.each([
    ['/api/admin/login', 'superadmin'],
    ['/api/library/login', 'member'],
  ])('%s: attacks from other addresses, minute after minute, leave the owner able to log in', async (path) => {
    const account =
      path === '/api/admin/login' ? await addUser(t.deps.data, 'superadmin') : await addMember(t.deps.data)
    for (let minute = 0; minute < 3; minute++) {
      // The reproduction: five wrong passwords from one address, then more from a second one.
      const attacker = [] as number[]
      for (let i = 0; i < 6; i++) attacker.push(await from('203.0.113.9', path, account.email, 'yanlis'))
      for (let i = 0; i < 2; i++) attacker.push(await from(`198.51.100.${minute}`, path, account.email, 'x'))
      expect(attacker).toEqual([401, 401, 401, 401, 401, 429, 401, 401])
      expect(await from('192.0.2.44', path, account.email, PASSWORD)).toBe(200)
      clock = new Date(clock.getTime() + 61_000)
    }
    // 27 real scrypt logins over a real socket: well under a second each alone, but 20 s was not enough on a
    // machine loaded far past its cores (each took about 0.6 s there).
  }, 90_000)
})
