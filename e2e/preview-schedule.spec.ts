import { ADMIN, expect, test, type Page } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

// Issue 21: a preview in a new tab while the public page keeps the old text; a scheduled post appearing on /blog
// at its time while the admin stays open. Own server: these tests publish and schedule posts.
let server: Awaited<ReturnType<typeof startIsolatedServer>>
test.beforeAll(async () => {
  // A first start on this port builds the site's code and the admin.
  test.setTimeout(240_000)
  server = await startIsolatedServer(() => {}, { files: [] })
})
test.afterAll(async () => server?.stop())

async function login(page: Page, path: string) {
  const res = await page.request.post(`${server.url}/api/admin/login`, { data: ADMIN })
  expect(res.status()).toBe(200)
  const body = await res.json()
  await page.goto(`${server.url}/admin/`)
  await page.evaluate((u) => localStorage.setItem('adminUser', JSON.stringify(u)), body.data.user)
  await page.goto(`${server.url}${path}`)
}

test("staff edit a published post, press 'Önizle' and see the change with the ribbon; the public page keeps the old text", async ({
  page,
  context,
}) => {
  await login(page, '/admin/blog-duzenle')
  await page.getByRole('button', { name: 'Elektronik İmza Nedir, Nasıl Alınır? düzenle' }).click()
  const form = page.getByRole('form', { name: 'Blog yazısını düzenle' })
  const title = form.getByLabel('Başlık')
  const oldTitle = await title.inputValue()
  await title.fill('E-İmza: önizlemede yeni başlık')
  await expect(form.getByLabel('Adres')).toHaveValue('blog-e-imza-nedir')
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Önizle', exact: true }).click(),
  ])
  await tab.waitForURL(/\/onizleme\//)
  await expect(tab.getByText('Önizleme: henüz yayında değil')).toBeVisible()
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('E-İmza: önizlemede yeni başlık')
  await tab.setViewportSize({ width: 390, height: 844 })
  await tab.screenshot({ path: 'test-results/onizleme-390.png' })

  const live = await context.newPage()
  await live.goto(`${server.url}/blog/blog-e-imza-nedir`)
  await expect(live.getByRole('heading', { level: 1 })).toHaveText(oldTitle)
  await expect(live.getByText('Önizleme: henüz yayında değil')).toHaveCount(0)

  // A link to share: listed with its expiry, revocable.
  await page.getByRole('button', { name: 'Paylaşılabilir önizleme bağlantısı oluştur' }).click()
  const shared = page.getByLabel(/Önizleme bağlantısı/)
  await expect(shared).toHaveValue(/\/onizleme\//)
  await expect(
    page.getByText(/Son geçerlilik: \d{1,2} [A-ZÇĞİÖŞÜa-zçğıöşü]+ \d{4} \d{2}:\d{2}/),
  ).toBeVisible()
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({ path: 'test-results/onizleme-editor-1440.png', fullPage: true })
  const url = await shared.inputValue()
  // Issue 28: while the revocation is on the way the button reads 'İptal ediliyor...', so 'Bağlantıyı iptal et'
  // is gone before the server has answered (a clean-clone run read the link then and got 200). The revocation
  // is held here until the admin has been seen not to call it done; it says 'revoked' only on the server's answer.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/api\/admin\/preview\/[^/?]+$/, async (route) => {
    if (route.request().method() === 'DELETE') await held
    await route.continue()
  })
  await page.getByRole('button', { name: 'Bağlantıyı iptal et' }).click()
  await expect(page.getByRole('button', { name: 'İptal ediliyor...' })).toBeVisible()
  await expect(page.getByText('Önizleme bağlantısı iptal edildi.')).toHaveCount(0)
  expect((await live.request.get(url)).status()).toBe(200)
  release()
  await expect(page.getByRole('status').filter({ hasText: 'Önizleme bağlantısı iptal edildi.' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Paylaşılan önizleme bağlantıları' })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/onizleme-iptal-1440.png' })
  const gone = await live.request.get(url)
  expect(gone.status()).toBe(410)

  // Issue 30: the revoked link shows the site's own page (layout, logo, menu), a plain sentence and a way home.
  for (const size of [
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await live.setViewportSize(size)
    const answer = await live.goto(url)
    expect(answer?.status()).toBe(410)
    await expect(live.getByRole('heading', { level: 1 })).toHaveText('Önizleme bulunamadı')
    await expect(live.getByText(/Bu önizleme bağlantısının süresi doldu veya bağlantı iptal edildi\./)).toBeVisible()
    await expect(live.getByRole('main').getByRole('link', { name: 'Ana Sayfaya Dön' })).toHaveCount(1)
    await expect(live.getByRole('main').getByRole('link', { name: 'Ana Sayfaya Dön' })).toBeVisible()
    await expect(live.locator('header').first()).toBeVisible()
    expect(await live.evaluate(() => getComputedStyle(document.body).fontFamily)).not.toMatch(/Times/i)
    await live.screenshot({ path: `test-results/issue-30/onizleme-bitti-${size.width}.png` })
  }
  const unknown = await live.goto(`${server.url}/onizleme/yok-boyle-bir-baglanti`)
  expect(unknown?.status()).toBe(404)
  await expect(live.getByRole('heading', { level: 1 })).toHaveText('Önizleme bulunamadı')
})

