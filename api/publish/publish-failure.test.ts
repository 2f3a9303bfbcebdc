import { describe, expect, it } from 'vitest'
import { PublishFailure, publishFailureText, withinText } from './publish-failure.ts'

const tail = ' Yayındaki site değişmedi; bir sonraki kayıt yeniden yayımlamayı dener.'

describe('publishFailureText', () => {
  it('names a file error by its code, never the errno or the path', () => {
    const full = Object.assign(new Error("ENOSPC: no space left on device, write '/srv/site/x.html'"), { code: 'ENOSPC' })
    expect(publishFailureText(full)).toBe(`Sunucunun diskinde yer kalmadı.${tail}`)
    const denied = Object.assign(new Error("EACCES: permission denied, open '/srv/site/live'"), { code: 'EACCES' })
    expect(publishFailureText(denied)).toBe(`Sunucu sitenin dosyalarını yazamadı: yazma izni yok.${tail}`)
  })

  it("reads the code from a message when the full render's child sent only the text", () => {
    expect(publishFailureText(new Error("EROFS: read-only file system, mkdir '/srv/site/site-3'"))).toBe(
      `Sunucu sitenin dosyalarını yazamadı: disk salt okunur.${tail}`,
    )
  })

  it('keeps the sentence a known failure carries, and says so for an invalid content file', () => {
    expect(publishFailureText(new PublishFailure('astro build exited with 1', 'Sitenin kodu derlenemedi.'))).toBe(
      `Sitenin kodu derlenemedi.${tail}`,
    )
    expect(publishFailureText(new Error('İçerik dosyası geçersiz: /srv/content/blogs.json\n  - [0].title: Metin bekleniyordu'))).toBe(
      `Bir içerik dosyası geçersiz olduğu için sayfalar oluşturulamadı.${tail}`,
    )
  })

  it('shows no English, path or status code for anything else', () => {
    const text = publishFailureText(new TypeError("Cannot read properties of undefined (reading 'slug') at /srv/x.mjs (HTTP 500)"))
    expect(text).toBe(`Sayfalar oluşturulurken beklenmeyen bir hata oluştu; ayrıntısı sunucunun kayıtlarında.${tail}`)
  })
})

describe('withinText', () => {
  it('says seconds for short limits and minutes for long ones', () => {
    expect(withinText(2000)).toBe('2 saniyede')
    expect(withinText(10 * 60 * 1000)).toBe('10 dakikada')
  })
})
