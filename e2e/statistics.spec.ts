import AxeBuilder from '@axe-core/playwright'
import { ADMIN, confirmInDialog, expect, test, type Page } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

// Visits of our own on a server of their own, so the figures are exact (other tests visit the shared server).
const HUMAN =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const POST = 'Elektronik İmza Nedir, Nasıl Alınır?'

let server: Awaited<ReturnType<typeof startIsolatedServer>>
test.beforeAll(async () => {
  test.setTimeout(240_000)
  server = await startIsolatedServer(() => {}, { files: [] })
  const visit = (path: string, headers: Record<string, string>) =>
    fetch(`${server.url}${path}`, { headers: { 'user-agent': HUMAN, ...headers } }).then((r) =>
      r.arrayBuffer(),
    )
  for (let i = 0; i < 3; i++) await visit('/', {})
  for (let i = 0; i < 2; i++)
    await visit('/blog/blog-e-imza-nedir', { referer: 'https://www.google.com/search?q=e-imza' })
  await visit('/', { 'user-agent': BOT })
  // One contact message this week: the weekly messages chart has a bar.
  const sent = await fetch(`${server.url}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      name: 'Mehmet Kaya',
      email: 'mehmet.kaya@ornek.com',
      phone: '0532 111 11 11',
      subject: 'Bilgi',
      message: 'Merhaba, e-Fatura hakkında bilgi almak istiyorum.',
    }),
  })
  expect(sent.status).toBe(201)
})
test.afterAll(() => server?.stop())

async function login(page: Page, path: string) {
  const res = await page.request.post(`${server.url}/api/admin/login`, { data: ADMIN })
  expect(res.status()).toBe(200)
  await page.goto(`${server.url}/admin/`)
  await page.evaluate(
    (u) => localStorage.setItem('adminUser', JSON.stringify(u)),
    (await res.json()).data.user,
  )
  await page.goto(`${server.url}${path}`)
}

async function axe(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return result.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  )
}

/** A ranked list's bars: one per row of its table, the longest for the first, the rest in proportion. */
async function expectBars(region: ReturnType<Page['locator']>, label: RegExp, counts: number[]) {
  const chart = region.locator('.ranked-bars')
  await expect(chart).toHaveAttribute('role', 'img')
  await expect(chart).toHaveAttribute('aria-label', label)
  const widths = await chart
    .locator('rect')
    .evaluateAll((rects) => rects.map((r) => (r as SVGRectElement).getBoundingClientRect().width))
  expect(widths).toHaveLength(counts.length)
  for (const [i, n] of counts.entries())
    expect(Math.abs(widths[i]! / widths[0]! - n / counts[0]!), `bar ${i}`).toBeLessThan(0.02)
  // Its table alternative, folded under it.
  await region.getByText('Tablo olarak göster').click()
  await expect(region.getByRole('row')).toHaveCount(counts.length + 1)
}

/** A canvas chart has painted pixels (an empty canvas is all transparent). */
async function paintedPixels(canvas: ReturnType<Page['locator']>) {
  return canvas.evaluate((c: HTMLCanvasElement) => {
    const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data
    let n = 0
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++
    return n
  })
}

/** The chart is drawn (a canvas with pixels) and its table alternative has the day's figure. */
async function expectChartAndTable(
  page: Page,
  scope: ReturnType<Page['locator']>,
  days: number,
  todayViews: number,
) {
  const chart = scope.locator('.visits-chart')
  await expect(chart).toHaveAttribute('role', 'img')
  await expect(chart).toHaveAttribute('aria-label', /günlük görüntülenme grafiği/)
  const canvas = chart.locator('canvas')
  await expect(canvas).toBeVisible()
  // Some pixels of the line are painted.
  expect(await paintedPixels(canvas)).toBeGreaterThan(100)
  // Wider than the box? No: the chart follows its box (a phone has no sideways scroll).
  const [chartWidth, boxWidth] = await chart.evaluate((el) => [
    el.querySelector('canvas')!.getBoundingClientRect().width,
    el.getBoundingClientRect().width,
  ])
  expect(chartWidth).toBeLessThanOrEqual(boxWidth + 1)
  await scope.getByText('Tablo olarak göster').click()
  const rows = scope.locator('.stats-table tbody tr')
  await expect(rows).toHaveCount(days)
  const today = new Intl.DateTimeFormat('tr-TR', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/Istanbul',
  }).format(new Date())
  const first = rows.first()
  await expect(first.getByRole('rowheader')).toHaveText(today)
  await expect(first.getByRole('cell').first()).toHaveText(String(todayViews))
}

for (const width of [390, 1440]) {
  test(`statistics page and dashboard card at ${width} px: chart drawn, table alternative, Turkish figures`, async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await login(page, '/admin/')
    const card = page.getByRole('region', { name: 'Ziyaretler (son 30 gün)' })
    await expect(card.locator('[data-figure="views-30"]')).toHaveText('5')
    await expect(card).toContainText(`en çok okunan: Ana Sayfa`)
    await expectChartAndTable(page, card, 30, 5)
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: test.info().outputPath(`dashboard-${width}.png`), fullPage: true })
    expect(await axe(page)).toEqual([])
    await card.getByRole('link', { name: 'Tüm istatistikler' }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'İstatistikler' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Son 30 gün' })).toHaveAttribute('aria-pressed', 'true')
    await expect(page.locator('[data-figure="views"]')).toHaveText('5')
    const pages = page.getByRole('region', { name: 'En çok okunan sayfalar' })
    await expectBars(pages, /en çok okunan: Ana Sayfa, 3 görüntülenme/, [3, 2])
    await expect(pages.getByRole('row').nth(1)).toHaveText(/Ana Sayfa\s*3/)
    await expect(pages.getByRole('row').nth(2)).toHaveText(new RegExp(`${POST.replace(/[?,]/g, '.')}\\s*2`))
    await expect(pages.getByRole('link', { name: POST })).toHaveAttribute('href', '/blog/blog-e-imza-nedir')
    const sites = page.getByRole('region', { name: 'Ziyaretçilerin geldiği siteler' })
    await expectBars(sites, /en çok: google\.com, 2 ziyaret/, [2])
    await expect(sites.getByRole('row').nth(1)).toHaveText(/google\.com\s*2/)
    const downloads = page.getByRole('region', { name: 'Program indirmeleri' })
    await expect(downloads).toContainText('Bu dönemde program indirilmedi.')
    const messages = page.getByRole('region', { name: 'Haftalık mesajlar' })
    const weekly = messages.locator('.weekly-chart')
    await expect(weekly).toHaveAttribute('role', 'img')
    await expect(weekly).toHaveAttribute('aria-label', /haftalık iletişim mesajı grafiği; toplam 1 mesaj/)
    expect(await paintedPixels(weekly.locator('canvas'))).toBeGreaterThan(100)
    await messages.getByText('Tablo olarak göster').click()
    await expect(messages.getByRole('row').nth(1)).toHaveText(/\D\s*1$/)
    await expect(page.getByText('Bu sayılar çerez kullanılmadan tutulur')).toBeVisible()
    await expectChartAndTable(page, page.getByRole('region', { name: 'Günlük ziyaretler' }), 30, 5)
    expect(await axe(page)).toEqual([])
    // Nothing wider than the screen on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: test.info().outputPath(`statistics-${width}.png`), fullPage: true })

    await page.getByRole('button', { name: 'Son 7 gün' }).click()
    await expect(page.getByRole('button', { name: 'Son 7 gün' })).toHaveAttribute('aria-pressed', 'true')
    await expect(
      page.getByRole('region', { name: 'Günlük ziyaretler' }).locator('.stats-table tbody tr'),
    ).toHaveCount(7)
  })
}

test('SEO tips list the real findings worst first and link to the right editor, which shows the same advice', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await login(page, '/admin/')
  const seo = (await (await page.request.get(`${server.url}/api/admin/seo`)).json()).data as {
    pages: { path: string; title: string; edit: string | null; issues: { message: string }[] }[]
  }
  const post = seo.pages.find((p) => p.path.startsWith('/blog/'))!
  expect(post, 'a demo post with advice (a long title)').toBeTruthy()
  const card = page.getByRole('region', { name: 'SEO İpuçları' })
  await expect(card.locator('.seo-tips > li').first()).toContainText(seo.pages[0]!.title)
  const item = card.locator('.seo-tips > li', { hasText: post.title })
  await expect(item).toContainText(post.issues[0]!.message)
  await item.getByRole('link', { name: `${post.title}: düzenle` }).click()
  await expect(page).toHaveURL(
    new RegExp(`/admin/blog-duzenle\\?duzenle=${post.path.replace('/blog/', '')}$`),
  )
  const advice = page.getByRole('region', { name: 'Bu yazı için öneriler' })
  await expect(advice).toContainText(post.issues[0]!.message)
  // The editor opened is that post's.
  const titleField = page.getByRole('textbox', { name: 'Başlık', exact: true })
  await expect(titleField).toHaveValue(post.title.replace(/ \| .*$/, ''))
  // The advice is a named region with a heading and a list (axe runs on the dashboard's card above; the blog
  // editor's own remove buttons have an axe finding of their own, label-content-name-mismatch, not this issue's).
  await expect(advice.getByRole('heading', { name: 'Bu yazı için öneriler' })).toBeVisible()
  await expect(advice.getByRole('listitem')).toHaveCount(post.issues.length)
  await page.screenshot({ path: test.info().outputPath('blog-editor-advice.png'), fullPage: false })
})

test('Kişisel veri silme: a superadmin finds what is kept about an address and deletes it', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 390, height: 844 })
  const form = {
    name: 'Zeynep Ak',
    email: 'zeynep.ak@ornek.com',
    phone: '0532 000 00 00',
    subject: 'Teklif',
    message: 'Merhaba, bilgi almak istiyorum.',
  }
  expect(
    (
      await page.request.post(`${server.url}/api/contact`, { data: form, headers: { origin: server.url } })
    ).status(),
  ).toBe(201)
  await login(page, '/admin/kisisel-veri-silme')
  await expect(page.getByRole('heading', { level: 1, name: 'Kişisel veri silme' })).toBeVisible()
  await page.getByRole('textbox', { name: 'E-posta adresi' }).fill('Zeynep.Ak@ornek.com')
  await page.getByRole('button', { name: 'Ara' }).click()
  const result = page.locator('.personal-data-result')
  await expect(result).toContainText('1 iletişim mesajı')
  await expect(result).toContainText('Kütüphane üyeliği yok')
  expect(await axe(page)).toEqual([])
  await page.getByRole('button', { name: 'Tümünü sil' }).click()
  await confirmInDialog(
    page,
    'Sil',
    'zeynep.ak@ornek.com adresine ait tüm kişisel veriler silinsin mi? Bu işlem geri alınamaz.',
  )
  await expect(page.getByText('Bu e-posta adresine ait kişisel veriler silindi.')).toBeVisible()
  await page.getByRole('textbox', { name: 'E-posta adresi' }).fill('zeynep.ak@ornek.com')
  await page.getByRole('button', { name: 'Ara' }).click()
  await expect(result).toContainText('Bu e-posta adresine ait saklanan bir veri yok.')
  await page.screenshot({ path: test.info().outputPath('personal-data-390.png'), fullPage: true })
})
