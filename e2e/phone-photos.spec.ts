import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { phonePhoto } from '../scripts/phone-photo.ts'
import { expect, loginAsAdmin, test } from './helpers.ts'

// Issue 23: a phone photo of 12 MB and more is taken by every image field and the media library (25 MB limit).
// Nothing is saved: the uploads stay in the library unused, as a cancelled form leaves them (decision 024).

let folder = ''
let photoPath = ''
let tooBigPath = ''

test.beforeAll(async () => {
  test.setTimeout(120_000)
  // 6000×4500 at JPEG 94: a 27 MP phone photo of about 13 MB, made once for the file (it takes seconds).
  folder = mkdtempSync(join(tmpdir(), 'phone-photos-'))
  photoPath = join(folder, 'telefon-12mb.jpg')
  const bytes = await phonePhoto(6000, 4500, 94)
  writeFileSync(photoPath, bytes)
  // A JPEG's start padded past 25 MB: refused by its size before anything is read or sent.
  tooBigPath = join(folder, 'dev.jpg')
  const big = Buffer.alloc(26 * 1024 * 1024)
  big.set(bytes.subarray(0, 1024))
  writeFileSync(tooBigPath, big)
})
test.afterAll(() => rmSync(folder, { recursive: true, force: true }))

// By path: Chromium reads the file itself (a buffer would cross the protocol as base64).
const photo = () => photoPath

for (const width of [1440, 390]) {
  test(`a 12 MB phone photo is accepted in a blog image field, the media library and a reference card at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(400_000)
    expect(readFileSync(photoPath).byteLength).toBeGreaterThan(12 * 1024 * 1024)
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 })

    // A blog post's image field: uploaded, shown from /uploads/, and the post can be saved.
    await loginAsAdmin(page, '/admin/blog-duzenle?yeni=1')
    const form = page.getByRole('form', { name: 'Yeni blog yazısı' })
    await form.getByLabel('Başlık').fill(`Telefon 12 MB ${Date.now()}`)
    await form.getByRole('button', { name: 'Görsel alanı ekle' }).click()
    const field = form.locator('.field').filter({ has: page.getByLabel('Görsel alanı 1', { exact: true }) })
    await field.getByLabel('Görsel alanı 1', { exact: true }).setInputFiles(photo())
    await expect(field.locator('img.image-input__preview')).toHaveAttribute('src', /^\/uploads\/.+\.jpg$/, {
      timeout: 180_000,
    })
    await expect(field.locator('.field__error')).toHaveCount(0)
    await expect(form.getByRole('button', { name: 'Kaydet' })).toBeEnabled()

    // The media library: the row shows the size it became, not a refusal.
    await page.goto('/admin/medya')
    await page.getByLabel('Yüklenecek dosyaları seçin').setInputFiles(photo())
    const row = page.locator('.upload-zone__rows li').filter({ hasText: 'telefon-12mb.jpg' })
    await expect(row).toContainText(/\d+,\d MB → \d+ KB/, { timeout: 180_000 })
    await expect(row.locator('.field__error')).toHaveCount(0)

    // A reference card's cover: shrunk in the browser (800 px), then uploaded.
    await page.goto('/admin/referanslarimiz-duzenle')
    const card = page.getByRole('form', { name: 'Yeni referans kartı' })
    await card.getByLabel('Kapak görseli').setInputFiles(photo())
    await expect(card.locator('img.image-input__preview')).toHaveAttribute('src', /^\/uploads\/.+\.jpg$/, {
      timeout: 180_000,
    })
    await expect(card.locator('.field__error')).toHaveCount(0)
    await expect(card.getByRole('button', { name: 'Referans ekle' })).toBeEnabled()
  })
}

test('a photo over 25 MB is refused before it is sent, naming the limit', async ({ page }) => {
  await loginAsAdmin(page, '/admin/blog-duzenle?yeni=1')
  const form = page.getByRole('form', { name: 'Yeni blog yazısı' })
  await form.getByRole('button', { name: 'Görsel alanı ekle' }).click()
  await form
    .getByLabel('Görsel alanı 1', { exact: true })
    .setInputFiles(tooBigPath)
  await expect(form.getByText('Görsel en fazla 25 MB olabilir.')).toBeVisible()
})
