import { describe, expect, it } from 'vitest'
import { dummyHash, hashPassword, verifyPassword } from './passwords.ts'

// Issue 28 (the `logins` mutation group): hashing and checking passwords, without an app.

/** Made once with this module's scrypt parameters (N 16384, r 8, p 1, 32 bytes) and the salt 16 × 0x07. */
const KNOWN = 'scrypt$BwcHBwcHBwcHBwcHBwcHBw$yDyhI1rCfoQi1nVDM7n0RhtUCzDjWJJoppdGidhXNV0'
const PASSWORD = 'Gizli-Şifre-1'

describe('verifyPassword', () => {
  it('accepts the password of a stored hash and refuses any other', async () => {
    expect(await verifyPassword(PASSWORD, KNOWN)).toBe(true)
    expect(await verifyPassword('gizli-Şifre-1', KNOWN)).toBe(false)
    expect(await verifyPassword('', KNOWN)).toBe(false)
  })

  it('refuses a stored value that is not a whole scrypt hash, whatever the password', async () => {
    const [, salt, hash] = KNOWN.split('$')
    expect(await verifyPassword(PASSWORD, `bcrypt$${salt}$${hash}`)).toBe(false)
    // Without a salt or a hash: scrypt would still run (an empty salt; an empty hash compares equal to anything).
    expect(await verifyPassword(PASSWORD, 'scrypt$$QZtciATwJ-ozraBwWBM3yQJy6ryXLcr9eu1EH7iEZ-o')).toBe(false)
    expect(await verifyPassword(PASSWORD, `scrypt$${salt}$`)).toBe(false)
    expect(await verifyPassword(PASSWORD, `scrypt$${salt}`)).toBe(false)
    expect(await verifyPassword(PASSWORD, '')).toBe(false)
  })
})

describe('hashPassword', () => {
  it('stores "scrypt$salt$hash": a fresh 16-byte salt and a 32-byte hash that verifies', async () => {
    const a = await hashPassword(PASSWORD)
    const b = await hashPassword(PASSWORD)
    for (const stored of [a, b]) {
      expect(stored).toMatch(/^scrypt\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]+$/)
      const [, salt, hash] = stored.split('$')
      expect(Buffer.from(salt!, 'base64url')).toHaveLength(16)
      expect(Buffer.from(hash!, 'base64url')).toHaveLength(32)
      expect(await verifyPassword(PASSWORD, stored)).toBe(true)
      expect(await verifyPassword(`${PASSWORD} `, stored)).toBe(false)
      expect(stored).not.toContain(PASSWORD)
    }
    expect(a.split('$')[1]).not.toBe(b.split('$')[1])
  })
})

describe('dummyHash', () => {
  it('is a well-formed hash, so an unknown e-mail costs a whole scrypt check (and never matches)', async () => {
    const [kind, salt, hash] = dummyHash.split('$')
    expect(kind).toBe('scrypt')
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16)
    expect(Buffer.from(hash!, 'base64url')).toHaveLength(32)
    expect(await verifyPassword('', dummyHash)).toBe(false)
    expect(await verifyPassword('AAAAAAAA', dummyHash)).toBe(false)
  })
})
