import { Hono, type Context } from 'hono'
import { msg } from '#schema/messages.ts'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppEnv, Deps } from '../app-env.ts'
import { parseTrustedProxies } from './client-address.ts'
import {
  accountDelayMs,
  ADDRESS_LIMIT_FACTOR,
  addressKeyOf,
  checkPasswordLogin,
  MAX_ACCOUNT_DELAY_MS,
  noteInvalidLogin,
  refuseOverLimit,
} from './password-login.ts'
import { createRateLimiter, type RateLimiter } from './rate-limit.ts'

// Issue 28 (the `logins` mutation group): the login checks driven alone, on a bare Hono app that carries only the
// limiter and the trusted proxies (the full app's logins are in password-login.test.ts and client-address.test.ts).

// The account delay's wait is recorded instead of waited for (Node's timer, not our code): the tests stay fast and
// can say which wait a login made.
const waits: number[] = []
vi.mock('node:timers/promises', async (original) => ({
  ...(await original<typeof import('node:timers/promises')>()),
  setTimeout: async (ms: number) => {
    waits.push(ms)
  },
}))

/** scrypt of 'Gizli-Şifre-1' (see passwords.test.ts), so no test pays for hashing. */
const HASH = 'scrypt$BwcHBwcHBwcHBwcHBwcHBw$yDyhI1rCfoQi1nVDM7n0RhtUCzDjWJJoppdGidhXNV0'
const PASSWORD = 'Gizli-Şifre-1'
const ayse = { email: 'ayse@ornek.com', passwordHash: HASH, name: 'Ayşe' }
const other = { email: 'baska@ornek.com', passwordHash: 'scrypt$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', name: 'Başka' }

let limiter: RateLimiter
beforeEach(() => {
  waits.length = 0
  limiter = createRateLimiter(5, 60_000, () => new Date(1_000_000))
})

/** Runs `fn` in a request from `peer` (a socket address; none: app.request without a socket) with X-Forwarded-For. */
async function inRequest<T>(fn: (c: Context<AppEnv>) => Promise<T> | T, peer?: string, forwardedFor?: string) {
  const app = new Hono<AppEnv>()
  let result: T | undefined
  app.post('/', async (c) => {
    c.set('deps', { loginLimiter: limiter, trustedProxies: parseTrustedProxies() } as unknown as Deps)
    result = await fn(c)
    return c.json({ ok: true })
  })
  const env = peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined
  const res = await app.request('/', { method: 'POST', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }, env)
  return { status: res.status, body: (await res.json()) as { message?: string }, result }
}

const login = (email: string, password: string, scope: 'admin' | 'library' = 'admin', peer = '127.0.0.1', xff = '203.0.113.7') =>
  inRequest((c) => checkPasswordLogin(c, scope, [other, ayse], { email, password }), peer, xff)

describe('accountDelayMs', () => {
  it('waits nothing up to the limit, then 250 ms doubling per failure, capped', () => {
    expect(accountDelayMs(0, 5)).toBe(0)
    expect(accountDelayMs(4, 5)).toBe(0)
    expect(accountDelayMs(5, 5)).toBe(250)
    expect(accountDelayMs(6, 5)).toBe(500)
    expect(accountDelayMs(7, 5)).toBe(1000)
    expect(accountDelayMs(9, 5)).toBe(4000)
    expect(accountDelayMs(10, 5)).toBe(MAX_ACCOUNT_DELAY_MS)
    expect(MAX_ACCOUNT_DELAY_MS).toBe(4000)
  })
})

describe('the limiter keys of a login', () => {
  it('count the client address per scope (the forwarded client behind a trusted proxy; "local" without a socket)', async () => {
    expect((await inRequest((c) => addressKeyOf(c, 'admin'), '127.0.0.1', '203.0.113.7')).result).toBe('admin-ip:203.0.113.7')
    expect((await inRequest((c) => addressKeyOf(c, 'library'), '198.51.100.4')).result).toBe('library-ip:198.51.100.4')
    expect((await inRequest((c) => addressKeyOf(c, 'admin'))).result).toBe('admin-ip:local')
  })
})

describe('refuseOverLimit and noteInvalidLogin', () => {
  it('refuse an address at four times the limit, before anything else, and count invalid bodies on it', async () => {
    expect(ADDRESS_LIMIT_FACTOR).toBe(4)
    for (let i = 0; i < 19; i++) expect((await inRequest((c) => noteInvalidLogin(c, 'admin'), '203.0.113.9')).status).toBe(200)
    expect(limiter.count('admin-ip:203.0.113.9')).toBe(19)
    expect((await inRequest((c) => refuseOverLimit(c, 'admin'), '203.0.113.9')).status).toBe(200)
    // Refusing counts nothing itself.
    expect(limiter.count('admin-ip:203.0.113.9')).toBe(19)
    await inRequest((c) => noteInvalidLogin(c, 'admin'), '203.0.113.9')
    const refused = await inRequest((c) => refuseOverLimit(c, 'admin'), '203.0.113.9')
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(msg.tooManyAttempts)
    // Another scope or address is not refused.
    expect((await inRequest((c) => refuseOverLimit(c, 'library'), '203.0.113.9')).status).toBe(200)
    expect((await inRequest((c) => refuseOverLimit(c, 'admin'), '203.0.113.10')).status).toBe(200)
  })
})

