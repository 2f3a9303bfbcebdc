import sharp from 'sharp'
import { adminApi, expect, loginAsAdmin, test } from './helpers.ts'

// Issue 23: the audit log in plain Turkish, naming the item by its title; the request only behind 'Ayrıntılar'.
// A draft post of its own (no public list shows it) and an image of its own, so other tests read nothing of this.

function postForm(title: string) {
  const form = new FormData()
  form.set('title', title)
  form.set('excerpt', 'Denetim denemesi')
  form.set('status', 'draft')
  form.set('contentStructure', JSON.stringify([{ type: 'text', content: 'Denetim denemesi metni.' }]))
  return form
}

test('the audit log names the post of a save and a restore and the image of a media delete', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const api = await adminApi(request)
  const stamp = Date.now()
  const created = await api.post('/api/admin/blogs', { multipart: postForm(`Denetim ${stamp}`) })
  expect(created.status(), await created.text()).toBeLessThan(300)
  const id = (await created.json()).data.id as string
  const saved = await api.put(`/api/admin/blogs/${id}`, { multipart: postForm(`Denetim ${stamp} ikinci`) })
  expect(saved.status(), await saved.text()).toBe(200)
  // The restore goes back to the first version (commits queue behind publishes: wait until both are there).
  let history: { commit: string }[] = []
  await expect
    .poll(
      async () => {
        history = (await (await api.get(`/api/admin/history/blogs?id=${id}`)).json()).data
        return history.length
      },
      { timeout: 60_000 },
    )
    .toBeGreaterThanOrEqual(2)
  const restored = await api.post('/api/admin/history/blogs/restore', { data: { id, commit: history.at(-1)!.commit } })
  expect(restored.status(), await restored.text()).toBe(200)
  const image = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#884422' } }).png().toBuffer()
  const name = `denetim-${stamp}.png`
  const upload = await api.post('/api/upload', { multipart: { image: { name, mimeType: 'image/png', buffer: image } } })
  expect(upload.status()).toBe(201)
  const url = (await upload.json()).imageUrl as string
  expect((await api.delete(`/api/admin/media/${url.split('/').pop()}`)).status()).toBe(200)

  await loginAsAdmin(page, '/admin/islem-gecmisi')
  const table = page.locator('main')
  await expect(table.getByText(`"Denetim ${stamp} ikinci" blog yazısını güncelledi`)).toBeVisible()
  await expect(table.getByText(`"Denetim ${stamp}" blog yazısını eski bir sürüme döndürdü`)).toBeVisible()
  const deleted = table.getByText(`"${name}" görselini sildi`)
  await expect(deleted).toBeVisible()
  // No request on the screen until a superadmin opens 'Ayrıntılar'.
  await expect(table.getByText(/DELETE \/api\/admin\/media/)).toBeHidden()
  const row = page.getByRole('row').filter({ hasText: `"${name}" görselini sildi` })
  await row.getByText('Ayrıntılar').click()
  // Issue 30: in words first; the request line only under 'Teknik ayrıntı'.
  await expect(row.getByText(/^İşlem türü: silme\. Sonuç: tamamlandı\. Zaman: .+\.$/)).toBeVisible()
  await expect(row.getByText(/DELETE \/api\/admin\/media/)).toBeHidden()
  await row.getByText('Teknik ayrıntı').click()
  await expect(row.getByText(`DELETE /api/admin/media/${url.split('/').pop()} → 200`)).toBeVisible()

  // The dashboard's 'Son işlemler' says it as a sentence with who did it.
  await page.goto('/admin/')
  await expect(page.getByText(`Süper Yönetici, "${name}" görselini sildi`)).toBeVisible()
})
