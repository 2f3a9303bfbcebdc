import { expect, test, type Page } from 'playwright/test'
import { ADMIN, reloadPastLeaveWarning } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

/**
 * Issue 30, point 1, in the home editor (fields that save themselves on blur, the new and stored partner cards,
 * the add-a-title fields) and in the audit log's 'Ayrıntılar' (point 5). On a server of its own: a restored draft
 * is saved, and other tests read and save the shared server's home page.
 */
const OFFER = 'Kaydedilmemiş bir taslağınız var: geri yükle / sil'
const LEAVE = /^Kaydedilmemiş değişiklikleriniz var\. Bu sayfadan çıkılsın mı\?/

const SIZES = [
  { name: 'masaüstü', width: 1440, height: 900 },
  { name: 'telefon', width: 390, height: 844 },
] as const

let server: Awaited<ReturnType<typeof startIsolatedServer>>
test.beforeAll(async () => {
  test.setTimeout(240_000)
  server = await startIsolatedServer(() => {}, { files: [] })
})
test.afterAll(async () => {
  test.setTimeout(120_000)
  await server?.stop()
})

async function login(page: Page, path: string) {
  const res = await page.request.post(`${server.url}/api/admin/login`, { data: ADMIN })
  expect(res.status()).toBe(200)
  await page.goto(`${server.url}/admin/`)
  await page.evaluate(
    (u) => localStorage.setItem('adminUser', JSON.stringify(u)),
    (await res.json()).data.user,
  )
  await page.goto(`${server.url}${path}`)
}

async function openMenuLink(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menü', exact: true })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('link', { name }).click()
}

async function answerLeave(page: Page, button: 'Sayfadan çık' | 'Düzenlemeye dön') {
  const dialog = page.getByRole('alertdialog', { name: 'Kaydedilmemiş değişiklikler' })
  await expect(dialog.getByText(LEAVE)).toBeVisible()
  await dialog.getByRole('button', { name: button, exact: true }).click()
  await expect(dialog).toBeHidden()
}

const homeOf = async (page: Page) =>
  (await (await page.request.get(`${server.url}/api/admin/anasayfa`)).json()).data as {
    services: { title: string; description: string }
    partners: { cards: { id: string; title: string; link: string }[] }
  }

