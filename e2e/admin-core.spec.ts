import { truncate, writeFile } from 'node:fs/promises'
import { expect, test, type Page } from './helpers.ts'
import { ADMIN, confirmInDialog, loginAsAdmin } from './helpers.ts'

// A 1×1 PNG: the server checks uploads by their bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Logs in through the admin login form. */
async function loginWithForm(page: Page, email: string, password: string) {
  await page.goto('/admin/')
  await page.getByLabel('E-posta').fill(email)
  await page.getByLabel('Şifre').fill(password)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
}

test('login: wrong password shows the server message, then the panel opens with name and role', async ({
  page,
}) => {
  await loginWithForm(page, ADMIN.email, 'yanlis-sifre-123')
  await expect(page.getByRole('alert')).toHaveText('E-posta veya şifre hatalı.')
  expect(await page.evaluate(() => localStorage.getItem('adminUser'))).toBeNull()

  await page.getByLabel('Şifre').fill(ADMIN.password)
  // The dashboard's own stats answer: tests running alongside change the counts (page views, posts) meanwhile.
  const statsAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/stats')
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Gösterge Paneli' })).toBeVisible()
  const sidebar = page.getByRole('complementary', { name: 'Yönetim menüsü' })
  await expect(sidebar.locator('.role-pill')).toHaveText('Süper Yönetici')
  await expect(sidebar.getByRole('link', { name: 'Siteye dön' })).toHaveAttribute('href', '/')
  const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('adminUser'))) ?? '{}')
  expect(stored.email).toBe(ADMIN.email)

  // Stat cards and system status come from the real API.
  const stats = (await (await statsAnswer).json()).data
  const cards = page.getByRole('region', { name: 'İstatistikler' })
  for (const [label, value] of [
    ['Toplam Sayfa', stats.totalPages],
    ['Blog Yazıları', stats.totalBlogs],
    ['Hizmetler', stats.totalServices],
    ['Toplam Görüntülenme', stats.totalViews],
  ]) {
    await expect(cards.locator('.stat-card', { hasText: label })).toContainText(String(value))
  }
  const status = page.getByRole('region', { name: 'Sistem Durumu' })
  await expect(status.getByText('Çalışıyor')).toBeVisible()
  // Issue 30: the site's state in plain words, the timing only under 'Teknik ayrıntı'.
  await expect(status.getByText('Site yayında', { exact: true })).toBeVisible()
  await expect(status.getByText(/^Son güncelleme (az önce|\d+ (dakika|saat) önce|\d.+)$/)).toBeVisible()
  await expect(status.getByText(/sürdü\.$/)).toBeHidden()
  await status.getByText('Teknik ayrıntı').click()
  await expect(status.getByText(/^Son yayın .+, [\d,]+ (ms|sn) sürdü\.$/)).toBeVisible()
  await status.screenshot({ path: 'test-results/issue-30/sistem-durumu.png' })
  // Storage used (exact bytes are checked in the API test; parallel tests may upload meanwhile).
  await expect(status.locator('.status-row', { hasText: 'Depolama' })).toContainText(
    /Görseller: [\d.,]+ (bayt|KB|MB|GB) · Program dosyaları: [\d.,]+ (bayt|KB|MB|GB) · Son temizlik \(.+\): /,
  )
  await page.getByRole('link', { name: 'Yeni Blog Yazısı' }).click()
  await expect(page).toHaveURL(/\/admin\/blog-duzenle\?yeni=1$/)
})

test('guard: a deep admin link asks for login, shows the progress label, then opens that screen', async ({
  page,
}) => {
  await page.goto('/admin/iletisim-ayarlari')
  await expect(page.getByRole('heading', { name: 'Yönetim Paneli Girişi' })).toBeVisible()
  // Hold the login request until the button has been seen in its busy state.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/admin/login', async (route) => {
    await held
    await route.continue()
  })
  await page.getByLabel('E-posta').fill(ADMIN.email)
  await page.getByLabel('Şifre').fill(ADMIN.password)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  const busy = page.getByRole('button', { name: 'Giriş yapılıyor...' })
  await expect(busy).toBeDisabled()
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'İletişim Ayarları' })).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/iletisim-ayarlari$/)
})

