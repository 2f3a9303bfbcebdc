import { adminApi, expect, loginAsAdmin, test } from './helpers.ts'

/**
 * Issue 30, point 7: the conflict dialog's buttons wrap and fit at 360 px with no error banner behind the question;
 * the sidebar keeps 'Çıkış Yap' in view at 1440×900 and 1366×768. The post is a draft of this test's own.
 */
function postForm(title: string) {
  const form = new FormData()
  form.set('title', title)
  form.set('excerpt', 'Çakışma denemesi')
  form.set('status', 'draft')
  form.set('contentStructure', JSON.stringify([{ type: 'text', content: 'Metin.' }]))
  return form
}

test('the conflict dialog fits a 360 px phone, with nothing red behind it', async ({ page, request }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 360, height: 740 })
  const api = await adminApi(request)
  const title = `Dar ekran ${Date.now()}`
  const created = await api.post('/api/admin/blogs', { multipart: postForm(title) })
  const id = (await created.json()).data.id as string
  try {
    await loginAsAdmin(page, '/admin/blog-duzenle')
    await page.getByRole('searchbox', { name: 'Yazılarda ara' }).fill(title)
    await page.getByRole('button', { name: `${title} düzenle` }).click()
    const form = page.getByRole('form', { name: 'Blog yazısını düzenle' })
    await expect(form.getByLabel('Başlık')).toHaveValue(title)
    // Someone else changes the title meanwhile.
    expect((await api.put(`/api/admin/blogs/${id}`, { multipart: postForm(`${title} (başkası)`) })).status()).toBe(200)
    await form.getByLabel('Başlık').fill(`${title} (ben)`)
    await form.getByRole('button', { name: 'Kaydet' }).click()

    const dialog = page.getByRole('dialog', { name: 'Kaydetme çakışması' })
    await expect(dialog).toBeVisible()
    await expect(page.getByText(/Blog kaydedilirken hata oluştu/)).toHaveCount(0)
    for (const name of ['Onun sürümünü yükle', 'Seçimlerimle kaydet']) {
      const button = dialog.getByRole('button', { name })
      await expect(button).toBeInViewport({ ratio: 1 })
      const box = (await button.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(360)
      // The whole text is shown, not cut ('…münü yükle').
      expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true)
    }
    await page.screenshot({ path: 'test-results/issue-30/cakisma-360.png' })
    await dialog.getByRole('button', { name: 'Onun sürümünü yükle' }).click()
    await expect(form.getByLabel('Başlık')).toHaveValue(`${title} (başkası)`)
  } finally {
    await api.delete(`/api/admin/blogs/${id}`)
  }
})

for (const size of [
  { width: 1440, height: 900 },
  { width: 1366, height: 768 },
]) {
  test(`'Çıkış Yap' stays in view in the sidebar at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size)
    await loginAsAdmin(page, '/admin/')
    const sidebar = page.getByRole('complementary', { name: 'Yönetim menüsü' })
    await expect(sidebar.getByRole('button', { name: 'Çıkış Yap' })).toBeInViewport({ ratio: 1 })
    // The last menu link is still reachable: the links scroll inside the sidebar.
    const last = sidebar.getByRole('link', { name: 'İşlem Geçmişi' })
    await last.scrollIntoViewIfNeeded()
    await expect(last).toBeInViewport()
    await expect(sidebar.getByRole('button', { name: 'Çıkış Yap' })).toBeInViewport({ ratio: 1 })
    await page.screenshot({ path: `test-results/issue-30/kenar-cubugu-${size.width}.png` })
  })
}
