import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { entryPath } from '../schema/content-layout.ts'
import { expect, test } from 'playwright/test'
import { ADMIN } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

// Issue 18: a content file changed outside the admin (a pull, an editor) and refused by the server is named in the
// editor that saves it, with what a save will do; a save keeps the refused version in history first and the
// warning goes. On a server of its own: the about page it saves is read by other tests.

let server: Awaited<ReturnType<typeof startIsolatedServer>>
test.beforeAll(async () => {
  test.setTimeout(240_000)
  server = await startIsolatedServer(() => {}, { files: [] })
})
test.afterAll(async () => {
  test.setTimeout(120_000)
  await server?.stop()
})

test('an editor says its file on disk was refused, and a save clears it', async ({ page }) => {
  test.setTimeout(120_000)
  const file = join(server.contentDir, 'about.json')
  const about = JSON.parse(await readFile(file, 'utf8'))
  const liveTitle = about.title2 as string
  // A maintainer's edit that breaks the schema: a number where the title is text.
  await writeFile(file, JSON.stringify({ ...about, title2: 2026 }, null, 2))
  const login = await page.request.post(`${server.url}/api/admin/login`, { data: ADMIN })
  expect(login.status()).toBe(200)
  await expect
    .poll(async () => (await (await page.request.get(`${server.url}/api/admin/build`)).json()).data.content.errors.length, { timeout: 30_000 })
    .toBe(1)
  await page.goto(`${server.url}/admin/`)
  await page.evaluate((u) => localStorage.setItem('adminUser', JSON.stringify(u)), (await login.json()).data.user)
  await page.goto(`${server.url}/admin/hakkimizda-duzenle`)

  const warning = page.getByRole('alert').filter({ hasText: 'Bu dosyanın diskteki sürümü geçersiz' })
  await expect(warning).toBeVisible()
  await expect(warning).toContainText('Sitede son geçerli sürüm yayında kalıyor.')
  await expect(warning).toContainText('önce geçmişe ayrı bir kayıt olarak eklenir')
  // The editor shows the last valid version, which is what the site serves.
  await expect
    .poll(() => page.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value)))
    .toContain(liveTitle)
  await expect(page.locator('body')).not.toContainText('about.json')

  await page.getByRole('button', { name: 'Kaydet' }).click()
  await expect(warning).toHaveCount(0, { timeout: 20_000 })
  const status = (await (await page.request.get(`${server.url}/api/admin/build`)).json()).data.content
  expect(status.errors).toEqual([])
})

test('a post’s own file refused on disk is named in the blog editor, and its fix clears it', async ({ page }) => {
  test.setTimeout(120_000)
  // Posts are a file each (decision 333): the warning belongs to the blog editor, without the file's path.
  const file = join(server.contentDir, entryPath('blogs', 'blog-e-imza-nedir'))
  const text = await readFile(file, 'utf8')
  await writeFile(file, JSON.stringify({ ...JSON.parse(text), title: 2026 }, null, 2))
  const login = await page.request.post(`${server.url}/api/admin/login`, { data: ADMIN })
  const errors = async () => (await (await page.request.get(`${server.url}/api/admin/build`)).json()).data.content.errors
  await expect.poll(async () => (await errors()).map((e: { file: string }) => e.file), { timeout: 30_000 }).toEqual([entryPath('blogs', 'blog-e-imza-nedir')])
  await page.goto(`${server.url}/admin/`)
  await page.evaluate((u) => localStorage.setItem('adminUser', JSON.stringify(u)), (await login.json()).data.user)
  await page.goto(`${server.url}/admin/blog-duzenle`)

  const warning = page.getByRole('alert').filter({ hasText: 'Bu listedeki bir kaydın dosyasının diskteki sürümü geçersiz' })
  await expect(warning).toBeVisible()
  await expect(warning).toContainText('alan "Başlık"')
  await expect(page.locator('body')).not.toContainText('blog-e-imza-nedir.json')
  // The other editors do not claim it.
  await page.goto(`${server.url}/admin/hakkimizda-duzenle`)
  await expect(page.getByRole('heading').first()).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'diskteki sürümü geçersiz' })).toHaveCount(0)

  await writeFile(file, text)
  await expect.poll(async () => (await errors()).length, { timeout: 30_000 }).toBe(0)
  await page.goto(`${server.url}/admin/blog-duzenle`)
  await expect(page.getByRole('heading').first()).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'diskteki sürümü geçersiz' })).toHaveCount(0)
})
