import { expect, test, type APIRequestContext, type Browser } from 'playwright/test'
import { adminApi, buildGeneration, confirmInDialog, loginAsAdmin, waitForSiteBuild } from './helpers.ts'

/** Creates an admin through the superadmin's API (each test its own people). */
async function newAdmin(api: APIRequestContext, name: string) {
  const user = {
    name,
    email: `yonetici-${Date.now()}-${Math.floor(Math.random() * 1e6)}@ornek.com`,
    password: 'Yonetici-Sifre-2',
    role: 'admin',
  }
  const res = await api.post('/api/admin/users', { data: user })
  expect(res.status(), await res.text()).toBeLessThan(300)
  return user
}

/** A logged-in API context of its own (its own cookie jar) for one admin. */
async function apiAs(browser: Browser, user: { email: string; password: string }) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  expect((await context.request.post('/api/admin/login', { data: user })).status()).toBe(200)
  return context
}

function postForm(title: string) {
  const form = new FormData()
  form.set('title', title)
  form.set('excerpt', 'Geçmiş denemesi')
  form.set('status', 'published')
  form.set('contentStructure', JSON.stringify([{ type: 'text', content: 'Geçmiş denemesi metni.' }]))
  return form
}

test('history of a blog post: two admins by name, the changed field, restore brings the old title back on the site', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000)
  const api = await adminApi(request)
  const stamp = Date.now()
  const ayse = await newAdmin(api, 'Ayşe Editör')
  const mehmet = await newAdmin(api, 'Mehmet Yazar')
  const created = await api.post('/api/admin/blogs', { multipart: postForm(`Geçmiş ${stamp} ilk`) })
  const id = (await created.json()).data.id as string
  const asAyse = await apiAs(browser, ayse)
  const asMehmet = await apiAs(browser, mehmet)
  expect(
    (
      await asAyse.request.put(`/api/admin/blogs/${id}`, { multipart: postForm(`Geçmiş ${stamp} Ayşe`) })
    ).status(),
  ).toBe(200)
  expect(
    (
      await asMehmet.request.put(`/api/admin/blogs/${id}`, { multipart: postForm(`Geçmiş ${stamp} Mehmet`) })
    ).status(),
  ).toBe(200)

  await loginAsAdmin(page, '/admin/blog-duzenle')
  await page.getByRole('button', { name: `Geçmiş ${stamp} Mehmet düzenle` }).click()
  await page.getByRole('button', { name: 'Geçmiş', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: `Geçmiş: Geçmiş ${stamp} Mehmet` })
  const entries = dialog.getByRole('listitem').filter({ has: page.locator('.history-entry__head') })
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0)).toContainText('Mehmet Yazar')
  await expect(entries.nth(0)).toContainText('Blog yazısı güncellendi')
  await expect(entries.nth(0).locator('dt', { hasText: 'Başlık' })).toBeVisible()
  // Track changes (issue 30): only the word that changed is struck and inserted.
  await expect(entries.nth(0).locator('del')).toHaveText('Ayşe')
  await expect(entries.nth(0).locator('ins')).toHaveText('Mehmet')
  await expect(entries.nth(1)).toContainText('Ayşe Editör')
  await expect(entries.nth(2)).toContainText('Süper Yönetici')
  await page.screenshot({ path: test.info().outputPath('history.png') })

  const since = await buildGeneration(page.request)
  await entries.nth(1).getByRole('button', { name: 'Bu sürüme dön' }).click()
  await confirmInDialog(page, 'Bu sürüme dön', 'Bu sürüme dönülsün mü? Şu anki hali de geçmişte kalır.')
  await expect(page.getByText('İçerik seçilen sürüme döndürüldü.')).toBeVisible()
  await waitForSiteBuild(page.request, since)
  await page.goto(`/blog/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Geçmiş ${stamp} Ayşe`)

  await api.delete(`/api/admin/blogs/${id}`)
  await asAyse.close()
  await asMehmet.close()
})

test('two admins edit the same post: the second save gets the conflict message and loses nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const api = await adminApi(request)
  const stamp = Date.now()
  const ayse = await newAdmin(api, 'Ayşe Editör')
  const created = await api.post('/api/admin/blogs', { multipart: postForm(`Çakışma ${stamp}`) })
  const id = (await created.json()).data.id as string

  const first = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const second = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const a = await first.newPage()
  const b = await second.newPage()
  await loginAsAdmin(a, '/admin/blog-duzenle')
  await loginAsAdmin(b, '/admin/blog-duzenle', ayse)
  for (const page of [a, b]) await page.getByRole('button', { name: `Çakışma ${stamp} düzenle` }).click()
  const formA = a.getByRole('form', { name: 'Blog yazısını düzenle' })
  const formB = b.getByRole('form', { name: 'Blog yazısını düzenle' })
  await expect(formB.getByLabel('Başlık')).toHaveValue(`Çakışma ${stamp}`)

  await formA.getByLabel('Başlık').fill(`Çakışma ${stamp} A`)
  await formA.getByRole('button', { name: 'Kaydet' }).click()
  await expect(a.getByText('Blog yazısı başarıyla güncellendi!')).toBeVisible()

  // B changes the same title (a field-level conflict, issue 19) and the summary (no conflict).
  await formB.getByLabel('Başlık').fill(`Çakışma ${stamp} B`)
  await formB.getByLabel('Özet').fill('B’nin özeti')
  await formB.getByRole('button', { name: 'Kaydet' }).click()
  const dialog = b.getByRole('dialog', { name: 'Kaydetme çakışması' })
  await expect(
    dialog.getByText('Bu içerik siz düzenlerken başka biri tarafından değiştirildi.'),
  ).toBeVisible()
  await expect(dialog).toContainText('Süper Yönetici')
  await expect(dialog.getByRole('group', { name: 'Başlık' })).toContainText(`Çakışma ${stamp} A`)
  await expect(dialog.getByRole('group')).toHaveCount(1)
  await b.screenshot({ path: test.info().outputPath('conflict.png') })
  // Nothing lost: A's save stands on the server, B's input is still in B's form.
  const stored = async () => (await (await api.get(`/api/admin/blogs/${id}`)).json()).data
  expect((await stored()).title).toBe(`Çakışma ${stamp} A`)
  await expect(formB.getByLabel('Özet')).toHaveValue('B’nin özeti')

  // B keeps their own title, knowingly; the summary goes with it.
  await dialog.getByRole('button', { name: 'Seçimlerimle kaydet' }).click()
  await expect(b.getByText(/Blog yazısı başarıyla güncellendi!/)).toBeVisible()
  expect((await stored()).excerpt).toBe('B’nin özeti')
  expect((await stored()).title).toBe(`Çakışma ${stamp} B`)

  await api.delete(`/api/admin/blogs/${id}`)
  await first.close()
  await second.close()
})