test('a post scheduled a short time ahead appears on /blog at its time, with the admin left open', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  await login(page, '/admin/blog-duzenle?yeni=1')
  const form = page.getByRole('form', { name: 'Yeni blog yazısı' })
  await form.getByLabel('Başlık').fill('Pazartesi Sabahı Yayımlanan Yazı')
  // The next whole minute at least 15 s away, in Turkey's time (UTC+3), typed gün.ay.yıl saat:dakika.
  const due = Math.ceil((Date.now() + 15_000) / 60_000) * 60_000
  const [, y, m, d, time] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})/.exec(
    new Date(due + 3 * 3600_000).toISOString(),
  )!
  await form.getByLabel('Yayın zamanı').fill(`${d}.${m}.${y} ${time}`)
  await form.getByRole('button', { name: 'Kaydet' }).click()
  await expect(page.getByText('Blog yazısı başarıyla oluşturuldu!')).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: 'Pazartesi Sabahı Yayımlanan Yazı' })
  await expect(row.getByText(/^Zamanlandı: \d{1,2} [A-ZÇĞİÖŞÜa-zçğıöşü]+ \d{2}:\d{2}$/)).toBeVisible()
  await page.getByLabel('Gösterilen').selectOption('scheduled')
  await expect(page.getByRole('row').filter({ hasText: 'Pazartesi Sabahı Yayımlanan Yazı' })).toHaveCount(1)
  await page.screenshot({ path: 'test-results/zamanlandi-1440.png', fullPage: true })
  await page.getByLabel('Gösterilen').selectOption('all')
  // Marks this admin page: still there at the end means it was never reloaded.
  await page.evaluate(() => Object.assign(window, { notReloaded: true }))

  const blog = await context.newPage()
  await blog.goto(`${server.url}/blog`)
  await expect(blog.getByText('Pazartesi Sabahı Yayımlanan Yazı')).toHaveCount(0)
  expect((await blog.request.get(`${server.url}/blog/pazartesi-sabahi-yayimlanan-yazi`)).status()).toBe(404)
  // Nobody touches the admin or saves anything: the server's timer publishes it.
  await expect
    .poll(async () => (await blog.request.get(`${server.url}/blog`)).text(), {
      timeout: 120_000,
      intervals: [500],
    })
    .toContain('Pazartesi Sabahı Yayımlanan Yazı')
  await blog.reload()
  await blog.getByRole('link', { name: 'Pazartesi Sabahı Yayımlanan Yazı' }).click()
  await expect(blog).toHaveURL(/\/blog\/pazartesi-sabahi-yayimlanan-yazi$/)
  // The admin list, left open, now says it is live.
  await expect(row.getByText('Yayında', { exact: true })).toBeVisible()
  await expect(row.getByText(/Zamanlandı/)).toHaveCount(0)
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true)
})

