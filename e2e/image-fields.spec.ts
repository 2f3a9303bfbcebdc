import sharp from 'sharp'
import type { Page } from 'playwright/test'
import { phonePhoto } from '../scripts/phone-photo.ts'
import { buildGeneration, confirmInDialog, expect, loginAsAdmin, test, waitForSiteBuild } from './helpers.ts'

/** Stores an image in the media library through the API (as the library screen does) and gives back its record. */
async function libraryImage(page: Page, name: string, width: number, height: number, alt = '') {
  const buffer = await sharp({ create: { width, height, channels: 3, background: '#3a7d44' } })
    .png()
    .toBuffer()
  const res = await page.request.post('/api/upload', {
    multipart: { image: { name, mimeType: 'image/png', buffer } },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { media } = await res.json()
  if (alt)
    expect((await page.request.put('/api/admin/media/alt', { data: { url: media.url, alt } })).ok()).toBe(
      true,
    )
  return media as { url: string; width: number; alt: string }
}

/** Slows the page's uploads to `bytesPerSecond` (Chromium's network emulation), so progress can be watched. */
async function slowUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  })
  return () =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
}

test('a blog image field uploads a 4 MB phone photo with progress, shows the size it became, and the save waits for it', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const stamp = Date.now()
  const photo = await phonePhoto()
  expect(photo.byteLength).toBeGreaterThan(3 * 1024 * 1024)
  await loginAsAdmin(page, '/admin/blog-duzenle?yeni=1')
  const form = page.getByRole('form', { name: 'Yeni blog yazısı' })
  const title = `Telefon fotoğrafı ${stamp}`
  await form.getByLabel('Başlık').fill(title)
  // A draft: the public blog list (counted by other specs running alongside) never shows it.
  await form.getByLabel('Durum').selectOption('draft')
  await form.getByRole('button', { name: 'Görsel alanı ekle' }).click()
  const field = form.locator('.field').filter({ has: page.getByLabel('Görsel alanı 1', { exact: true }) })

  const restore = await slowUploads(page, 1024 * 1024)
  await field
    .getByLabel('Görsel alanı 1', { exact: true })
    .setInputFiles({ name: 'telefon.jpg', mimeType: 'image/jpeg', buffer: photo })
  const status = field.getByRole('status')
  await expect(status).toContainText(/Yükleniyor\.\.\. %\d+/)
  await expect(status.getByRole('progressbar', { name: 'Yükleme durumu' })).toBeVisible()
  // The save waits for the image: its button is off while the upload runs.
  const save = form.getByRole('button', { name: 'Kaydet' })
  await expect(save).toBeDisabled()
  // Typing elsewhere meanwhile is kept when the upload ends.
  await form.getByLabel('Alternatif metin (isteğe bağlı)').fill('Telefonla çekilmiş fotoğraf')
  await restore()

  // Usable first ('Kaydet' enabled; decision 058), then the size it was against the size the server made of it.
  await expect(save).toBeEnabled({ timeout: 90_000 })
  await expect(field.locator('.field__hint')).toHaveText(/^\d+,\d MB → \d+ KB$/, { timeout: 180_000 })
  const [before, after] = (await field.locator('.field__hint').textContent())!.split(' → ')
  expect(before).toBe(`${(photo.byteLength / 1024 / 1024).toFixed(1).replace('.', ',')} MB`)
  expect(parseInt(after!)).toBeLessThan(400)
  await expect(field.locator('img.image-input__preview')).toHaveAttribute('src', /^\/uploads\/.+\.jpg$/)
  await expect(form.getByLabel('Alternatif metin (isteğe bağlı)')).toHaveValue('Telefonla çekilmiş fotoğraf')

  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.getByText('Blog yazısı başarıyla oluşturuldu!')).toBeVisible()
  const rows = (await (await page.request.get(`/api/admin/blogs?q=${encodeURIComponent(title)}`)).json()).data
  const id = rows.find((p: { title: string }) => p.title === title).id
  const post = (await (await page.request.get(`/api/admin/blogs/${id}`)).json()).data
  const library = (await (await page.request.get('/api/admin/media')).json()).data
  const record = library.find((m: { url: string }) => m.url === post.contentStructure[0].src)
  expect(record).toMatchObject({
    name: 'telefon.jpg',
    width: 4000,
    height: 3000,
    widths: [400, 800, 1200, 1920],
  })
  expect(post.contentStructure[0].alt).toBe('Telefonla çekilmiş fotoğraf')
  expect((await page.request.delete(`/api/admin/blogs/${id}`)).ok()).toBe(true)
})

