import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { createSessions } from './session.ts'

const secret = 'test-secret-test-secret-test-secret-0123'
const key = new TextEncoder().encode(secret)
const at = new Date('2026-01-01T10:00:00Z')
const sessions = createSessions(secret, () => at)
const iat = Math.floor(at.getTime() / 1000)

describe('session tokens', () => {
  it('accept what sign() makes, and only for its kind', async () => {
    const token = await sessions.sign({ sub: 'u1', kind: 'admin' })
    expect(await sessions.verify(token, 'admin')).toEqual({
      sub: 'u1',
      kind: 'admin',
      iat,
      exp: iat + 8 * 3600,
      jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
    })
    expect(await sessions.verify(token, 'library')).toBeNull()
  })

  it('refuse an expired token, one past 8 hours and alg none', async () => {
    const later = createSessions(secret, () => new Date(at.getTime() + 8 * 3600_000 + 1000))
    expect(await later.verify(await sessions.sign({ sub: 'u1', kind: 'admin' }), 'admin')).toBeNull()
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url')
    const none = `${b64({ alg: 'none' })}.${b64({ sub: 'u1', kind: 'admin', exp: iat + 60 })}.`
    expect(await sessions.verify(none, 'admin')).toBeNull()
  })

  // Our tokens always carry iat and exp; one without them (a leaked key, a token made elsewhere) would never end.
  it('refuse a correctly signed token without an expiry or issue time', async () => {
    const noExp = await new SignJWT({ kind: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuedAt(iat)
      .sign(key)
    expect(await sessions.verify(noExp, 'admin')).toBeNull()
    const noIat = await new SignJWT({ kind: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setExpirationTime(iat + 60)
      .sign(key)
    expect(await sessions.verify(noIat, 'admin')).toBeNull()
  })

  it('refuse a token that claims to live longer than a session', async () => {
    const long = await new SignJWT({ kind: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 365 * 24 * 3600)
      .sign(key)
    expect(await sessions.verify(long, 'admin')).toBeNull()
  })
})

// Issue 28: each claim check on its own (the tokens above lack more than one claim, so one check hid another).
describe('session tokens missing exactly one thing', () => {
  const token = (build: (j: SignJWT) => SignJWT) => build(new SignJWT({ kind: 'admin' }).setProtectedHeader({ alg: 'HS256' })).sign(key)
  const full = (j: SignJWT) => j.setSubject('u1').setJti('j1').setIssuedAt(iat)
  it('a token with everything verifies; without exp, sub or jti, or living too long, it does not', async () => {
    expect(await sessions.verify(await token((j) => full(j).setExpirationTime(iat + 60)), 'admin')).not.toBeNull()
    expect(await sessions.verify(await token((j) => full(j)), 'admin')).toBeNull()
    expect(await sessions.verify(await token((j) => j.setJti('j1').setIssuedAt(iat).setExpirationTime(iat + 60)), 'admin')).toBeNull()
    expect(await sessions.verify(await token((j) => j.setSubject('u1').setIssuedAt(iat).setExpirationTime(iat + 60)), 'admin')).toBeNull()
    expect(await sessions.verify(await token((j) => full(j).setExpirationTime(iat + 8 * 3600 + 1)), 'admin')).toBeNull()
  })
})

// Issue 31: verify() remembers a checked token (the HMAC was a tenth of a search answer's CPU); the clock still rules.
describe('a token verified before', () => {
  it('is checked against the clock again: refused once expired, and still only for its kind', async () => {
    let clock = at
    const timed = createSessions(secret, () => clock)
    const token = await timed.sign({ sub: 'u1', kind: 'library' })
    expect(await timed.verify(token, 'library')).toMatchObject({ sub: 'u1', kind: 'library' })
    expect(await timed.verify(token, 'admin')).toBeNull()
    clock = new Date(at.getTime() + 8 * 3600_000 - 1000)
    expect(await timed.verify(token, 'library')).toMatchObject({ sub: 'u1' })
    clock = new Date(at.getTime() + 8 * 3600_000)
    expect(await timed.verify(token, 'library')).toBeNull()
    // A clock set back before the token was issued refuses it too (jose's own rule for iat).
    clock = new Date(at.getTime() - 60_000)
    expect(await timed.verify(token, 'library')).toBeNull()
  })

  it('never lets a changed signature through', async () => {
    const token = await sessions.sign({ sub: 'u1', kind: 'admin' })
    expect(await sessions.verify(token, 'admin')).not.toBeNull()
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await sessions.verify(forged, 'admin')).toBeNull()
  })
})
