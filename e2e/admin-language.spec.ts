import sharp from 'sharp'
import type { APIRequestContext, Page } from 'playwright/test'
import { adminApi, expect, loginAsAdmin, test } from './helpers.ts'
import { scanPage } from './language-scan.ts'

// Issue 23: a Turkish office worker never sees an English UI word, an HTTP path or an ISO date in the admin.
// Every screen and the main dialogs (history, conflict, media picker) are read as shown, at 1440 px, in a browser
// set to English: what the admin shows must not depend on the browser's language (decision 077).
test.use({ locale: 'en-US' })

const SCREENS = [
  ['/admin/', 'Gösterge Paneli'],
  ['/admin/profil', 'Profil'],
  ['/admin/anasayfa-duzenle', 'Anasayfa'],
  ['/admin/hakkimizda-duzenle', 'Biz Kimiz'],
  ['/admin/referanslarimiz-duzenle', 'Referans'],
  ['/admin/blog-duzenle', 'Blog'],
  ['/admin/blog-duzenle?yeni=1', 'Blog'],
  ['/admin/sosyal-sorumluluk-projeleri', 'Sosyal Sorumluluk'],
  ['/admin/programlar-duzenle', 'Program'],
  ['/admin/medya', 'Medya'],
  ['/admin/iletisim-ayarlari', 'İletişim'],
  ['/admin/iletisim-mesajlari', 'Okunmamış Mesajlar'],
  ['/admin/iletisim-arsiv', 'Arşiv'],
  ['/admin/kutuphane-uyeleri', 'Kütüphane'],
  ['/admin/islem-gecmisi', 'İşlem Geçmişi'],
  ['/admin/olmayan-sayfa', ''],
] as const

async function image(api: APIRequestContext, name: string, color: string) {
  const buffer = await sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .jpeg()
    .toBuffer()
  const res = await api.post('/api/upload', {
    multipart: { image: { name, mimeType: 'image/jpeg', buffer } },
  })
  expect(res.status()).toBe(201)
  return (await res.json()).imageUrl as string
}

function projectForm(title: string, date: string, src: string, excerpt = 'Dil taraması') {
  const form = new FormData()
  form.set('title', title)
  form.set('excerpt', excerpt)
  form.set('project_date', date)
  // A draft: the public project list (counted by other specs) never shows it.
  form.set('status', 'draft')
  form.set(
    'contentStructure',
    JSON.stringify([
      { type: 'text', content: 'Fidan dikimi.' },
      { type: 'image', src, caption: 'Etkinlik' },
    ]),
  )
  return form
}

/** Waits until the screen has loaded (no spinner, no 'Yükleniyor...') and scans what it shows. */
async function expectTurkish(page: Page, where: string) {
  await expect(page.getByText('Yükleniyor...', { exact: true })).toHaveCount(0, { timeout: 20_000 })
  // Lists and status lines load after the heading; the status line polls, so 'networkidle' may never come.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {})
  expect(await scanPage(page), where).toEqual([])
}

test('every admin screen and its main dialogs are Turkish: no English UI word, no ISO date, no HTTP path', async ({
  page,
  request,
}) => {
  test.setTimeout(480_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const api = await adminApi(request)
  const stamp = Date.now()
  const title = `Dil taraması ${stamp}`
  // A project with two versions: its history shows a date, an image and the status as they change.
  const first = await image(api, `dil-1-${stamp}.jpg`, '#2a6f97')
  const created = await api.post('/api/admin/social-projects', {
    multipart: projectForm(title, '2025-05-01', first),
  })
  expect(created.status(), await created.text()).toBeLessThan(300)
  const id = (await created.json()).data.id as string
  const second = await image(api, `dil-2-${stamp}.jpg`, '#97302a')
  expect(
    (
      await api.put(`/api/admin/social-projects/${id}`, {
        multipart: projectForm(title, '2025-06-01', second),
      })
    ).ok(),
  ).toBe(true)

  try {
    // The login screen first.
    await page.goto('/admin/')
    await expectTurkish(page, 'giriş')
    await loginAsAdmin(page, '/admin/')
    for (const [path, heading] of SCREENS) {
      await page.goto(path)
      if (heading) await expect(page.getByRole('heading', { level: 1 }).first()).toContainText(heading)
      await expectTurkish(page, path)
    }

    // Issue 30: refused values are named with their limit in words, never zod's 'beklenen string <=40'.
    await page.goto('/admin/iletisim-ayarlari')
    await page.getByLabel('Telefon').fill('+90 212 000 00 00 '.repeat(3))
    await page.getByLabel('Harita yerleştirme bağlantısı').fill('harita')
    await page.getByRole('button', { name: 'Ayarları Kaydet' }).click()
    await expect(page.getByText('Telefon en fazla 40 karakter olabilir.')).toBeVisible()
    await expect(page.getByText(/^Harita adresi geçerli bir bağlantı olmalıdır/)).toBeVisible()
    await expectTurkish(page, 'iletişim ayarları hataları')

    // The project's editor, its history, the media picker and a conflict.
    await page.goto('/admin/sosyal-sorumluluk-projeleri')
    await page.getByRole('button', { name: `${title} düzenle` }).click()
    const form = page.getByRole('form', { name: 'Projeyi düzenle' })
    await expect(form.getByLabel('Proje başlığı')).toHaveValue(title)
    // The browser's own date input would show 'mm/dd/yyyy' here.
    await expect(form.getByLabel('Proje tarihi')).toHaveValue('01.06.2025')
    await expectTurkish(page, 'proje düzenleme')

    await page
      .getByRole('region', { name: 'Projeyi düzenle' })
      .getByRole('button', { name: 'Geçmiş', exact: true })
      .click()
    const history = page.getByRole('dialog', { name: /^Geçmiş: / })
    await expect(history.getByRole('list', { name: 'Sürümler' }).getByRole('listitem')).toHaveCount(2)
    // Images as thumbnails, dates in words.
    await expect(history.locator('img.diff-thumb').first()).toBeVisible()
    await expectTurkish(page, 'geçmiş penceresi')
    await history.getByRole('button', { name: 'Kapat' }).click()

    await form.getByRole('button', { name: 'Kütüphaneden seç' }).first().click()
    const picker = page.getByRole('dialog', { name: 'Medya kütüphanesi' })
    await expect(picker).toBeVisible()
    await expectTurkish(page, 'medya seçici')
    await page.keyboard.press('Escape')
    await expect(picker).toBeHidden()

    // Someone else saves meanwhile: this save gets the conflict dialog.
    const other = projectForm(title, '2025-07-01', second, 'Başka birinin özeti')
    expect((await api.put(`/api/admin/social-projects/${id}`, { multipart: other })).ok()).toBe(true)
    await form.getByLabel('Özet').fill('Benim özetim')
    await form.getByRole('button', { name: 'Kaydet' }).click()
    await expect(page.getByRole('dialog', { name: 'Kaydetme çakışması' })).toBeVisible()
    await expectTurkish(page, 'çakışma penceresi')
  } finally {
    await api.delete(`/api/admin/social-projects/${id}`).catch(() => {})
  }
})
