import { expect, test, type Browser, type Page } from 'playwright/test'
import { adminApi, confirmInDialog, loginAsAdmin } from './helpers.ts'

// Issue 11 beyond the blog: the social project editor, the about page and the contact settings send If-Match,
// show the conflict dialog on 412 (nothing lost) and have a 'Geçmiş' button.

const CONFLICT = 'Bu içerik siz düzenlerken başka biri tarafından değiştirildi.'

/** Two admins' browsers (the second a new admin), both logged in at `path`. */
async function twoAdmins(browser: Browser, path: string): Promise<[Page, Page, () => Promise<void>]> {
  const baseURL = test.info().project.use.baseURL
  const api = await adminApi((await browser.newContext({ baseURL })).request)
  const ayse = {
    name: 'Ayşe Editör',
    email: `ayse-${Date.now()}-${Math.floor(Math.random() * 1e6)}@ornek.com`,
    password: 'Yonetici-Sifre-2',
    role: 'admin',
  }
  expect((await api.post('/api/admin/users', { data: ayse })).status()).toBeLessThan(300)
  const [first, second] = [await browser.newContext({ baseURL }), await browser.newContext({ baseURL })]
  const [a, b] = [await first.newPage(), await second.newPage()]
  await loginAsAdmin(a, path)
  await loginAsAdmin(b, path, ayse)
  return [a, b, async () => void (await Promise.all([first.close(), second.close()]))]
}

test('social projects: the second save of the same project gets the conflict dialog and loses nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000)
  const api = await adminApi(request)
  const title = `Çakışan proje ${Date.now()}`
  const form = new FormData()
  form.set('title', title)
  form.set('project_date', '2025-05-01')
  // A draft: site-pages counts the published projects of the shared server while this runs.
  form.set('status', 'draft')
  form.set('contentStructure', JSON.stringify([{ type: 'text', content: 'Fidan dikimi.' }]))
  const id = (await (await api.post('/api/admin/social-projects', { multipart: form })).json()).data.id as string

  const [a, b, close] = await twoAdmins(browser, '/admin/sosyal-sorumluluk-projeleri')
  for (const page of [a, b]) await page.getByRole('button', { name: `${title} düzenle` }).click()
  const formA = a.getByRole('form', { name: 'Projeyi düzenle' })
  const formB = b.getByRole('form', { name: 'Projeyi düzenle' })
  await expect(formB.getByLabel('Proje başlığı')).toHaveValue(title)
  await formA.getByLabel('Proje başlığı').fill(`${title} A`)
  await formA.getByRole('button', { name: 'Kaydet' }).click()
  await expect(a.getByText('Sosyal sorumluluk projesi başarıyla güncellendi!')).toBeVisible()

  // B changes the same title (the one clashing field) and the summary.
  await formB.getByLabel('Proje başlığı').fill(`${title} B`)
  await formB.getByLabel('Özet').fill('B’nin özeti')
  await formB.getByRole('button', { name: 'Kaydet' }).click()
  const dialog = b.getByRole('dialog', { name: 'Kaydetme çakışması' })
  await expect(dialog.getByText(CONFLICT)).toBeVisible()
  await expect(dialog.getByRole('group')).toHaveCount(1)
  await expect(dialog.getByRole('group', { name: 'Başlık' })).toContainText(`${title} A`)
  const stored = async () => (await (await api.get(`/api/admin/social-projects/${id}`)).json()).project
  expect((await stored()).title).toBe(`${title} A`)
  await expect(formB.getByLabel('Özet')).toHaveValue('B’nin özeti')
  await dialog.getByRole('button', { name: 'Seçimlerimle kaydet' }).click()
  await expect(b.getByText(/Sosyal sorumluluk projesi başarıyla güncellendi!/)).toBeVisible()
  expect((await stored()).excerpt).toBe('B’nin özeti')
  expect((await stored()).title).toBe(`${title} B`)

  // The project's history lists the creation and both saves.
  await b.getByRole('button', { name: `${title} B düzenle` }).click()
  await b.getByRole('button', { name: 'Geçmiş', exact: true }).click()
  const history = b.getByRole('dialog', { name: /^Geçmiş: / })
  await expect(history.getByRole('list', { name: 'Sürümler' }).getByRole('listitem')).toHaveCount(3)
  await expect(history).toContainText('Ayşe Editör')
  await close()
  await api.delete(`/api/admin/social-projects/${id}`)
})

