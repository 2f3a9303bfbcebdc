import type { Page } from 'playwright/test'
import { asksBeforeLeaving, expect, loginAsAdmin, test } from './helpers.ts'

/**
 * Issue 30, point 1: no typed work is ever lost. A form keeps what is typed in this browser, asks in the admin's
 * own dialog before a menu link, 'İptal' or the browser's back leaves it, lets the browser warn when the tab is
 * closed, and offers the kept draft when it opens again. Nothing here is saved: the shared server's content stays.
 */
const LEAVE = /^Kaydedilmemiş değişiklikleriniz var\. Bu sayfadan çıkılsın mı\?/
const OFFER = 'Kaydedilmemiş bir taslağınız var: geri yükle / sil'

const SIZES = [
  { name: 'masaüstü', width: 1440, height: 900 },
  { name: 'telefon', width: 390, height: 844 },
] as const

async function openMenuLink(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menü', exact: true })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('link', { name }).click()
}

async function answerLeave(page: Page, button: 'Sayfadan çık' | 'Düzenlemeye dön') {
  const dialog = page.getByRole('alertdialog', { name: 'Kaydedilmemiş değişiklikler' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByText(LEAVE)).toBeVisible()
  await dialog.getByRole('button', { name: button, exact: true }).click()
  await expect(dialog).toBeHidden()
}

for (const size of SIZES) {
  test.describe(`form drafts (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test('a new post is kept after leaving by the menu and after a reload, and asked about first', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      const title = `Taslak yazı ${size.name} ${Date.now()}`
      await loginAsAdmin(page, '/admin/')
      await openMenuLink(page, 'Blog Yönetimi')
      await page.getByRole('button', { name: '+ Yeni blog yazısı' }).click()
      const form = page.getByRole('form', { name: 'Yeni blog yazısı' })
      await form.getByLabel('Başlık').fill(title)
      await form.getByLabel('Özet').fill('Yarım kalan özet')

      // The browser's back asks first (a back that leaves the page is the browser's own question, below).
      await page.goBack()
      await answerLeave(page, 'Düzenlemeye dön')
      await expect(form.getByLabel('Başlık')).toHaveValue(title)

      // A menu link asks too; 'Düzenlemeye dön' keeps the form as it is.
      await openMenuLink(page, 'Gösterge Paneli')
      await answerLeave(page, 'Düzenlemeye dön')
      await expect(form.getByLabel('Başlık')).toHaveValue(title)
      await page.screenshot({ path: `test-results/issue-30/taslak-soru-${size.width}.png` })

      // Leaving anyway: the draft stays in this browser and is offered when the form opens again.
      await openMenuLink(page, 'Gösterge Paneli')
      await answerLeave(page, 'Sayfadan çık')
      await expect(page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeVisible()
      await page.goto('/admin/blog-duzenle?yeni=1')
      await expect(page.getByText(OFFER)).toBeVisible()
      await expect(form.getByLabel('Başlık')).toHaveValue('')
      await page.screenshot({ path: `test-results/issue-30/taslak-teklif-${size.width}.png` })
      await page.getByRole('button', { name: 'Taslağı geri yükle' }).click()
      await expect(form.getByLabel('Başlık')).toHaveValue(title)
      await expect(form.getByLabel('Özet')).toHaveValue('Yarım kalan özet')
      await expect(page.getByText(OFFER)).toBeHidden()

      // After a reload (the browser's leave question answered yes) it is offered again.
      page.once('dialog', (dialog) => void dialog.accept())
      await page.reload()
      await expect(page.getByText(OFFER)).toBeVisible()
      await page.getByRole('button', { name: 'Taslağı geri yükle' }).click()
      await expect(form.getByLabel('Başlık')).toHaveValue(title)

      // 'İptal' asks too.
      await form.getByRole('button', { name: 'İptal' }).click()
      await answerLeave(page, 'Düzenlemeye dön')
      await expect(form.getByLabel('Başlık')).toHaveValue(title)
      await form.getByRole('button', { name: 'İptal' }).click()
      await answerLeave(page, 'Sayfadan çık')
      await expect(form).toBeHidden()

      // 'Taslağı sil' forgets it: the next opening offers nothing and leaving asks nothing.
      await page.getByRole('button', { name: '+ Yeni blog yazısı' }).click()
      await page.getByRole('button', { name: 'Taslağı sil' }).click()
      await expect(page.getByText(OFFER)).toBeHidden()
      await expect(form.getByLabel('Başlık')).toHaveValue('')
      await openMenuLink(page, 'Gösterge Paneli')
      await expect(page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeVisible()
      await page.goto('/admin/blog-duzenle?yeni=1')
      await expect(form.getByLabel('Başlık')).toBeVisible()
      await expect(page.getByText(OFFER)).toBeHidden()
    })

    test('closing the tab with unsaved changes lets the browser warn; without changes it does not', async ({
      page,
    }) => {
      await loginAsAdmin(page, '/admin/iletisim-ayarlari')
      const title = page.getByLabel('Sayfa Başlığı')
      await expect(title).toBeEnabled()
      // Nothing typed: the tab closes without a question.
      const quiet: string[] = []
      page.on('dialog', (dialog) => {
        quiet.push(dialog.type())
        void dialog.accept()
      })
      await page.reload()
      expect(quiet).toEqual([])
      expect(await asksBeforeLeaving(page)).toBe(false)
      await title.fill(`${await title.inputValue()} değişti`)
      expect(await asksBeforeLeaving(page)).toBe(true)
      // The handler above answers the browser's dialog, when Chromium shows it.
      await page.close({ runBeforeUnload: true })
    })
  })
}
