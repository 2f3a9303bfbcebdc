import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AppEnv, Deps } from '../app-env.ts'
import type { StoredUser } from '../store/data-store.ts'
import { assertCurrentPassword } from './current-password.ts'
import { createRateLimiter, type RateLimiter } from './rate-limit.ts'

// Issue 28 (the `logins` mutation group): the current-password check alone, on a bare Hono app that carries only
// the login limiter (the users route drives it in the full app).

/** scrypt of 'Gizli-Şifre-1' (see passwords.test.ts). */
const HASH = 'scrypt$BwcHBwcHBwcHBwcHBwcHBw$yDyhI1rCfoQi1nVDM7n0RhtUCzDjWJJoppdGidhXNV0'
const PASSWORD = 'Gizli-Şifre-1'
const actor = { id: 'u1', email: 'ayse@ornek.com', passwordHash: HASH } as StoredUser
const KEY = 'admin-current-password:u1'

let limiter: RateLimiter
beforeEach(() => {
  limiter = createRateLimiter(5, 60_000, () => new Date(1_000_000))
})

async function check(change: { targetId: string; email: string; password?: string; currentPassword?: string }) {
  const app = new Hono<AppEnv>()
  app.post('/', async (c) => {
    c.set('deps', { loginLimiter: limiter } as unknown as Deps)
    await assertCurrentPassword(c, actor, change)
    return c.json({ ok: true })
  })
  const res = await app.request('/', { method: 'POST' })
  return { status: res.status, body: (await res.json()) as { message?: string; fields?: Record<string, string> } }
}

describe('assertCurrentPassword', () => {
  it('asks nothing when the change is to another user, or to nothing of the own password or e-mail', async () => {
    expect((await check({ targetId: 'u2', email: 'yeni@ornek.com', password: 'Yeni-Sifre-123' })).status).toBe(200)
    expect((await check({ targetId: 'u1', email: actor.email })).status).toBe(200)
    expect((await check({ targetId: 'u1', email: actor.email, password: '' })).status).toBe(200)
    expect(limiter.count(KEY)).toBe(0)
  })

  it('asks for the current password (400, field message) for the own new password or new e-mail', async () => {
    for (const change of [
      { targetId: 'u1', email: actor.email, password: 'Yeni-Sifre-123' },
      { targetId: 'u1', email: 'yeni@ornek.com' },
      { targetId: 'u1', email: 'yeni@ornek.com', currentPassword: '' },
    ]) {
      const refused = await check(change)
      expect(refused.status).toBe(400)
      expect(refused.body).toEqual({
        success: false,
        message: msg.currentPasswordRequired,
        fields: { currentPassword: msg.currentPasswordRequired },
      })
    }
    // A missing password is not a guess: nothing is counted.
    expect(limiter.count(KEY)).toBe(0)
  })

  it('refuses a wrong current password (400, field message), counting each guess; 429 over the limit', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await check({ targetId: 'u1', email: 'yeni@ornek.com', currentPassword: `yanlis-${i}` })
      expect(wrong.status).toBe(400)
      expect(wrong.body).toEqual({
        success: false,
        message: msg.currentPasswordWrong,
        fields: { currentPassword: msg.currentPasswordWrong },
      })
    }
    expect(limiter.count(KEY)).toBe(5)
    const limited = await check({ targetId: 'u1', email: 'yeni@ornek.com', currentPassword: PASSWORD })
    expect(limited.status).toBe(429)
    expect(limited.body.message).toBe(msg.tooManyAttempts)
  })

  it('accepts the right current password and forgets the earlier wrong guesses', async () => {
    await check({ targetId: 'u1', email: actor.email, password: 'Yeni-Sifre-123', currentPassword: 'yanlis' })
    expect(limiter.count(KEY)).toBe(1)
    expect((await check({ targetId: 'u1', email: actor.email, password: 'Yeni-Sifre-123', currentPassword: PASSWORD })).status).toBe(200)
    expect(limiter.count(KEY)).toBe(0)
    expect((await check({ targetId: 'u1', email: 'yeni@ornek.com', currentPassword: PASSWORD })).status).toBe(200)
  })
})
