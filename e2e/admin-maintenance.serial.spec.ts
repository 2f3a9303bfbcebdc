import { msg } from '#schema/messages.ts'
import { expect, test } from './helpers.ts'
import { confirmInDialog, loginAsAdmin } from './helpers.ts'

// Maintenance mode changes the public site for every test, so this runs in the serial project, alone.
test('dashboard maintenance toggle asks first, then turns the public 503 page on and off', async ({ page }) => {
  await loginAsAdmin(page, '/admin/')
  const toggle = page.getByRole('switch', { name: 'Bakım modu' })
  // A hashed asset the live pages use (their stylesheet): it keeps loading during maintenance.
  const asset = /\/_astro\/[^"'\s)]+/.exec(await (await page.request.get('/')).text())?.[0]
  expect(asset).toBeTruthy()
  const question = page.getByRole('alertdialog', { name: 'Bakım modu' })
  try {
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    // 'Vazgeç' on the question: nothing changes, and focus is back on the switch.
    await toggle.click()
    await expect(question).toHaveAccessibleDescription(msg.maintenanceConfirm)
    await confirmInDialog(page, 'Vazgeç', msg.maintenanceConfirm)
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect((await page.request.get('/')).status()).toBe(200)
    // Escape is 'Vazgeç' too.
    await toggle.click()
    await expect(question).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(question).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    await toggle.click()
    await confirmInDialog(page, 'Bakım modunu aç', msg.maintenanceConfirm)
    await expect(page.getByText('Bakım modu açıldı.')).toBeVisible()
    await expect(toggle).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('region', { name: 'Sistem Durumu' }).getByText('Açık')).toBeVisible()
    const down = await page.request.get('/')
    expect(down.status()).toBe(503)
    expect(await down.text()).toContain('bakım')
    // The admin keeps working during maintenance.
    expect((await page.request.get('/admin/')).status()).toBe(200)
    // Issue 20: a path the site does not have showed the site's 404 page (under /demo/ and /_astro/ too).
    for (const path of ['/demo/x', '/_astro/x', '/olmayan-sayfa']) {
      const res = await page.request.get(path)
      expect(res.status(), path).toBe(503)
      expect(await res.text(), path).toContain('bakım')
    }
    expect((await page.request.get(asset!)).status()).toBe(200)

    // Switching off asks nothing.
    await toggle.click()
    await expect(page.getByText('Bakım modu kapatıldı.')).toBeVisible()
    await expect(question).toHaveCount(0)
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect((await page.request.get('/')).status()).toBe(200)
  } finally {
    await page.request.post('/api/admin/maintenance', { data: { enabled: false } })
  }
})