test('a program logo is chosen from the media library and /programlar shows it as a sized <picture>', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const stamp = Date.now()
  await loginAsAdmin(page, '/admin/programlar-duzenle')
  const logo = await libraryImage(page, `logo-${stamp}.png`, 600, 600, `Program logosu ${stamp}`)
  const name = `Logolu Program ${stamp}`
  await page.getByRole('button', { name: 'Yeni Program Ekle' }).click()
  await page.getByLabel('Program Adı').fill(name)
  await page.getByLabel('Açıklama').fill('Logosu medya kütüphanesinden seçildi.')
  await page
    .getByLabel('Program Dosyası')
    .setInputFiles({ name: 'kurulum.txt', mimeType: 'text/plain', buffer: Buffer.from('kurulum\n') })
  await page.getByRole('button', { name: 'Kütüphaneden seç' }).click()
  const dialog = page.getByRole('dialog', { name: 'Medya kütüphanesi' })
  await dialog.getByRole('button', { name: `Seç: Program logosu ${stamp}` }).click()
  await expect(dialog).toBeHidden()
  await expect(page.locator('img.image-input__preview')).toHaveAttribute('src', logo.url)
  const since = await buildGeneration(page.request)
  await page.getByRole('button', { name: 'Program Ekle' }).click()
  await expect(page.getByText('Program başarıyla eklendi.')).toBeVisible()

  const programs = (await (await page.request.get('/api/admin/programs')).json()).data
  const program = programs.find((p: { name: string }) => p.name === name)
  expect(program.logoPath).toBe(logo.url)
  // Reused, not uploaded again: one library entry for it.
  const library = (await (await page.request.get('/api/admin/media')).json()).data
  expect(library.filter((m: { url: string }) => m.url === logo.url)).toHaveLength(1)

  await waitForSiteBuild(page.request, since)
  await page.goto('/programlar')
  const card = page.locator(`li.program-card[data-program-id="${program.id}"]`)
  const avif = card.locator('picture source[type="image/avif"]')
  await expect(avif).toHaveAttribute(
    'srcset',
    new RegExp(`${logo.url.replace(/\.png$/, '')}\\.400w\\.avif 400w`),
  )
  await expect(avif).toHaveAttribute('sizes', '64px')
  await expect(card.locator('picture img')).toHaveAttribute('width', '64')
  // The browser takes the 400 px AVIF copy, not the 600 px original.
  await expect
    .poll(() => card.locator('picture img').evaluate((img: HTMLImageElement) => img.currentSrc))
    .toMatch(/\.400w\.avif$/)

  expect((await page.request.delete(`/api/admin/programs/${program.id}`)).ok()).toBe(true)
})

test('a library image wider than the slider allows is shrunk into a 1920 px JPEG copy of its own', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const stamp = Date.now()
  await loginAsAdmin(page, '/admin/referanslarimiz-duzenle')
  const wide = await libraryImage(page, `genis-${stamp}.png`, 2600, 900, `Geniş görsel ${stamp}`)
  const slider = page.getByRole('form', { name: 'Slider görseli ekle' })
  const items = page.locator('.slider-list__item')
  const before = await items.count()
  await slider.getByRole('button', { name: 'Kütüphaneden seç' }).click()
  await page
    .getByRole('dialog', { name: 'Medya kütüphanesi' })
    .getByRole('button', { name: `Seç: Geniş görsel ${stamp}` })
    .click()
  // The copy is uploaded like a chosen file: its size shows when it is stored.
  await expect(slider.locator('.field__hint')).toHaveText(/→ \d+ KB$/, { timeout: 60_000 })
  await slider.getByRole('button', { name: 'Slider görseli ekle' }).click()
  await expect(items).toHaveCount(before + 1)

  const { sliderImages } = (await (await page.request.get('/api/admin/references')).json()).data
  const added = sliderImages[sliderImages.length - 1] as string
  expect(added).not.toBe(wide.url)
  expect(added).toMatch(/^\/uploads\/.+\.jpg$/)
  const library = (await (await page.request.get('/api/admin/media')).json()).data
  expect(library.find((m: { url: string }) => m.url === added)).toMatchObject({ width: 1920, height: 665 })
  await items
    .nth(before)
    .getByRole('button', { name: `${before + 1}. slider görselini sil` })
    .click()
  await confirmInDialog(page, 'Sil')
  await expect(items).toHaveCount(before)
})
