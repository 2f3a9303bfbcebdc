import { expect, loginAsAdmin, test } from './helpers.ts'

/**
 * Issue 30, point 1, on the about page: a draft survives a reload, and a form typed back to what is saved keeps
 * none. Serial (after the other browser tests): the draft holds every field of the page, and tests running beside
 * it save the about page, so a field changed by them in between would rightly leave a draft behind.
 */
const OFFER = 'Kaydedilmemiş bir taslağınız var: geri yükle / sil'

const SIZES = [
  { name: 'masaüstü', width: 1440, height: 900 },
  { name: 'telefon', width: 390, height: 844 },
] as const

for (const size of SIZES) {
  test.describe(`form drafts on the about page (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test('the about page keeps its draft across a reload; a saved page has none', async ({ page }) => {
      await loginAsAdmin(page, '/admin/hakkimizda-duzenle')
      const title = page.getByRole('region', { name: 'Birinci Bölüm' }).getByLabel('Başlık')
      await expect(title).toBeEnabled()
      const saved = await title.inputValue()
      await title.fill(`${saved} (taslak ${size.name})`)
      page.once('dialog', (dialog) => void dialog.accept())
      await page.reload()
      await expect(page.getByText(OFFER)).toBeVisible()
      await expect(title).toHaveValue(saved)
      await page.getByRole('button', { name: 'Taslağı geri yükle' }).click()
      await expect(title).toHaveValue(`${saved} (taslak ${size.name})`)
      // Typed back to the saved text: nothing unsaved, the draft is gone.
      await title.fill(saved)
      await page.reload()
      await expect(title).toHaveValue(saved)
      await expect(page.getByText(OFFER)).toBeHidden()
    })
  })
}
