import { adminApi, confirmInDialog, expect, loginAsAdmin, test } from './helpers.ts'

/**
 * Issue 30, point 4: 'Geçmiş' reads like track changes (only the words that changed are marked) and 'Bu sürüme
 * dön' asks first. Each size uses a draft post of its own (not public, no other test reads it).
 */
function postForm(title: string, body: string) {
  const form = new FormData()
  form.set('title', title)
  form.set('excerpt', 'Sürüm denemesi')
  form.set('status', 'draft')
  form.set('contentStructure', JSON.stringify([{ type: 'text', content: body }]))
  return form
}

const BODY = 'Şirketimiz e-Fatura geçişinde müşterilerine adım adım destek verir.'

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`history marks only the changed words and asks before restoring (${size.width} px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(size)
    const api = await adminApi(request)
    const title = `Sürüm ${size.width} ${Date.now()}`
    const created = await api.post('/api/admin/blogs', { multipart: postForm(title, BODY) })
    expect(created.status(), await created.text()).toBeLessThan(300)
    const id = (await created.json()).data.id as string
    try {
      const edited = await api.put(`/api/admin/blogs/${id}`, { multipart: postForm(title, `MEHMET EKLEDİ: ${BODY}`) })
      expect(edited.status(), await edited.text()).toBe(200)

      await loginAsAdmin(page, '/admin/blog-duzenle')
      await page.getByRole('searchbox', { name: 'Yazılarda ara' }).fill(title)
      await page.getByRole('button', { name: `${title} düzenle` }).click()
      await page.getByRole('button', { name: 'Geçmiş', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: `Geçmiş: ${title}` })
      const entries = dialog.getByRole('listitem').filter({ has: page.locator('.history-entry__head') })
      await expect(entries).toHaveCount(2)
      const change = entries.nth(0).locator('.history-changes dd')
      // Only the added words are marked; nothing of the old body is struck through.
      await expect(change.locator('ins')).toHaveText(['MEHMET EKLEDİ: '])
      await expect(change.locator('del')).toHaveCount(0)
      await expect(change).toContainText(`MEHMET EKLEDİ: ${BODY}`)
      await dialog.screenshot({ path: `test-results/issue-30/gecmis-kelime-${size.width}.png` })

      // 'Bu sürüme dön' asks first: 'Vazgeç' changes nothing.
      await entries.nth(1).getByRole('button', { name: 'Bu sürüme dön' }).click()
      const ask = page.getByRole('alertdialog', { name: 'Sürüme dönme' })
      await expect(ask.getByText('Bu sürüme dönülsün mü? Şu anki hali de geçmişte kalır.')).toBeVisible()
      await page.screenshot({ path: `test-results/issue-30/gecmis-soru-${size.width}.png` })
      await ask.getByRole('button', { name: 'Vazgeç' }).click()
      await expect(ask).toBeHidden()
      const body = async () =>
        (await (await api.get(`/api/admin/blogs/${id}`)).json()).data.contentStructure[0].content as string
      expect(await body()).toBe(`MEHMET EKLEDİ: ${BODY}`)

      await entries.nth(1).getByRole('button', { name: 'Bu sürüme dön' }).click()
      await confirmInDialog(page, 'Bu sürüme dön', 'Bu sürüme dönülsün mü? Şu anki hali de geçmişte kalır.')
      await expect(page.getByText('İçerik seçilen sürüme döndürüldü.')).toBeVisible()
      expect(await body()).toBe(BODY)
    } finally {
      await api.delete(`/api/admin/blogs/${id}`)
    }
  })
}
