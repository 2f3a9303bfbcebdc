import { expect, test, type Browser, type Page } from 'playwright/test'
import { ADMIN, confirmInDialog } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

// Issue 19: two admins editing one published post keep both changes unless they change the very same field; then
// the dialog lists only that field, with a choice per field. On a server of its own: these saves change public
// pages other tests read.

const POST = 'blog-e-imza-nedir'
const MERGED = 'Başka birinin değişiklikleri de korundu.'

let server: Awaited<ReturnType<typeof startIsolatedServer>>
test.beforeAll(async () => {
  test.setTimeout(240_000)
  server = await startIsolatedServer(() => {}, { files: [] })
})
test.afterAll(async () => {
  test.setTimeout(120_000)
  await server?.stop()
})

/** Logs `page` in on the isolated server (loginAsAdmin speaks to the shared one). */
async function login(page: Page, user: { email: string; password: string }, path: string) {
  const res = await page.request.post(`${server.url}/api/admin/login`, { data: user })
  expect(res.status()).toBe(200)
  await page.goto(`${server.url}/admin/`)
  await page.evaluate((u) => localStorage.setItem('adminUser', JSON.stringify(u)), (await res.json()).data.user)
  await page.goto(`${server.url}${path}`)
}

/** The superadmin and a second admin, each in a browser of their own, both with the post's edit form open. */
async function twoEditors(browser: Browser) {
  const api = await browser.newContext()
  expect((await api.request.post(`${server.url}/api/admin/login`, { data: ADMIN })).status()).toBe(200)
  const ayse = { name: 'Ayşe Editör', email: `ayse-${Date.now()}@ornek.com`, password: 'Yonetici-Sifre-2', role: 'admin' }
  expect((await api.request.post(`${server.url}/api/admin/users`, { data: ayse })).status()).toBeLessThan(300)
  const contexts = [await browser.newContext(), await browser.newContext()]
  const [a, b] = [await contexts[0].newPage(), await contexts[1].newPage()]
  await login(a, ADMIN, '/admin/blog-duzenle')
  await login(b, ayse, '/admin/blog-duzenle')
  const title = (await (await api.request.get(`${server.url}/api/admin/blogs/${POST}`)).json()).data.title as string
  for (const page of [a, b]) await page.getByRole('button', { name: `${title} düzenle` }).click()
  const form = (page: Page) => page.getByRole('form', { name: 'Blog yazısını düzenle' })
  await expect(form(b).getByLabel('Başlık')).toHaveValue(title)
  await expect(form(a).getByLabel('Başlık')).toHaveValue(title)
  const stored = async () => (await (await api.request.get(`${server.url}/api/admin/blogs/${POST}`)).json()).data
  const close = async () => void (await Promise.all([...contexts, api].map((c) => c.close())))
  return { a: form(a), b: form(b), pageB: b, stored, close }
}

test('different fields of one post: both saved, both on the public page, no dialog', async ({ browser }) => {
  test.setTimeout(120_000)
  const { a, b, pageB, stored, close } = await twoEditors(browser)
  const stamp = Date.now()
  await a.getByLabel('Başlık').fill(`Elektronik İmza ${stamp}`)
  await a.getByRole('button', { name: 'Kaydet' }).click()
  await expect.poll(async () => (await stored()).title).toBe(`Elektronik İmza ${stamp}`)

  // B changes the first paragraph only, in the form loaded before A's save.
  await b.getByRole('textbox', { name: 'Metin alanı 1', exact: true }).fill(`Ayşe’nin paragrafı ${stamp}.`)
  await b.getByRole('button', { name: 'Kaydet' }).click()
  await expect(pageB.getByText(MERGED)).toBeVisible()
  await expect(pageB.getByRole('dialog', { name: 'Kaydetme çakışması' })).toHaveCount(0)
  await expect
    .poll(async () => {
      const html = await (await fetch(`${server.url}/blog/${POST}`)).text()
      return html.includes(`Elektronik İmza ${stamp}`) && html.includes(`Ayşe’nin paragrafı ${stamp}.`)
    })
    .toBe(true)
  await close()
})