/** Presses 'Önizle' in `scope` and returns the preview tab once it shows the ribbon. */
async function openPreview(page: Page, scope: ReturnType<Page['locator']>) {
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    scope.getByRole('button', { name: 'Önizle', exact: true }).click(),
  ])
  await tab.waitForURL(/\/onizleme\//)
  await expect(tab.getByText('Önizleme: henüz yayında değil')).toBeVisible()
  return tab
}

test("a program's unsaved description is seen in 'Önizle' on /programlar; the live page keeps the old one", async ({
  page,
  context,
}) => {
  await login(page, '/admin/programlar-duzenle')
  await page.getByRole('button', { name: 'Tekdüzen Hesap Planı Şablonu düzenle' }).click()
  const description = page.getByLabel('Açıklama')
  const old = (await description.inputValue()).slice(0, 40)
  await description.fill('Önizlemede görünen yeni program açıklaması')
  const tab = await openPreview(page, page.locator('form'))
  await expect(tab.getByText('Önizlemede görünen yeni program açıklaması')).toBeVisible()
  // Still there once the list's island has hydrated and the network is quiet: on a published page it refreshes
  // itself from the live API, which would put the old description back.
  await expect(tab.getByRole('button', { name: 'İndir: Tekdüzen Hesap Planı Şablonu' })).toBeEnabled()
  await tab.waitForLoadState('networkidle')
  await expect(tab.getByText('Önizlemede görünen yeni program açıklaması')).toBeVisible()
  // The download counts are read live, as on the published page.
  await expect(tab.getByTestId('download-count')).toHaveCount(3)
  const live = await context.newPage()
  await live.goto(`${server.url}/programlar`)
  await expect(live.getByText(old, { exact: false }).first()).toBeVisible()
  await expect(live.getByText('Önizlemede görünen yeni program açıklaması')).toHaveCount(0)
})

test("a reference card's unsaved title is seen in 'Önizle' on /referanslarimiz; the live page keeps the old one", async ({
  page,
  context,
}) => {
  await login(page, '/admin/referanslarimiz-duzenle')
  await page.getByRole('button', { name: 'Marmara Lojistik düzenle' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Başlık').fill('Marmara Lojistik (önizleme)')
  const tab = await openPreview(page, dialog)
  await expect(tab.getByText('Marmara Lojistik (önizleme)').first()).toBeVisible()
  const live = await context.newPage()
  await live.goto(`${server.url}/referanslarimiz`)
  await expect(live.getByText('Marmara Lojistik').first()).toBeVisible()
  await expect(live.getByText('Marmara Lojistik (önizleme)')).toHaveCount(0)
})

test("a home section's text typed but not saved is seen in 'Önizle' on the home page; the live one keeps the old", async ({
  page,
  context,
}) => {
  await login(page, '/admin/anasayfa-duzenle')
  const section = page.locator('#blog')
  const title = section.getByLabel('Başlık')
  const old = await title.inputValue()
  await title.fill('Önizlemede Yeni Blog Başlığı')
  // The field keeps the focus: the text is not saved by leaving it.
  const tab = await openPreview(page, section)
  await expect(title).toBeFocused()
  await expect(tab.getByText('Önizlemede Yeni Blog Başlığı')).toBeVisible()
  const live = await context.newPage()
  await live.goto(`${server.url}/`)
  await expect(live.getByText(old).first()).toBeVisible()
  await expect(live.getByText('Önizlemede Yeni Blog Başlığı')).toHaveCount(0)
})
