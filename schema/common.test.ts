import { describe, expect, it } from 'vitest'
import { contactMessageInputSchema } from './contact-message.ts'
import { email } from './common.ts'
import { loginSchema } from './user.ts'

describe('email()', () => {
  it('accepts an address of 254 characters and refuses a longer one with the Turkish message', () => {
    const at254 = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`
    expect(at254).toHaveLength(254)
    expect(email().safeParse(at254).success).toBe(true)
    const long = email().safeParse(
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`,
    )
    expect(long.success).toBe(false)
    expect(long.error?.issues[0]?.message).toBe('Geçerli bir e-posta adresi giriniz.')
  })

  // Logins key their rate limit on the e-mail and the contact form stores it: a 40 MB "address" passed both.
  it('bounds the e-mail of the login and the contact form', () => {
    const huge = `${'a'.repeat(100_000)}@ornek.com`
    expect(loginSchema.safeParse({ email: huge, password: 'x' }).success).toBe(false)
    const message = { name: 'Ad', email: huge, phone: '+90 555 555 55 55', subject: 'Konu', message: 'Mesaj' }
    expect(contactMessageInputSchema.safeParse(message).success).toBe(false)
  })
})
