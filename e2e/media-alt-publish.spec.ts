import { expect, test } from 'playwright/test'
import { ADMIN } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

// Issue 20: saves of the media library published nothing, so an alt text edited there never reached a page.
test('an alt text edited in the media library reaches the public page that shows the image', async ({ page }) => {
  test.setTimeout(240_000)
  const cover = '/demo/blog-e-fatura-kapak.webp'
  // The post's image has no alt text of its own: the page shows the one kept in the library.
  const server = await startIsolatedServer(
    (content) => {
      for (const post of content.blogs as { contentStructure: { src?: string; alt?: string }[] }[])
        for (const item of post.contentStructure) if (item.src === cover) item.alt = ''
    },
    { files: ['blogs'] },
  )
  try {
    const login = await page.request.post(`${server.url}/api/admin/login`, { data: ADMIN })
    expect(login.status()).toBe(200)
    await page.goto(`${server.url}/admin/`)
    await page.evaluate((u) => localStorage.setItem('adminUser', JSON.stringify(u)), (await login.json()).data.user)
    const build = async () => (await (await page.request.get(`${server.url}/api/admin/build`)).json()).data
    const before = (await build()).generation

    await page.goto(`${server.url}/admin/medya`)
    const card = page.getByRole('listitem', { name: 'blog-e-fatura-kapak.webp' })
    await card.getByLabel('Alternatif metin').fill('Kütüphanede yazılan açıklama')
    await card.getByLabel('Alternatif metin').blur()
    await expect(page.getByText('Alternatif metin kaydedildi.')).toBeVisible()

    await expect.poll(async () => (await build()).generation, { timeout: 60_000 }).toBeGreaterThan(before)
    await page.goto(`${server.url}/blog/blog-e-fatura-rehberi`)
    await expect(page.getByRole('img', { name: 'Kütüphanede yazılan açıklama' })).toBeVisible()
  } finally {
    await server.stop()
  }
})
