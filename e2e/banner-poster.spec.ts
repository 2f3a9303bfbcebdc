import type { Page } from 'playwright/test'
import { ADMIN, expect, test } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

// Issue 12: a banner video gets a poster. No tool here takes a video's first frame (decision 023), so the admin
// chooses a still; the home page's <video> shows it before the video plays. On a server of its own: other tests
// read the shared server's banner.

/** A short WebM recorded from a canvas in the browser (no fixture file, no ffmpeg). */
async function webmFile(page: Page) {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 320
    canvas.height = 180
    const ctx = canvas.getContext('2d')!
    const recorder = new MediaRecorder(canvas.captureStream(15), { mimeType: 'video/webm' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (e) => chunks.push(e.data)
    const done = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start()
    for (let i = 0; i < 10; i++) {
      ctx.fillStyle = `hsl(${i * 30}, 70%, 45%)`
      ctx.fillRect(0, 0, 320, 180)
      await new Promise((r) => setTimeout(r, 70))
    }
    recorder.stop()
    await done
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer())
    let binary = ''
    for (const b of bytes) binary += String.fromCharCode(b)
    return btoa(binary)
  })
  return { name: 'tanitim.webm', mimeType: 'video/webm', buffer: Buffer.from(base64, 'base64') }
}

/** A PNG drawn by the browser's canvas. */
async function pngFile(page: Page) {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 1280
    canvas.height = 720
    const ctx = canvas.getContext('2d')!
    ctx.fillStyle = '#1f5fbf'
    ctx.fillRect(0, 0, 1280, 720)
    return canvas.toDataURL('image/png').split(',')[1]!
  })
  return { name: 'kapak.png', mimeType: 'image/png', buffer: Buffer.from(base64, 'base64') }
}

let server: Awaited<ReturnType<typeof startIsolatedServer>>
test.beforeAll(async () => {
  test.setTimeout(240_000)
  server = await startIsolatedServer(() => {}, { files: [] })
})
test.afterAll(() => server?.stop())

test('a banner video gets a chosen poster, shown by the home page’s <video>', async ({ page }) => {
  test.setTimeout(120_000)
  // Logged in on the isolated server (loginAsAdmin speaks to the shared one).
  const res = await page.request.post(`${server.url}/api/admin/login`, { data: ADMIN })
  expect(res.status()).toBe(200)
  await page.goto(`${server.url}/admin/`)
  await page.evaluate((u) => localStorage.setItem('adminUser', JSON.stringify(u)), (await res.json()).data.user)
  await page.goto(`${server.url}/admin/anasayfa-duzenle`)
  const banner = page.locator('#banner')
  await expect(banner.getByText('Video kapak görseli')).toHaveCount(0)
  await banner.getByLabel('Arka plan görseli veya videosu').setInputFiles(await webmFile(page))
  await expect(page.getByText('Değişiklikler kaydedildi!')).toBeVisible({ timeout: 30_000 })
  // A video background offers the poster field; an image is chosen and saved.
  const poster = banner.getByLabel('Video kapak görseli')
  await expect(poster).toBeAttached()
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/admin/anasayfa/banner') && r.request().method() === 'PUT')
  await poster.setInputFiles(await pngFile(page))
  expect((await saved).status()).toBe(200)
  const home = (await (await page.request.get(`${server.url}/api/admin/anasayfa`)).json()).data
  expect(home.banner.backgroundMedia).toMatch(/^\/uploads\/.+\.webm$/)
  expect(home.banner.poster).toMatch(/^\/uploads\//)

  await expect
    .poll(async () => (await (await page.request.get(`${server.url}/`)).text()).match(/<video[^>]*poster="([^"]+)"/)?.[1], {
      timeout: 30_000,
    })
    .toBe(home.banner.poster)
  await page.goto(`${server.url}/`)
  await expect(page.locator('video.banner__media')).toHaveAttribute('poster', home.banner.poster)
})
