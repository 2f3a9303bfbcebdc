import AxeBuilder from '@axe-core/playwright'
import { ADMIN, expect, reloadPastLeaveWarning, test } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

/**
 * Issue 30 on the members' library: a library admin's half-typed 'Yeni belge' survives a reload (the browser asks
 * first), is offered when the form opens again and comes back on 'Taslağı geri yükle'; 'İptal' asks in the site's
 * own dialog with the admin panel's words. On a server of its own with a library admin made here (nothing is saved
 * that another test reads), at phone and desktop width.
 */
let server: Awaited<ReturnType<typeof startIsolatedServer>>
const PASSWORD = 'Taslak-Kutuphane-1'
const librarian = { name: 'Selin Taslak', email: 'kutuphane-taslak@ornek.com', role: 'library_admin' }
const OFFER = 'Kaydedilmemiş bir taslağınız var: geri yükle / sil'
const LEAVE = 'Kaydedilmemiş değişiklikleriniz var. Bu sayfadan çıkılsın mı?'
const TYPED = 'Yarım kalan e-Arşiv rehberi'

test.describe.configure({ mode: 'serial', timeout: 180_000 })

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000)
  server = await startIsolatedServer(() => {})
  const api = await playwright.request.newContext({ baseURL: server.url })
  expect((await api.post('/api/admin/login', { data: ADMIN })).status()).toBe(200)
  const res = await api.post('/api/admin/library-members', { data: { ...librarian, password: PASSWORD } })
  expect(res.status(), await res.text()).toBe(201)
  await api.dispose()
})

test.afterAll(async () => {
  await server?.stop()
})

for (const width of [390, 1440]) {
  test(`a half-typed library item survives a reload and 'İptal' asks first (${width} px)`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width, height: 900 },
      locale: 'tr-TR',
    })
    const page = await context.newPage()
    await page.goto('/kutuphane')
    await page.getByLabel('E-posta').fill(librarian.email)
    await page.getByLabel('Şifre').fill(PASSWORD)
    await page.getByRole('button', { name: 'Giriş Yap' }).click()
    await expect(page.getByRole('heading', { name: /Hoş geldiniz/ })).toBeVisible()

    const openForm = async () => {
      await page.getByRole('button', { name: 'Yeni belge' }).click()
      await expect(page.getByRole('heading', { name: 'Yeni belge' })).toBeVisible()
    }
    const title = page.getByLabel('Başlık')
    const offer = page.getByText(OFFER)

    // Nothing kept yet: no offer. Typing a title, then reloading: the browser asks (accepted here).
    await openForm()
    await expect(offer).toBeHidden()
    await title.fill(TYPED)
    await reloadPastLeaveWarning(page)
    await expect(page.getByRole('heading', { name: /Hoş geldiniz/ })).toBeVisible()

    // Opening the form again offers the draft; the form itself starts empty until it is restored.
    await openForm()
    await expect(offer).toBeVisible()
    await expect(title).toHaveValue('')
    await offer.scrollIntoViewIfNeeded()
    if (width === 390) await page.screenshot({ path: testInfo.outputPath('library-draft-offer-390.png') })
    const axe = await new AxeBuilder({ page })
      .include('.library-form')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze()
    expect(axe.violations.map((v) => v.id)).toEqual([])
    await page.getByRole('button', { name: 'Taslağı geri yükle' }).click()
    await expect(offer).toBeHidden()
    await expect(title).toHaveValue(TYPED)

    // 'İptal' asks; 'Düzenlemeye dön' keeps the form, 'Sayfadan çık' closes it and the draft stays.
    const dialog = page.getByRole('dialog', { name: 'Kaydedilmemiş değişiklikler' })
    await page.getByRole('button', { name: 'İptal', exact: true }).click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText(LEAVE)).toBeVisible()
    await dialog.getByRole('button', { name: 'Düzenlemeye dön' }).click()
    await expect(dialog).toBeHidden()
    await expect(title).toHaveValue(TYPED)
    await page.getByRole('button', { name: 'İptal', exact: true }).click()
    await dialog.getByRole('button', { name: 'Sayfadan çık' }).click()
    await expect(page.getByRole('heading', { name: 'Yeni belge' })).toBeHidden()
    await openForm()
    await expect(offer).toBeVisible()

    // Restored and typed back to the saved (empty) form: the draft is gone and 'İptal' closes at once.
    await page.getByRole('button', { name: 'Taslağı geri yükle' }).click()
    await title.fill('')
    await page.getByRole('button', { name: 'İptal', exact: true }).click()
    await expect(page.getByRole('heading', { name: 'Yeni belge' })).toBeHidden()
    await expect(dialog).toBeHidden()
    await openForm()
    await expect(offer).toBeHidden()
    await context.close()
  })
}
