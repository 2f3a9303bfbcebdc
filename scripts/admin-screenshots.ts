/**
 * Screenshots of every admin screen at 1440 and 390 px (issue 23), on the real server with the demo content on
 * temporary folders: `node scripts/admin-screenshots.ts [outDir]` (default docs/screenshots/admin). Look at them.
 */
import { join } from 'node:path'
import { chromium } from 'playwright'
import { ADMIN, repoRoot, startServer } from '../bench/lib.ts'

const outDir = process.argv[2] ?? join(repoRoot, 'docs', 'screenshots', 'admin')
/** The admin's routes (admin/src/app/routes.tsx) and the file name of each screen. */
const SCREENS: [string, string][] = [
  ['', 'gosterge-paneli'],
  ['profil', 'profil'],
  ['anasayfa-duzenle', 'anasayfa-duzenle'],
  ['hakkimizda-duzenle', 'hakkimizda-duzenle'],
  ['referanslarimiz-duzenle', 'referanslarimiz-duzenle'],
  ['blog-duzenle', 'blog-duzenle'],
  ['sosyal-sorumluluk-projeleri', 'sosyal-sorumluluk-projeleri'],
  ['medya', 'medya'],
  ['programlar-duzenle', 'programlar-duzenle'],
  ['iletisim-ayarlari', 'iletisim-ayarlari'],
  ['iletisim-mesajlari', 'okunmamis-mesajlar'],
  ['iletisim-arsiv', 'iletisim-arsivi'],
  ['kutuphane-uyeleri', 'kutuphane-uyeleri'],
  ['islem-gecmisi', 'islem-gecmisi'],
]

const server = await startServer(Number(process.env.PORT ?? 4395))
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' })
try {
  // The login page first, then every screen signed in.
  for (const width of [1440, 390]) {
    const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 900 }, locale: 'tr-TR' })
    const page = await context.newPage()
    await page.goto(`${server.base}/admin/`)
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: join(outDir, `giris-${width}.png`), fullPage: true })
    const login = await page.request.post(`${server.base}/api/admin/login`, { data: ADMIN })
    await page.goto(`${server.base}/admin/`)
    await page.evaluate((u) => localStorage.setItem('adminUser', JSON.stringify(u)), (await login.json()).data.user)
    for (const [route, name] of SCREENS) {
      await page.goto(`${server.base}/admin/${route}`)
      await page.waitForLoadState('networkidle')
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(outDir, `${name}-${width}.png`), fullPage: true })
    }
    await context.close()
  }
} finally {
  await browser.close()
  await server.stop()
}
console.log(`${(SCREENS.length + 1) * 2} screenshots in ${outDir}`)
