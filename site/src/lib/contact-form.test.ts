import { describe, expect, it } from 'vitest'
import { contactPayload, emptyContact, isContactComplete } from './contact-form.ts'

const filled = {
  name: 'Ali',
  email: 'ali@ornek.com',
  phone: '0212 000 00 00',
  subject: 'Konu',
  message: 'Merhaba',
}

describe('contact form rules', () => {
  it('is complete only when all five fields are non-blank', () => {
    expect(isContactComplete(emptyContact)).toBe(false)
    expect(isContactComplete(filled)).toBe(true)
    for (const field of Object.keys(filled) as (keyof typeof filled)[]) {
      expect(isContactComplete({ ...filled, [field]: '   ' })).toBe(false)
    }
  })

  it('trims what it sends', () => {
    expect(contactPayload({ ...filled, name: '  Ali  ' }).name).toBe('Ali')
  })
})