test('profile: own name update shows the success text and the sidebar follows', async ({ page }) => {
  await loginAsAdmin(page, '/admin/profil')
  const form = page.getByRole('region', { name: 'Profil Bilgilerim' })
  const original = await form.getByLabel('Ad Soyad').inputValue()
  const renamed = `Yönetici ${unique()}`
  try {
    await form.getByLabel('Ad Soyad').fill(renamed)
    await form.getByRole('button', { name: 'Profili Güncelle' }).click()
    await expect(form.getByText('Profiliniz başarıyla güncellendi!')).toBeVisible()
    await expect(page.getByRole('complementary').getByText(renamed)).toBeVisible()
    // Status messages clear themselves after 5 s.
    await expect(form.getByText('Profiliniz başarıyla güncellendi!')).toHaveCount(0, { timeout: 8000 })

    // Editing the own row in user management updates the profile form too.
    const area = page.getByRole('region', { name: 'Kullanıcı Yönetimi' })
    await area.getByRole('button', { name: `${renamed} düzenle` }).click()
    await area.locator('tr.table__edit-row').getByLabel('Ad Soyad').fill(`${renamed} 2`)
    await area.getByRole('button', { name: 'Kaydet' }).click()
    await expect(area.getByText('Kullanıcı başarıyla güncellendi!')).toBeVisible()
    await expect(form.getByLabel('Ad Soyad')).toHaveValue(`${renamed} 2`)
  } finally {
    await form.getByLabel('Ad Soyad').fill(original)
    await form.getByRole('button', { name: 'Profili Güncelle' }).click()
    // The seeded name is 'Süper Yönetici', the role pill's text too: look at the name itself.
    await expect(page.getByRole('complementary').locator('.sidebar__user-name')).toHaveText(original)
  }
})

test('profile: a new password needs the current one; a wrong one is named next to its field', async ({ page }) => {
  await loginAsAdmin(page, '/admin/profil')
  const form = page.getByRole('region', { name: 'Profil Bilgilerim' })
  await form.getByLabel('Yeni Şifre').fill('Baska-Sifre-123')
  await form.getByRole('button', { name: 'Profili Güncelle' }).click()
  await expect(
    form.getByText('Şifrenizi veya e-postanızı değiştirmek için mevcut şifrenizi giriniz.').first(),
  ).toBeVisible()
  await form.getByLabel('Mevcut Şifre').fill('yanlis-sifre')
  await form.getByRole('button', { name: 'Profili Güncelle' }).click()
  await expect(form.getByText('Mevcut şifreniz hatalı.').first()).toBeVisible()
  await expect(form.getByLabel('Mevcut Şifre')).toHaveAccessibleDescription(/Mevcut şifreniz hatalı\./)
})

