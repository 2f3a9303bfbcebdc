import type { Page } from 'playwright/test'
import { expect, loginAsAdmin, reloadPastLeaveWarning, test } from './helpers.ts'

/**
 * Issue 30, point 1, on 'Profil': the own profile, the new-user form and a user's row in edit mode keep what is
 * typed in this browser (never a password), ask before 'İptal' and menu links leave them, and offer the draft when
 * they open again. Nothing here is saved, and no assertion reads a value other tests change: only what this test
 * typed into its own browser.
 */
const OFFER = 'Kaydedilmemiş bir taslağınız var: geri yükle / sil'
const LEAVE = /^Kaydedilmemiş değişiklikleriniz var\. Bu sayfadan çıkılsın mı\?/

const SIZES = [
  { name: 'masaüstü', width: 1440, height: 900 },
  { name: 'telefon', width: 390, height: 844 },
] as const

async function answerLeave(page: Page, button: 'Sayfadan çık' | 'Düzenlemeye dön') {
  const dialog = page.getByRole('alertdialog', { name: 'Kaydedilmemiş değişiklikler' })
  await expect(dialog.getByText(LEAVE)).toBeVisible()
  await dialog.getByRole('button', { name: button, exact: true }).click()
  await expect(dialog).toBeHidden()
}

async function openMenuLink(page: Page, name: string) {
  const menu = page.getByRole('button', { name: 'Menü', exact: true })
  if (await menu.isVisible()) await menu.click()
  await page.getByRole('link', { name }).click()
}

for (const size of SIZES) {
  test.describe(`user form drafts (${size.name})`, () => {
    test.use({ viewport: { width: size.width, height: size.height } })

    test('own profile: kept across a reload (the browser warns first), never the password', async ({
      page,
    }) => {
      await loginAsAdmin(page, '/admin/profil')
      const form = page.getByRole('region', { name: 'Profil Bilgilerim' })
      const name = form.getByLabel('Ad Soyad')
      await expect(name).toBeEnabled()
      const typed = `Taslak Ad ${size.name} ${Date.now()}`
      await name.fill(typed)
      await form.getByLabel('Yeni Şifre').fill('Gizli-Sifre-123')
      await reloadPastLeaveWarning(page)
      await expect(form.getByText(OFFER)).toBeVisible()
      await expect(name).not.toHaveValue(typed)
      const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }))
      expect(stored).toContain(typed)
      expect(stored).not.toContain('Gizli-Sifre-123')
      await page.screenshot({ path: `test-results/issue-30/profil-taslak-${size.width}.png` })
      await form.getByRole('button', { name: 'Taslağı geri yükle' }).click()
      await expect(name).toHaveValue(typed)
      await expect(form.getByLabel('Yeni Şifre')).toHaveValue('')
    })

    test('new user and a user row: İptal and the menu ask; the draft is offered again, then deleted', async ({
      page,
    }) => {
      await loginAsAdmin(page, '/admin/profil')
      const area = page.getByRole('region', { name: 'Kullanıcı Yönetimi' })
      await area.getByRole('button', { name: 'Yeni Kullanıcı Ekle' }).click()
      const form = area.getByRole('form', { name: 'Yeni kullanıcı' })
      const email = `taslak-${size.width}-${Date.now()}@ornek.com`
      await form.getByLabel('Ad Soyad').fill('Taslak Kullanıcı')
      await form.getByLabel('E-posta').fill(email)
      await openMenuLink(page, 'Gösterge Paneli')
      await answerLeave(page, 'Düzenlemeye dön')
      await expect(form.getByLabel('E-posta')).toHaveValue(email)
      // The card's 'İptal' asks too; leaving keeps the draft for the next opening.
      await area.getByRole('button', { name: 'İptal' }).click()
      await answerLeave(page, 'Sayfadan çık')
      await expect(form).toBeHidden()
      await area.getByRole('button', { name: 'Yeni Kullanıcı Ekle' }).click()
      await expect(area.getByText(OFFER)).toBeVisible()
      await expect(form.getByLabel('E-posta')).toHaveValue('')
      await area.getByRole('button', { name: 'Taslağı geri yükle' }).click()
      await expect(form.getByLabel('E-posta')).toHaveValue(email)
      await expect(form.getByLabel('Ad Soyad')).toHaveValue('Taslak Kullanıcı')
      await area.getByRole('button', { name: 'İptal' }).click()
      await answerLeave(page, 'Sayfadan çık')

      // One's own row in edit mode.
      const row = area.getByRole('row').filter({ hasText: 'Siz' })
      await row.getByRole('button', { name: /düzenle$/ }).click()
      const edit = area.locator('.table__edit-row:not(.table__draft-row)')
      const typed = `Satır taslağı ${size.name}`
      await edit.getByLabel('Ad Soyad').fill(typed)
      await edit.getByRole('button', { name: 'İptal' }).click()
      await answerLeave(page, 'Sayfadan çık')
      await expect(edit).toBeHidden()
      await row.getByRole('button', { name: /düzenle$/ }).click()
      await expect(area.getByText(OFFER)).toBeVisible()
      await page.screenshot({ path: `test-results/issue-30/kullanici-satir-taslak-${size.width}.png` })
      await area.getByRole('button', { name: 'Taslağı sil' }).click()
      await expect(area.getByText(OFFER)).toBeHidden()
      await expect(edit.getByLabel('Ad Soyad')).not.toHaveValue(typed)
      // Nothing typed any more: 'İptal' closes without a question.
      await edit.getByRole('button', { name: 'İptal' }).click()
      await expect(edit).toBeHidden()
    })
  })
}
