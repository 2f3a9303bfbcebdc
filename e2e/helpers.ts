import { test as base, expect, type APIRequestContext, type Page } from 'playwright/test'

export { expect }
export type { Frame, Locator, Page } from 'playwright/test'

/**
 * Playwright's `test` with a CSP violation listener on every page of the test's context: an init script reports
 * each `securitypolicyviolation` of a page's main document, and the test fails if there was any. (Violations inside
 * the XML viewer's sandboxed document frames are the documents' own, blocked by design: decision 008.)
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = []
      await context.exposeBinding('__reportCspViolation', ({ page, frame }, text: string) => {
        if (frame === page.mainFrame()) violations.push(`${frame.url()}: ${text}`)
      })
      await context.addInitScript(() => {
        addEventListener('securitypolicyviolation', (e) => {
          const report = (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation
          report?.(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} ${e.sample}`.trim())
        })
      })
      await use(violations)
      expect(violations, 'CSP violations on the pages of this test').toEqual([])
    },
    { auto: true },
  ],
})

/** The superadmin that scripts/e2e-server.ts creates from ADMIN_EMAIL / ADMIN_PASSWORD. */
export const ADMIN = { email: 'admin@ornek.com', password: 'Yonetici-Sifre-1' }

/**
 * Logs in through the real API in the page's browser context (so the HttpOnly cookie is set) and stores
 * adminUser as the admin SPA does, then opens `path` under /admin.
 */
export async function loginAsAdmin(page: Page, path = '/admin/', user: { email: string; password: string } = ADMIN) {
  const res = await page.request.post('/api/admin/login', { data: user })
  expect(res.status(), await res.text()).toBe(200)
  const body = await res.json()
  await page.goto('/admin/')
  await page.evaluate((u) => localStorage.setItem('adminUser', JSON.stringify(u)), body.data.user)
  await page.goto(path)
}

/** An API request context logged in as the superadmin (for arranging test data). */
export async function adminApi(request: APIRequestContext): Promise<APIRequestContext> {
  const res = await request.post('/api/admin/login', { data: ADMIN })
  expect(res.status(), await res.text()).toBe(200)
  return request
}

/** Waits until the site rebuild that follows a save is live (state idle with a newer generation). */
export async function waitForSiteBuild(request: APIRequestContext, since: number, timeoutMs = 90_000) {
  // Called after the save: the highest publish number handed out so far is the save's own publish (or later),
  // so a publish that was already running when the save came in does not count.
  let target = 0
  await expect
    .poll(
      async () => {
        const d = (await (await request.get('/api/admin/build')).json()).data
        target ||= Math.max(since + 1, d.requested)
        if (d.generation >= target) return 'live'
        return d.failed >= target && d.publishing === null ? `failed: ${d.lastError}` : 'waiting'
      },
      { timeout: timeoutMs, intervals: [100, 250, 500, 1000] },
    )
    .toBe('live')
}

/** The current build generation (read before a save, then pass it to waitForSiteBuild). */
export async function buildGeneration(request: APIRequestContext): Promise<number> {
  return (await (await request.get('/api/admin/build')).json()).data.generation
}

/**
 * Answers the admin's own confirmation dialog (lib/confirm.ts; no native window.confirm any more): waits for the
 * alert dialog, checks its question when `question` is given, clicks `buttonName` ('Sil', 'Bakım modunu aç',
 * 'Vazgeç') and waits until it has closed.
 */
export async function confirmInDialog(page: Page, buttonName: string, question?: string) {
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toBeVisible()
  if (question !== undefined) await expect(dialog.getByText(question, { exact: true })).toBeVisible()
  await dialog.getByRole('button', { name: buttonName, exact: true }).click()
  await expect(dialog).toBeHidden()
}

/**
 * True when the page asks the browser to warn before it is left: a cancelable `beforeunload` event, as the browser
 * sends one, is cancelled by the page's handler. Checked in the page because Chromium shows its own dialog only when
 * the renderer answers within its hang timer: on a loaded machine it skips the dialog and leaves (CI run of
 * 2026-11-28: the library draft test reloaded without a dialog although the warning was in place).
 */
export async function asksBeforeLeaving(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(event)
    return event.defaultPrevented
  })
}

/**
 * Reloads `page` after checking that it asks before being left; the browser's leave dialog, when Chromium shows it,
 * is answered yes (a dialog of any other kind fails the test).
 */
export async function reloadPastLeaveWarning(page: Page): Promise<void> {
  expect(await asksBeforeLeaving(page), 'the page asks the browser to warn before leaving').toBe(true)
  const kinds: string[] = []
  const accept = (dialog: import('playwright/test').Dialog) => {
    kinds.push(dialog.type())
    void dialog.accept()
  }
  page.on('dialog', accept)
  await page.reload()
  page.off('dialog', accept)
  expect(kinds.filter((kind) => kind !== 'beforeunload')).toEqual([])
}