describe('checkPasswordLogin', () => {
  it('returns the account whose e-mail and password match, and leaves no attempt counted', async () => {
    const ok = await login(ayse.email, PASSWORD)
    expect(ok.status).toBe(200)
    expect(ok.result).toBe(ayse)
    expect(limiter.count('admin-ip:203.0.113.7')).toBe(0)
    expect(limiter.count(`admin-ip-email:203.0.113.7:${ayse.email}`)).toBe(0)
    expect(waits).toEqual([])
  })

  it('refuses a wrong password or an unknown e-mail with 401 in Turkish, counting the address, the pair and the account', async () => {
    for (const [email, password] of [
      [ayse.email, 'yanlis'],
      [ayse.email, ''],
      ['yok@ornek.com', PASSWORD],
    ] as const) {
      const refused = await login(email, password)
      expect(refused.status).toBe(401)
      expect(refused.body.message).toBe(msg.invalidCredentials)
      expect(limiter.count(`admin-ip-email:203.0.113.7:${email}`)).toBeGreaterThan(0)
      expect(limiter.count(`admin-account:${email}`)).toBeGreaterThan(0)
    }
    expect(limiter.count('admin-ip:203.0.113.7')).toBe(3)
    expect(limiter.count(`admin-ip-email:203.0.113.7:${ayse.email}`)).toBe(2)
    expect(limiter.count(`admin-account:${ayse.email}`)).toBe(2)
    // A library login counts on its own keys.
    expect((await login(ayse.email, 'yanlis', 'library')).status).toBe(401)
    expect(limiter.count('library-ip:203.0.113.7')).toBe(1)
    expect(limiter.count(`library-ip-email:203.0.113.7:${ayse.email}`)).toBe(1)
    expect(limiter.count(`library-account:${ayse.email}`)).toBe(1)
    expect(limiter.count(`admin-account:${ayse.email}`)).toBe(2)
  })

  it('a success gives back the address attempt and clears the address’s tries on that e-mail, not the account’s', async () => {
    await login(ayse.email, 'yanlis')
    await login(ayse.email, 'yanlis')
    await login('yok@ornek.com', 'yanlis')
    expect((await login(ayse.email, PASSWORD)).status).toBe(200)
    expect(limiter.count('admin-ip:203.0.113.7')).toBe(3)
    expect(limiter.count(`admin-ip-email:203.0.113.7:${ayse.email}`)).toBe(0)
    expect(limiter.count(`admin-ip-email:203.0.113.7:yok@ornek.com`)).toBe(1)
    expect(limiter.count(`admin-account:${ayse.email}`)).toBe(2)
  })

  it('refuses (429) an address at four times the limit without taking an attempt on the pair', async () => {
    for (let i = 0; i < 20; i++) limiter.note('admin-ip:203.0.113.7')
    const refused = await login(ayse.email, PASSWORD)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(msg.tooManyAttempts)
    expect(limiter.count(`admin-ip-email:203.0.113.7:${ayse.email}`)).toBe(0)
    expect(limiter.count('admin-ip:203.0.113.7')).toBe(20)
    // One below: the login is checked.
    limiter.reset(['admin-ip:203.0.113.7'])
    for (let i = 0; i < 19; i++) limiter.note('admin-ip:203.0.113.7')
    expect((await login(ayse.email, PASSWORD)).status).toBe(200)
  })

  it('refuses (429) a pair at the limit and gives the address its attempt back', async () => {
    for (let i = 0; i < 5; i++) expect((await login(ayse.email, 'yanlis')).status).toBe(401)
    expect(limiter.count('admin-ip:203.0.113.7')).toBe(5)
    const refused = await login(ayse.email, PASSWORD)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toBe(msg.tooManyAttempts)
    expect(limiter.count('admin-ip:203.0.113.7')).toBe(5)
    expect(limiter.count(`admin-ip-email:203.0.113.7:${ayse.email}`)).toBe(5)
    // The same e-mail from another address is checked (and the owner gets in).
    expect((await login(ayse.email, PASSWORD, 'admin', '127.0.0.1', '198.51.100.1')).status).toBe(200)
  })

  it('slows an account under attack by the growing delay, and lets the right password in', async () => {
    for (let i = 0; i < 4; i++) limiter.note(`admin-account:${ayse.email}`)
    expect((await login(ayse.email, PASSWORD)).status).toBe(200)
    expect(waits).toEqual([])
    limiter.note(`admin-account:${ayse.email}`)
    expect((await login(ayse.email, PASSWORD)).status).toBe(200)
    limiter.note(`admin-account:${ayse.email}`)
    expect((await login(ayse.email, PASSWORD, 'admin', '127.0.0.1', '198.51.100.1')).status).toBe(200)
    expect(waits).toEqual([250, 500])
  })
})
