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

describe('control characters in content texts', () => {
  it('one-line fields refuse every control character, text areas keep line breaks and tabs only', async () => {
    const { blogPostSchema, blogInputSchema } = await import('./blog.ts')
    const { aboutSchema } = await import('./about.ts')
    const post = {
      id: 'p1',
      title: 'Başlık',
      excerpt: 'Özet',
      author: 'Yazar',
      tags: [],
      createdAt: '2026-01-01',
      contentStructure: [{ type: 'text', content: 'Satır 1\n\tSatır 2\r\n' }],
    }
    expect(blogPostSchema.safeParse(post).success).toBe(true)
    for (const bad of ['Sahte\x1ebaşlık', 'Sahte\x1f', 'Zil\x07', 'Satır\nsonu', 'Sekme\t', 'C1\x85', 'DEL\x7f']) {
      const result = blogPostSchema.safeParse({ ...post, title: bad })
      expect(result.success, JSON.stringify(bad)).toBe(false)
      expect(result.error?.issues[0]?.message).toBe(
        'Bu alan satır sonu, sekme ya da görünmeyen kontrol karakteri içeremez.',
      )
    }
    const textBad = blogPostSchema.safeParse({ ...post, contentStructure: [{ type: 'text', content: 'a\x1eb' }] })
    expect(textBad.error?.issues[0]?.message).toBe('Bu alan görünmeyen kontrol karakterleri içeremez.')
    expect(blogInputSchema.safeParse({ title: 'Yeni\x1f\x1e' }).success).toBe(false)
    expect(aboutSchema.safeParse({ description1: 'Paragraf\n\nParagraf' }).success).toBe(true)
    expect(aboutSchema.safeParse({ title2: 'Biz\u0000' }).success).toBe(false)
  })
})