for (const size of SIZES) {
  test.describe(`home editor drafts (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test('a field typed and not yet saved survives a reload and is saved when restored; the audit names it', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await login(page, '/admin/anasayfa-duzenle')
      const services = page.locator('#hizmetler')
      const title = services.getByLabel('Bölüm başlığı')
      await expect(title).toBeEnabled()
      const saved = await title.inputValue()
      const typed = `Hizmet taslağı ${size.name}`
      // Typed, the field not left yet: closing or reloading the tab lets the browser warn.
      await title.fill(typed)
      await reloadPastLeaveWarning(page)
      await expect(services.getByText(OFFER)).toBeVisible()
      await expect(title).toHaveValue(saved)
      expect((await homeOf(page)).services.title).toBe(saved)
      await page.screenshot({ path: `test-results/issue-30/anasayfa-taslak-${size.width}.png` })

      // Restoring saves it as leaving the field would.
      await services.getByRole('button', { name: 'Taslağı geri yükle' }).click()
      await expect(title).toHaveValue(typed)
      await expect.poll(async () => (await homeOf(page)).services.title).toBe(typed)
      await expect(services.getByText(OFFER)).toBeHidden()

      // A required field emptied is refused on blur, and leaving then asks; the refused text is kept too.
      await title.fill('')
      await title.press('Tab')
      await expect(services.getByText(/Bölüm başlığı boş bırakılamaz/)).toBeVisible()
      await openMenuLink(page, 'Gösterge Paneli')
      await answerLeave(page, 'Düzenlemeye dön')
      await expect(title).toHaveValue('')
      await openMenuLink(page, 'Gösterge Paneli')
      await answerLeave(page, 'Sayfadan çık')
      await expect(page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeVisible()
      await page.goto(`${server.url}/admin/anasayfa-duzenle`)
      await expect(services.getByText(OFFER)).toBeVisible()
      await expect(title).toHaveValue(typed)
      await services.getByRole('button', { name: 'Taslağı sil' }).click()
      await expect(services.getByText(OFFER)).toBeHidden()

      // The audit log says which field the restore changed, in words.
      await page.goto(`${server.url}/admin/islem-gecmisi`)
      const entry = page.getByRole('row').filter({ hasText: 'Hizmetler' }).first()
      await entry.getByText('Ayrıntılar').click()
      await expect(entry.getByText('Değiştirilen alan: Başlık.')).toBeVisible()
      await page.screenshot({ path: `test-results/issue-30/islem-ayrintilar-${size.width}.png` })
    })

    test('partner cards and new titles keep their drafts; İptal and menu links ask first', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await login(page, '/admin/anasayfa-duzenle')
      const partners = page.locator('#partnerler')
      await expect(partners.getByRole('button', { name: '+ Yeni partner kartı ekle' })).toBeVisible()

      // A new card, half typed: the menu asks, leaving keeps it, it is offered on the next visit.
      await partners.getByRole('button', { name: '+ Yeni partner kartı ekle' }).click()
      const form = partners.getByRole('form', { name: 'Yeni partner kartı' })
      await form.getByLabel('Kart başlığı').fill(`Taslak kart ${size.name}`)
      await form.getByLabel('Kart açıklaması').fill('Yarım kalan açıklama')
      await openMenuLink(page, 'Gösterge Paneli')
      await answerLeave(page, 'Sayfadan çık')
      await expect(page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeVisible()
      await page.goto(`${server.url}/admin/anasayfa-duzenle`)
      await expect(partners.getByText(OFFER)).toBeVisible()
      await partners.getByText(OFFER).scrollIntoViewIfNeeded()
      await page.screenshot({ path: `test-results/issue-30/partner-taslak-${size.width}.png` })
      await partners.getByRole('button', { name: 'Taslağı geri yükle' }).click()
      await expect(form.getByLabel('Kart başlığı')).toHaveValue(`Taslak kart ${size.name}`)
      await expect(form.getByLabel('Kart açıklaması')).toHaveValue('Yarım kalan açıklama')
      // 'İptal' asks; 'Düzenlemeye dön' keeps the form open.
      await form.getByRole('button', { name: 'İptal' }).click()
      await answerLeave(page, 'Düzenlemeye dön')
      await expect(form.getByLabel('Kart başlığı')).toHaveValue(`Taslak kart ${size.name}`)
      await form.getByRole('button', { name: 'İptal' }).click()
      await answerLeave(page, 'Sayfadan çık')
      await expect(form).toBeHidden()

      // A stored card with a link its rule refuses: not saved, kept across a reload, offered on the card.
      const card = (await homeOf(page)).partners.cards[0]!
      const item = partners
        .getByRole('listitem')
        .filter({ has: page.getByRole('button', { name: card.title }) })
      await item.getByRole('button', { name: card.title }).click()
      await item.getByLabel('Bağlantı').fill('bir bağlantı değil')
      await item.getByLabel('Bağlantı').press('Tab')
      await expect(item.getByText(/geçerli bir bağlantı olmalıdır/)).toBeVisible()
      await reloadPastLeaveWarning(page)
      expect((await homeOf(page)).partners.cards[0]!.link).toBe(card.link)
      await expect(item.getByText(OFFER)).toBeVisible()
      await item.getByRole('button', { name: 'Taslağı sil' }).click()
      await expect(item.getByText(OFFER)).toBeHidden()

      // The add-a-heading field keeps what was typed across a reload.
      const heading = page.locator('#hizmetler').getByLabel('Yeni hizmet başlığı')
      await heading.fill(`Yeni hizmet ${size.name}`)
      await reloadPastLeaveWarning(page)
      await expect(heading).toHaveValue('')
      await page.locator('#hizmetler').getByRole('button', { name: 'Taslağı geri yükle' }).click()
      await expect(heading).toHaveValue(`Yeni hizmet ${size.name}`)
    })
  })
}

test('text typed while the field’s save is on its way is kept when the save’s answer arrives', async ({ page }) => {
  test.setTimeout(120_000)
  await login(page, '/admin/anasayfa-duzenle')
  const description = page.locator('#hizmetler').getByLabel('Açıklama')
  await expect(description).toBeEnabled()
  // The save's request waits here until the field holds newer text (a slow network, or a loaded server).
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/admin/anasayfa/services', async (route) => {
    if (route.request().method() === 'PUT') await held
    await route.continue()
  })
  const first = 'Yolda olan açıklama'
  const newer = 'Sonradan yazılan açıklama'
  await description.fill(first)
  await description.press('Tab')
  await description.fill(newer)
  const answered = page.waitForResponse(
    (res) => res.url().endsWith('/api/admin/anasayfa/services') && res.request().method() === 'PUT',
  )
  release()
  expect((await answered).status()).toBe(200)
  // The answer is applied (the confirmation follows it); the newer text stays, and leaving the field saves it.
  await expect(page.getByText('Değişiklikler kaydedildi!').first()).toBeVisible()
  await expect(description).toHaveValue(newer)
  expect((await homeOf(page)).services.description).toBe(first)
  await description.press('Tab')
  await expect
    .poll(async () => (await homeOf(page)).services.description)
    .toBe(newer)
})
