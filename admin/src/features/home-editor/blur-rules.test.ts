import { expect, it } from 'vitest'
import { blurRule } from './blur-rules.ts'

it('refuses an empty required title and a text over its limit, naming the field; passes a good one', () => {
  const title = blurRule('banner', 'title', { label: 'Başlık', required: true })
  expect(title('  ')).toBe('Başlık boş bırakılamaz. Değişiklik kaydedilmedi; sitede son kaydedilen metin duruyor.')
  expect(title('x'.repeat(201))).toBe(
    'Başlık en fazla 200 karakter olabilir. Değişiklik kaydedilmedi; sitede son kaydedilen metin duruyor.',
  )
  expect(title('Dijital dönüşüm')).toBeNull()
  const button = blurRule('banner', 'button1', {
    label: '1. buton metni',
    wrap: (text) => ({ text, link: '/programlar' }),
  })
  expect(button('x'.repeat(61))).toMatch(/^1\. buton metni en fazla 60 karakter olabilir\./)
  expect(button('')).toBeNull()
})
