import { describe, expect, it } from 'vitest'
import { auditLabel } from './audit-labels.ts'

// Issue 30, point 5: every action has its own sentence naming the item; a refused save says the right reason.
describe('audit sentences', () => {
  it.each([
    [
      'POST',
      '/api/admin/preview',
      { status: 200, title: 'e-İmza Nedir?', collection: 'blogs', share: false },
      '"e-İmza Nedir?" blog yazısının önizlemesini oluşturdu',
    ],
    [
      'POST',
      '/api/admin/preview',
      { status: 200, title: 'e-İmza Nedir?', collection: 'blogs', share: true },
      '"e-İmza Nedir?" blog yazısının paylaşılabilir önizleme bağlantısını oluşturdu',
    ],
    [
      'POST',
      '/api/admin/preview',
      { status: 200, title: null, collection: 'blogs', share: false },
      'Kaydedilmemiş bir blog yazısının önizlemesini oluşturdu',
    ],
    ['POST', '/api/admin/preview', { status: 200, collection: 'home' }, 'Anasayfanın önizlemesini oluşturdu'],
    ['DELETE', '/api/admin/preview/abc', { status: 200 }, 'Bir paylaşılabilir önizleme bağlantısını iptal etti'],
    [
      'POST',
      '/api/admin/git/conflicts/0/take',
      { status: 200, conflict: { item: 'e-Fatura Rehberi', field: 'Başlık', value: 'Yeni başlık' } },
      'Uzak depo çakışmasında "e-Fatura Rehberi" içeriğinin "Başlık" alanı için uzak depodaki değeri aldı: "Yeni başlık"',
    ],
    [
      'POST',
      '/api/admin/git/conflicts/0/keep',
      { status: 200, conflict: { item: null, field: 'Telefon', value: '+90 212 000 00 00' } },
      'Uzak depo çakışmasında "Telefon" alanı için yayındaki değeri korudu: "+90 212 000 00 00"',
    ],
    [
      'PUT',
      '/api/admin/blogs/a',
      { status: 409, title: 'e-İmza Nedir?' },
      '"e-İmza Nedir?" blog yazısını güncelleyemedi: Diskteki dosya geçersiz ya da kayıt başka bir kayıtla çakışıyor; kaydedilmedi',
    ],
    [
      'DELETE',
      '/api/admin/media/x.jpg',
      { status: 409, title: 'x.jpg' },
      '"x.jpg" görselini silemedi: Kullanımda olduğu için silinmedi',
    ],
  ])('%s %s', (method, path, facts, sentence) => {
    expect(auditLabel(method, path, facts)).toBe(sentence)
  })
})