test('about page: a stale save opens the conflict dialog; reload takes the other admin’s text', async ({
  browser,
}) => {
  test.setTimeout(60_000)
  const [a, b, close] = await twoAdmins(browser, '/admin/hakkimizda-duzenle')
  const stamp = Date.now()
  // The second block's description: a field the site tests do not read (tests share one server).
  const titleOf = (page: Page) => page.getByRole('region', { name: 'İkinci Bölüm' }).getByLabel('Açıklama')
  await expect(titleOf(b)).not.toHaveValue('')
  const original = await titleOf(a).inputValue()
  await titleOf(a).fill(`Biz Kimiz ${stamp} A`)
  await a.getByRole('button', { name: 'Kaydet' }).click()
  await expect(a.getByText('Başarıyla Güncellendi!')).toBeVisible()
  // A saves again without reloading: its own last save is not a conflict.
  await titleOf(a).fill(`Biz Kimiz ${stamp} A2`)
  await a.getByRole('button', { name: 'Kaydet' }).click()
  await expect(a.getByRole('dialog', { name: 'Kaydetme çakışması' })).toHaveCount(0)
  await expect(a.getByText('Başarıyla Güncellendi!')).toBeVisible()

  await titleOf(b).fill(`Biz Kimiz ${stamp} B`)
  await b.getByRole('button', { name: 'Kaydet' }).click()
  const dialog = b.getByRole('dialog', { name: 'Kaydetme çakışması' })
  await expect(dialog.getByText(CONFLICT)).toBeVisible()
  // Who changed it: the other admin, even when their commit was still queued behind the publish.
  await expect(dialog).toContainText('Son değiştiren: Süper Yönetici')
  await b.screenshot({ path: test.info().outputPath('about-conflict.png') })
  await dialog.getByRole('button', { name: 'Onun sürümünü yükle' }).click()
  await expect(titleOf(b)).toHaveValue(`Biz Kimiz ${stamp} A2`)
  await titleOf(b).fill(original)
  await b.getByRole('button', { name: 'Kaydet' }).click()
  await expect(b.getByText('Başarıyla Güncellendi!')).toBeVisible()
  await close()
})

test('contact settings: history lists the saves and a stale save is refused with the dialog', async ({ browser }) => {
  test.setTimeout(60_000)
  const [a, b, close] = await twoAdmins(browser, '/admin/iletisim-ayarlari')
  const stamp = Date.now()
  const phone = (page: Page) => page.getByLabel('Telefon', { exact: true })
  await expect(phone(b)).not.toHaveValue('')
  const original = await phone(a).inputValue()
  await phone(a).fill(`0212 555 ${String(stamp).slice(-2)} 00`)
  await a.getByRole('button', { name: 'Kaydet' }).click()
  await expect(a.getByText('Ayarlar başarıyla kaydedildi!')).toBeVisible()

  await phone(b).fill('0212 000 00 00')
  await b.getByRole('button', { name: 'Kaydet' }).click()
  const dialog = b.getByRole('dialog', { name: 'Kaydetme çakışması' })
  await expect(dialog.getByText(CONFLICT)).toBeVisible()
  await dialog.getByRole('button', { name: 'Onun sürümünü yükle' }).click()
  await expect(phone(b)).toHaveValue(`0212 555 ${String(stamp).slice(-2)} 00`)

  await b.getByRole('button', { name: 'Geçmiş', exact: true }).click()
  const history = b.getByRole('dialog', { name: 'Geçmiş: İletişim ayarları' })
  await expect(history.getByRole('list', { name: 'Sürümler' }).getByRole('listitem').first()).toContainText(
    'Süper Yönetici',
  )
  await history.getByRole('button', { name: 'Kapat' }).first().click().catch(() => {})
  // Put the phone back for the other tests.
  await phone(a).fill(original)
  await a.getByRole('button', { name: 'Kaydet' }).click()
  await expect(a.getByText('Ayarlar başarıyla kaydedildi!')).toBeVisible()
  await close()
})

test('programs: a save over a version changed meanwhile gets the conflict dialog, then saves deliberately', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const api = await adminApi(request)
  const name = `Çakışan program ${Date.now()}`
  const form = new FormData()
  form.set('name', name)
  form.set('description', 'İlk açıklama')
  form.set('version', '1.0.0')
  form.set('file', new Blob(['merhaba dünya\n'], { type: 'text/plain' }), 'kurulum.txt')
  const id = (await (await api.post('/api/admin/programs', { multipart: form })).json()).data.id as string

  await loginAsAdmin(page, '/admin/programlar-duzenle')
  await page.getByRole('row').filter({ hasText: name }).getByRole('button', { name: `${name} düzenle` }).click()
  await expect(page.getByLabel('Program Adı')).toHaveValue(name)
  // Someone else saves the program while this form is open.
  const other = new FormData()
  other.set('name', name)
  other.set('description', 'Başkasının açıklaması')
  other.set('version', '1.0.1')
  expect((await api.put(`/api/admin/programs/${id}`, { multipart: other })).status()).toBe(200)

  await page.getByLabel('Versiyon').fill('2.0.0')
  await page.getByRole('button', { name: 'Güncelle' }).click()
  // Only the version clashes; the other person's description is not in question (issue 19).
  const dialog = page.getByRole('dialog', { name: 'Kaydetme çakışması' })
  await expect(dialog.getByText(CONFLICT)).toBeVisible()
  await expect(dialog.getByRole('group')).toHaveCount(1)
  await expect(dialog.getByRole('group', { name: 'Versiyon' })).toContainText('1.0.1')
  const stored = async () =>
    (
      (await (await api.get('/api/admin/programs')).json()).data as { id: string; version: string; description: string }[]
    ).find((p) => p.id === id)!
  expect((await stored()).version).toBe('1.0.1')
  await dialog.getByRole('button', { name: 'Seçimlerimle kaydet' }).click()
  await expect.poll(async () => (await stored()).version).toBe('2.0.0')
  expect((await stored()).description).toBe('Başkasının açıklaması')
  await api.delete(`/api/admin/programs/${id}`)
})

