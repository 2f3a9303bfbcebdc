/**
 * Issue 12's bar: a blog post whose first image is a 4000×3000, ~4 MB phone JPEG (with EXIF GPS), opened on a
 * 390 px wide phone at DPR 2 and scrolled to the end. Prints the image bytes the page downloaded beside the
 * anchor (the uploaded original, what the page sent before), checks no served image carries EXIF, and runs
 * Lighthouse (mobile, performance) on the page with Debian Chromium.
 * Run: node bench/media-page.ts   (PORT 4310; CHROME_PATH defaults to /usr/bin/chromium)
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { chromium } from 'playwright'
import sharp from 'sharp'
import { phonePhoto } from '../scripts/phone-photo.ts'
import { login, repoRoot, startServer } from './lib.ts'

const port = Number(process.env.PORT ?? 4310)
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const KB = 1024

const server = await startServer(port)
try {
  const cookie = await login(server.base)
  const photo = await phonePhoto()
  const form = new FormData()
  form.append('title', 'Telefon fotoğraflı yazı')
  const paragraph = 'e-Fatura, e-Arşiv ve e-Defter süreçlerinde dikkat edilmesi gerekenler. '.repeat(12)
  const items = [
    { type: 'image', imageIndex: 0 },
    ...Array.from({ length: 6 }, () => ({ type: 'text', content: paragraph })),
  ]
  form.append('contentStructure', JSON.stringify(items))
  form.append('images', new File([new Uint8Array(photo)], 'telefon.jpg', { type: 'image/jpeg' }))
  const t0 = Date.now()
  const saved = await fetch(`${server.base}/api/admin/blogs`, {
    method: 'POST',
    body: form,
    headers: { cookie, origin: server.base },
  })
  if (!saved.ok) throw new Error(`save ${saved.status} ${await saved.text()}`)
  const uploadMs = Date.now() - t0
  const { data: post } = await saved.json()
  const url = `${server.base}/blog/${post.id}`
  while ((await fetch(url)).status !== 200) await new Promise((r) => setTimeout(r, 250))

  const browser = await chromium.launch({ executablePath: chrome, args: ['--no-sandbox'] })
  const page = await browser.newPage({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  })
  const images: { url: string; bytes: number; exif: boolean }[] = []
  const pending: Promise<void>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'image') return
    pending.push(
      res.body().then(async (body) => {
        const meta = await sharp(body)
          .metadata()
          .catch(() => null)
        images.push({
          url: new URL(res.url()).pathname,
          bytes: body.byteLength,
          exif: Boolean(meta?.exif) || body.includes('KONUM'),
        })
      }),
    )
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  for (let y = 0; y < 40; y++) {
    await page.mouse.wheel(0, 400)
    await page.waitForTimeout(100)
  }
  await page.waitForLoadState('networkidle')
  await Promise.all(pending)
  await browser.close()
  const total = images.reduce((sum, i) => sum + i.bytes, 0)

  const report = join(server.root, 'lighthouse.json')
  const lh = spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'] },
  )
  const { readFile } = await import('node:fs/promises')
  const lhr = lh.status === 0 ? JSON.parse(await readFile(report, 'utf8')) : null
  const score = lhr ? Math.round(lhr.categories.performance.score * 100) : NaN
  const audit = (id: string) => lhr?.audits[id]?.displayValue ?? '?'

  console.log(
    `upload and save of the ${(photo.byteLength / KB / KB).toFixed(2)} MB 4000×3000 JPEG: ${(uploadMs / 1000).toFixed(1)} s`,
  )
  for (const i of images) console.log(`  ${i.url}  ${(i.bytes / KB).toFixed(1)} KB${i.exif ? '  EXIF!' : ''}`)
  console.log(
    `image bytes on a 390 px phone at DPR 2, scrolled to the end: ${(total / KB).toFixed(1)} KB (bar ≤ 200 KB)`,
  )
  console.log(
    `anchor, the uploaded original as the page served it before: ${(photo.byteLength / KB).toFixed(1)} KB; ratio ${(total / photo.byteLength).toFixed(3)}`,
  )
  console.log(`served images with EXIF: ${images.filter((i) => i.exif).length} of ${images.length}`)
  console.log(
    `Lighthouse mobile performance: ${score} (LCP ${audit('largest-contentful-paint')}, CLS ${audit('cumulative-layout-shift')}, TBT ${audit('total-blocking-time')})`,
  )
} finally {
  await server.stop()
}