test('users: superadmin creates, edits and deletes an admin; the admin sees no user management', async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, '/admin/profil')
  const area = page.getByRole('region', { name: 'Kullanıcı Yönetimi' })
  const email = `editor-${unique()}@ornek.com`
  const password = 'Editor-Sifre-1'

  // Own row: edit but no delete.
  const ownRow = area.getByRole('row').filter({ hasText: ADMIN.email })
  await expect(ownRow.getByRole('button', { name: /düzenle/ })).toBeVisible()
  await expect(ownRow.getByRole('button', { name: /sil$/ })).toHaveCount(0)

  await area.getByRole('button', { name: 'Yeni Kullanıcı Ekle' }).click()
  const form = area.getByRole('form', { name: 'Yeni kullanıcı' })
  await form.getByRole('button', { name: 'Kullanıcı Oluştur' }).click()
  await expect(form.getByText('Bu alan zorunludur.').first()).toBeVisible()
  await form.getByLabel('Ad Soyad').fill('Editör Deneme')
  await form.getByLabel('E-posta').fill(email)
  await form.getByLabel('Şifre').fill(password)
  await expect(form.getByLabel('Rol')).toHaveValue('admin')
  await form.getByRole('button', { name: 'Kullanıcı Oluştur' }).click()
  await expect(area.getByText('Yeni kullanıcı başarıyla oluşturuldu!')).toBeVisible()
  await expect(area.getByRole('button', { name: 'Yeni Kullanıcı Ekle' })).toBeVisible()

  const row = area.getByRole('row').filter({ hasText: email })
  await row.getByRole('button', { name: 'Editör Deneme düzenle' }).click()
  const editRow = area.locator('tr.table__edit-row')
  await editRow.getByLabel('Ad Soyad').fill('Editör Güncel')
  await editRow.getByRole('button', { name: 'Kaydet' }).click()
  await expect(area.getByText('Kullanıcı başarıyla güncellendi!')).toBeVisible()
  await expect(area.getByRole('row').filter({ hasText: email })).toContainText('Editör Güncel')

  // The new admin logs in through the form: profile without user management, role select disabled.
  const other = await browser.newContext()
  const adminPage = await other.newPage()
  await loginWithForm(adminPage, email, password)
  await expect(adminPage.getByRole('complementary').getByText('Editör Güncel')).toBeVisible()
  await expect(adminPage.getByRole('complementary').getByText('Yönetici', { exact: true })).toBeVisible()
  await adminPage.getByRole('link', { name: 'Profil ve Kullanıcılar' }).click()
  await expect(adminPage.getByRole('heading', { name: 'Profil Bilgilerim' })).toBeVisible()
  await expect(adminPage.getByLabel('Rol')).toBeDisabled()
  await expect(adminPage.getByText('Kullanıcı Yönetimi')).toHaveCount(0)
  await other.close()

  await area
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('button', { name: 'Editör Güncel sil' })
    .click()
  await confirmInDialog(page, 'Sil', 'Bu kullanıcıyı silmek istediğinizden emin misiniz?')
  await expect(area.getByText('Kullanıcı başarıyla silindi!')).toBeVisible()
  await expect(area.getByRole('row').filter({ hasText: email })).toHaveCount(0)
})

test('contact settings: logo and title save with one multipart PUT, then the site rebuild is reported', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await loginAsAdmin(page, '/admin/iletisim-ayarlari')
  const before = (await (await page.request.get('/api/contact-settings')).json()).data
  const title = `Netiz Test ${unique()}`
  try {
    await page.getByLabel('Sayfa Başlığı').fill(title)
    await page.getByLabel('LinkedIn').fill('linkedin değil')
    await page.getByRole('button', { name: 'Ayarları Kaydet' }).click()
    await expect(page.getByText('LinkedIn adresi geçerli bir bağlantı olmalıdır (https:// ile başlayan).')).toBeVisible()
    await page.getByLabel('LinkedIn').fill(before.socialLinks.linkedin)
    const preview = page.getByRole('img', { name: 'Önizleme' })
    const oldSrc = (await preview.count()) ? await preview.getAttribute('src') : null
    await page.getByLabel(/^Logo/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG })
    // The chosen file shows at once (blob:), then as its upload once that answers (decision 058): on a quiet
    // machine the upload can answer before the first look, so either is the new logo, not the old one.
    await expect(preview).toHaveAttribute('src', /^(blob:|\/uploads\/)/)
    await expect.poll(() => preview.getAttribute('src')).not.toBe(oldSrc)
    await page.getByRole('button', { name: 'Ayarları Kaydet' }).click()
    await expect(page.getByText('Ayarlar başarıyla kaydedildi!')).toBeVisible()
    const after = (await (await page.request.get('/api/contact-settings')).json()).data
    expect(after.title).toBe(title)
    expect(after.logo).toMatch(/^\/uploads\//)
    // The panel's favicon and touch icon follow the logo.
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', after.logo)
    await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute('href', after.logo)
    await expect(page.getByText('Değişiklikler yayında.')).toBeVisible({ timeout: 150_000 })
  } finally {
    const res = await page.request.put('/api/admin/contact-settings', { data: { ...before } })
    expect(res.status()).toBe(200)
  }
})

