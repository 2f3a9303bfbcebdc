import type { APIRequestContext } from 'playwright/test'
import { expect, test } from './helpers.ts'
import { ADMIN, adminApi, loginAsAdmin } from './helpers.ts'

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
let sent = 0
/** Sends a message through the public API as a different visitor each time (the limit is per address). */
async function sendMessage(request: APIRequestContext, subject: string, extra: Record<string, string> = {}) {
  sent++
  const res = await request.post('/api/contact', {
    headers: { 'x-forwarded-for': `10.77.${(sent >> 8) & 255}.${sent & 255}` },
    data: {
      name: 'Deniz Kaya',
      email: 'deniz@ornek.com',
      phone: '+90 532 000 00 00',
      subject,
      message: 'Merhaba.',
      ...extra,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
}

test('contact form honeypot: hidden from people and the keyboard; a bot that fills it is answered but not stored', async ({
  page,
  request,
}) => {
  const subject = `Bot ${unique()}`
  await page.goto('/iletisim')
  const trap = page.locator('#contact-website')
  await expect(trap).toHaveAttribute('tabindex', '-1')
  await expect(page.locator('.contact-form__trap')).toHaveAttribute('aria-hidden', 'true')
  await page.getByLabel('Adınız Soyadınız').fill('Spam Bot')
  await page.getByLabel('E-posta').fill('bot@ornek.com')
  await page.getByLabel('Telefon').fill('+90 532 000 00 00')
  await page.getByLabel('Konu').fill(subject)
  await page.getByLabel('Mesajınız').fill('Ucuz takipçi!')
  // The button is enabled once the form sees every required field filled (a disabled button takes no focus: on a
  // loaded machine the Tab came before that render, clean-clone CI run of 2026-11-28 15:41).
  await expect(page.getByRole('button', { name: 'Gönder' })).toBeEnabled()
  // From the last field, Tab goes straight to the button: the trap is never in the way.
  await page.getByLabel('Mesajınız').press('Tab')
  await expect(page.getByRole('button', { name: 'Gönder' })).toBeFocused()
  // A naive bot fills every input it finds in the HTML.
  await trap.evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'))
  await page.getByRole('button', { name: 'Gönder' }).click()
  await expect(page.locator('.notice--success')).toBeVisible()
  const api = await adminApi(request)
  const found = await (await api.get(`/api/admin/contact?q=${encodeURIComponent(subject)}`)).json()
  expect(found).toMatchObject({ data: [], total: 0 })
})

test('inbox pages through the server: count, search, next page', async ({ page, request }) => {
  const tag = unique()
  for (let i = 0; i < 55; i++) await sendMessage(request, `Sayfa ${tag} ${String(i).padStart(2, '0')}`)
  await loginAsAdmin(page, '/admin/iletisim-mesajlari')
  await expect(page.getByText(/[\d.]+ okunmamış mesaj/)).toBeVisible()
  // The unfiltered inbox may hold exactly these 55 too: wait for the search's own answer, not just the numbers.
  const searched = page.waitForResponse(
    (r) => r.url().includes('/api/admin/contact?') && r.url().includes('q='),
  )
  await page.getByLabel('Mesajlarda ara').fill(`SAYFA ${tag.toUpperCase()}`)
  await searched
  const pager = page.getByRole('navigation', { name: 'Okunmamış mesaj sayfaları' })
  await expect(pager.getByRole('status')).toHaveText('55 kayıttan 1–50')
  await expect(page.getByRole('article')).toHaveCount(50)
  await expect(page.getByRole('article').first()).toContainText(`Sayfa ${tag} 54`)
  await pager.getByRole('button', { name: 'Sonraki →' }).click()
  await expect(pager.getByRole('status')).toHaveText('55 kayıttan 51–55')
  await expect(page.getByRole('article')).toHaveCount(5)
  await expect(page.getByRole('article').last()).toContainText(`Sayfa ${tag} 00`)
  // Leave the shared inbox as it was.
  const api = await adminApi(request)
  const mine = (await (await api.get(`/api/admin/contact?pageSize=500&q=${tag}`)).json()).data as {
    id: string
  }[]
  for (const m of mine) await api.put(`/api/admin/contact/${m.id}/read`)
})

test('audit: the actions of this run show as Son işlemler and on the filterable İşlem Geçmişi page', async ({
  page,
  request,
}) => {
  const subject = `Denetim ${unique()}`
  await sendMessage(request, subject)
  // Log in through the form, as a person does: the login itself is an audited action.
  await page.goto('/admin/')
  await page.getByLabel('E-posta').fill(ADMIN.email)
  await page.getByLabel('Şifre').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeVisible()

  await page.getByRole('link', { name: 'Okunmamış Mesajlar' }).click()
  await page.getByLabel('Mesajlarda ara').fill(subject)
  await expect(
    page.getByRole('navigation', { name: 'Okunmamış mesaj sayfaları' }).getByRole('status'),
  ).toHaveText('1 kayıttan 1–1')
  const card = page.getByRole('article').filter({ hasText: subject })
  await card.getByRole('button', { name: 'Okundu olarak işaretle' }).click()
  await expect(card).toHaveCount(0)

  await page.getByRole('link', { name: 'Gösterge Paneli' }).click()
  const recent = page.getByRole('region', { name: 'Son işlemler' })
  // The log speaks in sentences (issue 23): 'Ad Soyad, bir mesajı okundu olarak işaretledi'.
  await expect(recent.getByText(/okundu olarak işaretledi/i).first()).toBeVisible()

  await page.getByRole('link', { name: 'İşlem Geçmişi' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'İşlem Geçmişi' })).toBeVisible()
  await page.getByLabel('Kullanıcı').selectOption(ADMIN.email)
  await page.getByLabel('İşlemlerde ara').fill('giriş yaptı')
  const rows = page.getByRole('row').filter({ hasText: 'Giriş yaptı' })
  await expect(rows.first()).toContainText(ADMIN.email)
  await page.getByLabel('İşlemlerde ara').fill('OKUNDU')
  await expect(
    page.getByRole('row').filter({ hasText: /okundu olarak işaretledi/i }).first(),
  ).toContainText(/PUT \/api\/admin\/contact\/[\w-]+\/read/)
  // Every admin action of the e2e run so far is in the log (other specs log in and save content too).
  const api = await adminApi(request)
  const log = await (await api.get('/api/admin/audit?pageSize=500')).json()
  expect(log.total).toBeGreaterThan(2)
  expect(log.data.some((e: { action: string }) => e.action === 'Giriş yaptı')).toBe(true)
})
