import { expect, test } from 'playwright/test'
import { adminApi, buildGeneration, waitForSiteBuild } from './helpers.ts'

// Adds posts that push the demo posts to page 2, so it runs in the serial project, alone.
test.use({ javaScriptEnabled: false })

test('the blog list pages through all posts with plain links, canonical and prev/next', async ({ page, request }) => {
  const api = await adminApi(request)
  const stamp = Date.now()
  const ids: string[] = []
  const since = await buildGeneration(api)
  try {
    for (let i = 1; i <= 10; i++) {
      const form = new FormData()
      form.set('title', `Sayfalama İğdır Şubesi ${stamp} ${String(i).padStart(2, '0')}`)
      form.set('excerpt', 'Sayfalar arasında gezinme denemesi.')
      form.set('status', 'published')
      form.set('tags', JSON.stringify(['Sayfalama']))
      form.set('contentStructure', JSON.stringify([{ type: 'text', content: 'Metin' }]))
      const res = await api.post('/api/admin/blogs', { multipart: form })
      expect(res.ok(), await res.text()).toBe(true)
      ids.push((await res.json()).data.id)
    }
    await waitForSiteBuild(api, since)
    const published = ((await (await api.get('/api/blogs')).json()).data as { status?: string }[]).length
    const pages = Math.ceil(published / 12)
    expect(pages).toBeGreaterThan(1)

    await page.goto('/blog')
    const nav = page.getByRole('navigation', { name: 'Blog sayfaları' })
    await expect(nav.getByRole('link', { name: 'Sayfa 1' })).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog$/)
    await expect(page.locator('link[rel="next"]')).toHaveAttribute('href', /\/blog\/sayfa\/2$/)
    await expect(page.locator('link[rel="prev"]')).toHaveCount(0)
    await expect(page.getByText(`Sayfalama İğdır Şubesi ${stamp} 10`)).toBeVisible()

    // Without JavaScript, the links alone lead through every page to the oldest post.
    for (let n = 2; n <= pages; n++) {
      await nav.getByRole('link', { name: 'Sonraki ›' }).click()
      await expect(page).toHaveURL(new RegExp(`/blog/sayfa/${n}$`))
      await expect(nav.getByRole('link', { name: `Sayfa ${n}` })).toHaveAttribute('aria-current', 'page')
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/blog/sayfa/${n}$`))
      await expect(page.locator('link[rel="prev"]')).toHaveAttribute('href', n === 2 ? /\/blog$/ : new RegExp(`/blog/sayfa/${n - 1}$`))
    }
    await expect(page.locator('link[rel="next"]')).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Sonraki ›' })).toHaveCount(0)
    await nav.getByRole('link', { name: '‹ Önceki' }).click()
    await expect(page).toHaveURL(pages === 2 ? /\/blog$/ : new RegExp(`/blog/sayfa/${pages - 1}$`))

    expect((await request.get(`/blog/sayfa/${pages + 1}`)).status()).toBe(404)
    expect((await request.get('/blog/sayfa/1')).status()).toBe(404)
  } finally {
    const before = await buildGeneration(api)
    for (const id of ids) await api.delete(`/api/admin/blogs/${id}`)
    if (ids.length) await waitForSiteBuild(api, before)
  }
})
