import { msg } from '#schema/messages.ts'
import { expect, test } from './helpers.ts'
import { loginAsAdmin } from './helpers.ts'

// Maintenance mode changes the public site for every test, so this runs in the serial project, alone.
test('dashboard maintenance toggle asks first, then turns the public 503 page on and off', async ({ page }) => {
  await loginAsAdmin(page, '/admin/')
  const toggle = page.getByRole('switch', { name: 'Bakım modu' })
  // A hashed asset the live pages use (their stylesheet): it keeps loading during maintenance.
  const asset = /\/_astro\/[^"'\s)]+/.exec(await (await page.request.get('/')).text())?.[0]
  expect(asset).toBeTruthy()
  const asked: string[] = []
  let answer = false
  page.on('dialog', (dialog) => {
    asked.push(dialog.message())
    void (answer ? dialog.accept() : dialog.dismiss())
  })
  try {
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    // 'Vazgeç' on the question: nothing changes.
    await toggle.click()
    await expect.poll(() => asked).toEqual([msg.maintenanceConfirm])
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect((await page.request.get('/')).status()).toBe(200)
    answer = true
    await toggle.click()
    await expect.poll(() => asked).toEqual([msg.maintenanceConfirm, msg.maintenanceConfirm])
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
    expect(asked).toHaveLength(2)
    await expect(toggle).toHaveAttribute('aria-checked', 'false')
    expect((await page.request.get('/')).status()).toBe(200)
  } finally {
    await page.request.post('/api/admin/maintenance', { data: { enabled: false } })
  }
})
