import { expect, loginAsAdmin, test } from './helpers.ts'

/**
 * Issue 30, point 3: a home editor field that fails its rule when it loses focus is not saved. The message shows
 * under the field and the site keeps the last saved text; a required title cannot be emptied. Nothing is saved.
 */
for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`a banner title that is empty or too long is refused on blur at ${size.width} px`, async ({ page, request }) => {
    await page.setViewportSize(size)
    const before = (await (await request.get('/api/admin/anasayfa')).json()).data.banner.title as string
    expect(before).not.toBe('')
    await loginAsAdmin(page, '/admin/anasayfa-duzenle')
    const banner = page.locator('#banner')
    const title = banner.getByLabel('Başlık', { exact: true })
    await expect(title).toHaveValue(before)

    let saves = 0
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/admin/anasayfa/')) saves++
    })
    await title.fill('')
    await title.blur()
    await expect(banner.getByText('Başlık boş bırakılamaz. Değişiklik kaydedilmedi; sitede son kaydedilen metin duruyor.')).toBeVisible()
    await expect(title).toHaveAttribute('aria-invalid', 'true')
    await page.screenshot({ path: `test-results/issue-30/anasayfa-bos-baslik-${size.width}.png` })

    await title.fill('Çok uzun başlık '.repeat(15))
    await title.blur()
    await expect(banner.getByText(/^Başlık en fazla 200 karakter olabilir\. Değişiklik kaydedilmedi/)).toBeVisible()

    // Nothing was sent, the site still has the title, and leaving asks first (the typed text is not saved).
    expect(saves).toBe(0)
    expect((await (await request.get('/api/admin/anasayfa')).json()).data.banner.title).toBe(before)
    const menu = page.getByRole('button', { name: 'Menü', exact: true })
    if (await menu.isVisible()) await menu.click()
    await page.getByRole('link', { name: 'Gösterge Paneli' }).click()
    const ask = page.getByRole('alertdialog', { name: 'Kaydedilmemiş değişiklikler' })
    await expect(ask).toBeVisible()
    await ask.getByRole('button', { name: 'Düzenlemeye dön' }).click()

    // Put right, the message goes; the original text back is no change at all.
    await title.fill(before)
    await expect(banner.getByText(/Değişiklik kaydedilmedi/)).toBeHidden()
    await title.blur()
    expect(saves).toBe(0)
  })
}