test('messages: a message sent from the public contact form is unread, then archived after Okundu', async ({
  page,
}) => {
  const subject = `Teklif ${unique()}`
  await page.goto('/iletisim')
  await page.getByLabel('Adınız Soyadınız').fill('Ayşe Yılmaz')
  await page.getByLabel('E-posta').fill('ayse@ornek.com')
  await page.getByLabel('Telefon').fill('+90 532 000 00 00')
  await page.getByLabel('Konu').fill(subject)
  await page.getByLabel('Mesajınız').fill('Merhaba, bilgi almak istiyorum.')
  await page.getByRole('button', { name: 'Gönder' }).click()
  await expect(page.getByText('Mesajınız başarıyla gönderildi.', { exact: false })).toBeVisible()
  await loginAsAdmin(page, '/admin/iletisim-mesajlari')
  const card = page.getByRole('article').filter({ hasText: subject })
  await expect(card).toContainText('Ayşe Yılmaz')
  await expect(card.getByRole('link', { name: 'ayse@ornek.com' })).toHaveAttribute(
    'href',
    'mailto:ayse@ornek.com',
  )
  await expect(card.getByRole('link', { name: '+90 532 000 00 00' })).toHaveAttribute(
    'href',
    'tel:+905320000000',
  )
  await expect(page.getByText(/\d+ okunmamış mesaj/)).toBeVisible()
  // Date and time in Turkish, e.g. '15 Nisan 2025 14:30'.
  const trDateTime =
    /^\d{1,2} (Ocak|Şubat|Mart|Nisan|Mayıs|Haziran|Temmuz|Ağustos|Eylül|Ekim|Kasım|Aralık) \d{4} \d{2}:\d{2}$/
  await expect(card.locator('time')).toHaveText(trDateTime)
  await card.getByRole('button', { name: 'Okundu olarak işaretle' }).click()
  await expect(card).toHaveCount(0)

  await page.getByRole('link', { name: 'Mesaj Arşivi' }).click()
  const archived = page.getByRole('article').filter({ hasText: subject })
  await expect(archived).toContainText('Okundu')
  await expect(archived).toContainText('Okunma:')
  await expect(archived.locator('time')).toHaveText([trDateTime, trDateTime])
})

test('library members: validation, add, edit with Kütüphane Yöneticisi, delete', async ({ page }) => {
  await loginAsAdmin(page, '/admin/kutuphane-uyeleri')
  const email = `uye-${unique()}@ornek.com`
  await page.getByRole('button', { name: 'Yeni Üye Ekle' }).click()
  await page.getByLabel('Ad Soyad').fill('Kütüphane Üyesi')
  await page.getByLabel('E-posta').fill(email)
  await page.getByRole('button', { name: 'Üye Ekle' }).click()
  await expect(page.getByText('Bu alan zorunludur.')).toBeVisible()
  await page.getByLabel('Şifre').fill('Uye-Sifre-123')
  await page.getByRole('button', { name: 'Üye Ekle' }).click()
  await expect(page.getByText('Üye başarıyla eklendi!')).toBeVisible()

  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row.getByText('Üye', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: 'Kütüphane Üyesi düzenle' }).click()
  await expect(page.getByLabel('E-posta')).toHaveValue(email)
  await page.getByLabel('Kütüphane Yöneticisi').check()
  await page.getByRole('button', { name: 'Güncelle' }).click()
  await expect(page.getByText('Bu alan zorunludur.')).toBeVisible() // the password is required on edit too
  await page.getByLabel('Şifre').fill('Uye-Sifre-456')
  await page.getByRole('button', { name: 'Güncelle' }).click()
  await expect(page.getByText('Üye başarıyla güncellendi!')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Kütüphane Yöneticisi')

  await page
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('button', { name: 'Kütüphane Üyesi sil' })
    .click()
  await confirmInDialog(page, 'Sil', '"Kütüphane Üyesi" adlı üyeyi silmek istediğinizden emin misiniz?')
  await expect(page.getByText('Üye başarıyla silindi!')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0)
})

