import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { homeSchema } from '#schema/home.ts'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
})
afterEach(() => t.cleanup())

const putButton = (link: string) =>
  jsonRequest(t, 'PUT', '/api/admin/anasayfa/banner', { button1: { text: 'Programlar', link } }, cookie)

// The public home page renders the button link as an href: a script URL there would run in our origin, where
// a superadmin's click could call the admin API with their session.
describe('banner button links', () => {
  it.each([
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//kotu.example/giris',
    '/\\kotu.example',
    '/\t/kotu.example',
    'programlar',
  ])('refuses %j with 400 and keeps the stored link', async (link) => {
    const res = await putButton(link)
    expect(res.status).toBe(400)
    expect((await res.json()).fields).toEqual({ 'button1.link': 'Bağlantı adresi geçerli bir bağlantı olmalıdır (örneğin /iletisim ya da https:// ile başlayan bir adres).' })
    expect(t.deps.content.read('home').banner.button1.link).toBe('/programlar')
  })

  it.each([
    '/programlar',
    '/bize-ulasin#form',
    '#iletisim',
    'https://ornek.com.tr/a?b=1',
    'mailto:bilgi@ornek.com',
    'tel:+902120000000',
    '',
  ])('accepts %j', async (link) => {
    const res = await putButton(link)
    expect(res.status).toBe(200)
    expect((await res.json()).data.button1.link).toBe(link)
  })

  it('content with a script link fails the content schema (the site build stops instead of rendering it)', () => {
    const home = structuredClone(t.deps.content.read('home'))
    home.banner.button2.link = 'javascript:alert(1)'
    expect(homeSchema.safeParse(home).success).toBe(false)
  })
})