test('home sections: saves field by field without conflicting with themselves; a stale one gets the dialog; history restores', async ({
  browser,
}) => {
  test.setTimeout(90_000)
  const [a, b, close] = await twoAdmins(browser, '/admin/anasayfa-duzenle')
  const stamp = Date.now()
  // The blog section's description: a field no other test reads or writes (tests share one server).
  const subtitle = (page: Page) => page.locator('#blog').getByLabel('Açıklama', { exact: true })
  const original = await subtitle(a).inputValue()
  // A saves twice in a row: each save answers the section's new version, so the second is no conflict.
  for (const text of [`Alt ${stamp} 1`, `Alt ${stamp} 2`]) {
    await subtitle(a).fill(text)
    await subtitle(a).press('Tab')
    await expect(a.getByText('Değişiklikler kaydedildi!')).toBeVisible()
    await expect(a.getByText('Değişiklikler kaydedildi!')).toHaveCount(0, { timeout: 6000 })
  }
  await expect(a.getByRole('dialog', { name: 'Kaydetme çakışması' })).toHaveCount(0)

  // B loaded the banner before A's saves: its save is refused, nothing of A's is lost.
  await subtitle(b).fill(`Alt ${stamp} B`)
  await subtitle(b).press('Tab')
  const dialog = b.getByRole('dialog', { name: 'Kaydetme çakışması' })
  await expect(dialog.getByText(CONFLICT)).toBeVisible()
  await expect(dialog).toContainText(`Alt ${stamp} 2`)
  await dialog.getByRole('button', { name: 'Onun sürümünü yükle' }).click()
  await expect(subtitle(b)).toHaveValue(`Alt ${stamp} 2`)

  // The section's history: restore the version before A's second save.
  await b.locator('#blog').getByRole('button', { name: 'Geçmiş', exact: true }).click()
  const history = b.getByRole('dialog', { name: 'Geçmiş: Blog bölümü' })
  await history.getByRole('listitem').nth(1).getByRole('button', { name: 'Bu sürüme dön' }).click()
  await confirmInDialog(b, 'Bu sürüme dön', 'Bu sürüme dönülsün mü? Şu anki hali de geçmişte kalır.')
  await expect(b.getByText('İçerik seçilen sürüme döndürüldü.')).toBeVisible()
  await expect(subtitle(b)).toHaveValue(`Alt ${stamp} 1`)

  await subtitle(b).fill(original)
  await subtitle(b).press('Tab')
  await expect(b.getByText('Değişiklikler kaydedildi!')).toBeVisible()
  await close()
})

test('deleting a project someone changed since the list loaded is refused; the list shows the change, a second delete goes', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000)
  const api = await adminApi(request)
  const title = `Silinecek proje ${Date.now()}`
  const form = new FormData()
  form.set('title', title)
  form.set('project_date', '2025-05-02')
  form.set('status', 'draft') // kept off the public lists other tests count
  form.set('contentStructure', JSON.stringify([{ type: 'text', content: 'Metin.' }]))
  const id = (await (await api.post('/api/admin/social-projects', { multipart: form })).json()).data.id as string
  await loginAsAdmin(page, '/admin/sosyal-sorumluluk-projeleri')
  await expect(page.getByRole('row').filter({ hasText: title })).toBeVisible()
  const changed = new FormData()
  changed.set('title', `${title} değişti`)
  changed.set('project_date', '2025-05-02')
  changed.set('status', 'draft')
  changed.set('contentStructure', JSON.stringify([{ type: 'text', content: 'Metin.' }]))
  expect((await api.put(`/api/admin/social-projects/${id}`, { multipart: changed })).status()).toBe(200)

  await page.getByRole('button', { name: `${title} sil` }).click()
  await confirmInDialog(page, 'Sil')
  await expect(page.getByText(`Proje silinirken hata oluştu: ${CONFLICT}`)).toBeVisible()
  expect((await api.get(`/api/admin/social-projects/${id}`)).status()).toBe(200)
  // The list now shows the other person's title; deleting it again, knowingly, goes through.
  await page.getByRole('button', { name: `${title} değişti sil` }).click()
  await confirmInDialog(page, 'Sil', `"${title} değişti" projesi silinsin mi?`)
  await expect(page.getByText('Sosyal sorumluluk projesi başarıyla silindi!')).toBeVisible()
  expect((await api.get(`/api/admin/social-projects/${id}`)).status()).toBe(404)
})
