import { describe, expect, it } from 'vitest'
import {
  contactBlockedReason,
  contactErrors,
  contactFieldError,
  contactPayload,
  emptyContact,
  isContactComplete,
} from './contact-form.ts'

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

describe('contact form messages', () => {
  it('says why a field would be refused, in the schema’s Turkish', () => {
    expect(contactFieldError('email', 'ali@')).toBe('Geçerli bir e-posta adresi giriniz.')
    expect(contactFieldError('email', ' ali@ornek.com ')).toBeNull()
    expect(contactFieldError('phone', 'abc')).toBe('Geçerli bir telefon numarası giriniz.')
    expect(contactFieldError('name', '  ')).toBe('Bu alan zorunludur.')
    expect(contactErrors({ ...filled, email: 'x' })).toEqual({ email: 'Geçerli bir e-posta adresi giriniz.' })
  })

  it('says why the form cannot be sent', () => {
    expect(contactBlockedReason(filled, {})).toBeNull()
    expect(contactBlockedReason({ ...filled, name: '' }, {})).toBe('Göndermek için tüm alanları doldurun.')
    expect(contactBlockedReason(filled, { email: 'x' })).toBe('Göndermek için işaretli alanları düzeltin.')
  })
})