test('the same field: the dialog lists only that field, the choice is kept and nothing else is lost', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const { a, b, pageB, stored, close } = await twoEditors(browser)
  const stamp = Date.now()
  await a.getByLabel('Başlık').fill(`A’nın başlığı ${stamp}`)
  await a.getByLabel('Yazar').fill('Süper Yönetici Yazar')
  await a.getByRole('button', { name: 'Kaydet' }).click()
  await expect.poll(async () => (await stored()).title).toBe(`A’nın başlığı ${stamp}`)

  await b.getByLabel('Başlık').fill(`B’nin başlığı ${stamp}`)
  await b.getByLabel('Özet').fill(`B’nin özeti ${stamp}`)
  await b.getByRole('button', { name: 'Kaydet' }).click()
  const dialog = pageB.getByRole('dialog', { name: 'Kaydetme çakışması' })
  await expect(dialog).toBeVisible()
  const fields = dialog.getByRole('group')
  await expect(fields).toHaveCount(1)
  await expect(fields.first()).toContainText('Başlık')
  await expect(fields.first()).toContainText(`B’nin başlığı ${stamp}`)
  await expect(fields.first()).toContainText(`A’nın başlığı ${stamp}`)
  await pageB.screenshot({ path: test.info().outputPath('field-conflict.png') })
  // Nothing is written until B chooses; B's input is still in the form.
  expect((await stored()).excerpt).not.toBe(`B’nin özeti ${stamp}`)
  await expect(b.getByLabel('Özet')).toHaveValue(`B’nin özeti ${stamp}`)

  // B keeps A's title: B's summary and A's author are both kept too.
  await fields.first().getByRole('radio', { name: /kaydetti/ }).check()
  await dialog.getByRole('button', { name: 'Seçimlerimle kaydet' }).click()
  await expect(pageB.getByText(MERGED)).toBeVisible()
  await expect
    .poll(async () => {
      const post = await stored()
      return [post.title, post.excerpt, post.author]
    })
    .toEqual([`A’nın başlığı ${stamp}`, `B’nin özeti ${stamp}`, 'Süper Yönetici Yazar'])
  await close()
})

test('two admins delete the same slider image: one deletes it, the other is told it is gone', async ({ browser }) => {
  test.setTimeout(120_000)
  const api = await browser.newContext()
  expect((await api.request.post(`${server.url}/api/admin/login`, { data: ADMIN })).status()).toBe(200)
  const ayse = { name: 'Ayşe Slider', email: `ayse-slider-${Date.now()}@ornek.com`, password: 'Yonetici-Sifre-2', role: 'admin' }
  expect((await api.request.post(`${server.url}/api/admin/users`, { data: ayse })).status()).toBeLessThan(300)
  const slider = async () =>
    (await (await api.request.get(`${server.url}/api/admin/references`)).json()).slider as { id: string; url: string }[]
  const before = await slider()
  expect(before.length).toBeGreaterThanOrEqual(3)

  const contexts = [await browser.newContext(), await browser.newContext()]
  const [a, b] = [await contexts[0].newPage(), await contexts[1].newPage()]
  await login(a, ADMIN, '/admin/referanslarimiz-duzenle')
  await login(b, ayse, '/admin/referanslarimiz-duzenle')
  for (const page of [a, b]) await expect(page.getByRole('button', { name: '2. slider görselini sil' })).toBeVisible()

  await a.getByRole('button', { name: '2. slider görselini sil' }).click()
  await confirmInDialog(a, 'Sil', '2. slider görseli silinsin mi?')
  await expect(a.getByText('Slider görseli silindi.')).toBeVisible()
  // B still shows the old list: its '2.' is the image A deleted, addressed by id, so nothing else goes.
  await b.getByRole('button', { name: '2. slider görselini sil' }).click()
  await confirmInDialog(b, 'Sil', '2. slider görseli silinsin mi?')
  await expect(b.getByText(/Bu slider görseli artık yok/)).toBeVisible()
  expect((await slider()).map((s) => s.url)).toEqual(before.filter((_, i) => i !== 1).map((s) => s.url))
  // B's list now shows what is there.
  await expect(b.locator('.slider-list__item')).toHaveCount(before.length - 1)
  await b.screenshot({ path: test.info().outputPath('slider-gone.png'), fullPage: false })
  await Promise.all([...contexts, api].map((c) => c.close()))
})