test('programs: file required on create, too-large error, create, edit keeps the file, delete', async ({
  page,
}, testInfo) => {
  await loginAsAdmin(page, '/admin/programlar-duzenle')
  const name = `Deneme Programı ${unique()}`
  await page.getByRole('button', { name: 'Yeni Program Ekle' }).click()
  await expect(page.getByLabel('Versiyon')).toHaveValue('1.0.0')
  await page.getByLabel('Program Adı').fill(name)
  await page.getByLabel('Açıklama').fill('Uçtan uca test için küçük bir dosya.')
  await page.getByRole('button', { name: 'Program Ekle' }).click()
  await expect(page.getByText('Yeni program eklerken dosya seçimi zorunludur.')).toBeVisible()

  // A sparse file just over 50 MB (52428800 bytes): the browser reads its size, nothing is uploaded.
  const big = testInfo.outputPath('buyuk.bin')
  await writeFile(big, '')
  await truncate(big, 52428801)
  // Said under the field (an announced alert, no browser dialog), and the file is not kept.
  await page.getByLabel('Program Dosyası').setInputFiles(big)
  await expect(page.getByRole('alert').filter({ hasText: 'Dosya boyutu' })).toHaveText(
    "Dosya boyutu çok büyük! Maksimum dosya boyutu 50MB'dir. Seçilen dosya: 50 MB",
  )
  await expect(page.getByLabel('Program Dosyası')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Seçilen dosya: buyuk.bin')).toHaveCount(0)

  await page
    .getByLabel('Program Dosyası')
    .setInputFiles({ name: 'kurulum.txt', mimeType: 'text/plain', buffer: Buffer.from('merhaba dünya\n') })
  await page.getByRole('button', { name: 'Program Ekle' }).click()
  await expect(page.getByText('Program başarıyla eklendi.')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('kurulum.txt')
  await expect(row).toContainText('1.0.0')

  await row.getByRole('button', { name: `${name} düzenle` }).click()
  await expect(page.getByText(/Mevcut dosya: kurulum\.txt/)).toBeVisible()
  await page.getByLabel('Versiyon').fill('1.1.0')
  await page.getByRole('button', { name: 'Güncelle' }).click()
  await expect(page.getByText('Program başarıyla güncellendi.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('1.1.0')
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('kurulum.txt')

  await page
    .getByRole('row')
    .filter({ hasText: name })
    .getByRole('button', { name: `${name} sil` })
    .click()
  await confirmInDialog(page, 'Sil', `"${name}" programını silmek istediğinizden emin misiniz?`)
  await expect(page.getByText('Program başarıyla silindi.')).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0)
})

test('who-are-we: both blocks save with an uploaded image (PUT on existing content)', async ({ page }) => {
  await loginAsAdmin(page, '/admin/hakkimizda-duzenle')
  const before = await (await page.request.get('/api/admin/hakkimizda')).json()
  const title = `Biz Kimiz ${unique()}`
  try {
    const first = page.getByRole('region', { name: 'Birinci Bölüm' })
    await first.getByLabel('Başlık').fill(title)
    const preview = first.getByRole('img', { name: 'Önizleme' })
    const oldSrc = (await preview.count()) ? await preview.getAttribute('src') : null
    await first.getByLabel('Görsel').setInputFiles({ name: 'ekip.png', mimeType: 'image/png', buffer: PNG })
    // The chosen file (blob:) or already its upload, as for the logo above: the new image, not the old one.
    await expect(preview).toHaveAttribute('src', /^(blob:|\/uploads\/)/)
    await expect.poll(() => preview.getAttribute('src')).not.toBe(oldSrc)
    await page.getByRole('button', { name: 'Kaydet' }).click()
    await expect(page.getByText('Başarıyla Güncellendi!')).toBeVisible()
    const after = await (await page.request.get('/api/admin/hakkimizda')).json()
    expect(after.title2).toBe(title)
    expect(after.title1).toBe('')
    expect(after.image1).toMatch(/^\/uploads\//)
    expect(after.title3).toBe(before.title3)
  } finally {
    expect((await page.request.put('/api/admin/hakkimizda', { data: before })).status()).toBe(200)
  }
})

test('logout ends the session and shows the login form', async ({ page }) => {
  await loginAsAdmin(page, '/admin/')
  await page.getByRole('button', { name: 'Çıkış Yap' }).click()
  await expect(page.getByRole('heading', { name: 'Yönetim Paneli Girişi' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('adminUser'))).toBeNull()
  expect((await page.request.get('/api/admin/me')).status()).toBe(401)
})

test('phone: the sidebar is collapsed behind the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await loginAsAdmin(page, '/admin/')
  const link = page.getByRole('link', { name: 'Kütüphane Üyeleri' })
  await expect(link).toBeHidden()
  await page.getByRole('button', { name: 'Menü', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Menü', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  )
  await link.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Kütüphane Üyeleri' })).toBeVisible()
  await expect(link).toBeHidden()
})
