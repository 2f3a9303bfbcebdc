import { describe, expect, it } from 'vitest'
import { fieldErrorsOf, messageOf } from './island-api.ts'

describe('reading API answers', () => {
  it('prefers the server message and falls back on a missing or blank one', () => {
    expect(messageOf({ message: 'Sunucu mesajı' }, 'Bir hata oluştu.')).toBe('Sunucu mesajı')
    expect(messageOf({ message: '  ' }, 'Bir hata oluştu.')).toBe('Bir hata oluştu.')
    expect(messageOf({ message: 42 }, 'Bir hata oluştu.')).toBe('Bir hata oluştu.')
    expect(messageOf({}, 'Bir hata oluştu.')).toBe('Bir hata oluştu.')
  })

  it('keeps only string field errors', () => {
    expect(fieldErrorsOf({ fields: { email: 'Geçerli bir e-posta adresi giriniz.', x: 1 } })).toEqual({
      email: 'Geçerli bir e-posta adresi giriniz.',
    })
    expect(fieldErrorsOf({ fields: null })).toEqual({})
    expect(fieldErrorsOf({})).toEqual({})
  })
})
