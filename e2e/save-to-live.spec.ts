import { expect, test } from './helpers.ts'
import { adminApi, buildGeneration, waitForSiteBuild } from './helpers.ts'

test('a blog post saved through the API is live at /blog/{id} after the rebuild, without a broken moment', async ({ page, request }) => {
  const api = await adminApi(request)
  const title = `Canlı yayın denemesi ${Date.now()}`
  const since = await buildGeneration(api)
  const form = new FormData()
  form.set('title', title)
  form.set('excerpt', 'Kaydedildikten saniyeler sonra sitede görünen yazı.')
  form.set('status', 'published')
  form.set('tags', JSON.stringify(['Deneme']))
  form.set('contentStructure', JSON.stringify([{ type: 'text', content: 'İlk paragraf: İstanbul ofisimizden selamlar.' }]))
  const created = await api.post('/api/admin/blogs', { multipart: form })
  expect(created.ok(), await created.text()).toBe(true)
  const id = (await created.json()).data.id as string

  // While the build runs, the live site keeps answering whole pages.
  expect((await request.get('/blog')).status()).toBe(200)
  await waitForSiteBuild(api, since)

  await page.goto(`/blog/${id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByText('İlk paragraf: İstanbul ofisimizden selamlar.')).toBeVisible()

  // Deleting it takes it off the site again.
  const before = await buildGeneration(api)
  expect((await api.delete(`/api/admin/blogs/${id}`)).status()).toBe(200)
  await waitForSiteBuild(api, before)
  expect((await request.get(`/blog/${id}`)).status()).toBe(404)
})
