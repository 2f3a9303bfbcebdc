import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import type { Browser, BrowserContext, Page } from 'playwright/test'
import { makePdf } from '../api/library/pdf-writer.ts'
import { ADMIN, expect, test } from './helpers.ts'
import { startIsolatedServer } from './isolated-server.ts'

/**
 * The members' library (issue 31) on a server of its own (its items and members are read by no other test): a
 * library admin uploads a PDF with progress, a member finds it by a word inside the PDF, opens and downloads it,
 * sees no management controls, and opens the demo XML invoice in the site's XML viewer. At phone and desktop width.
 */
let server: Awaited<ReturnType<typeof startIsolatedServer>>
let folder: string
const PASSWORD = 'Kutuphane-1'
const librarian = { name: 'Deniz Aydın', email: 'kutuphane-yonetici@ornek.com', role: 'library_admin' }
const reader = { name: 'Ece Kaya', email: 'kutuphane-uye@ornek.com', role: 'member' }

test.describe.configure({ mode: 'serial', timeout: 180_000 })

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(240_000)
  server = await startIsolatedServer(() => {})
  folder = await mkdtemp(join(tmpdir(), 'library-e2e-'))
  const api = await playwright.request.newContext({ baseURL: server.url })
  expect((await api.post('/api/admin/login', { data: ADMIN })).status()).toBe(200)
  for (const m of [librarian, reader]) {
    const res = await api.post('/api/admin/library-members', { data: { ...m, password: PASSWORD } })
    expect(res.status(), await res.text()).toBe(201)
  }
  await api.dispose()
})

test.afterAll(async () => {
  await server?.stop()
  if (folder) await rm(folder, { recursive: true, force: true })
})

/** WCAG 2.1 A/AA violations on the page as it is now (the same rules as accessibility.spec.ts). */
async function violations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  )
}

async function loggedIn(
  browser: Browser,
  width: number,
  who: { email: string },
): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height: 900 },
    locale: 'tr-TR',
    acceptDownloads: true,
  })
  const page = await context.newPage()
  await page.goto('/kutuphane')
  await page.getByLabel('E-posta').fill(who.email)
  await page.getByLabel('Şifre').fill(PASSWORD)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  await expect(page.getByRole('heading', { name: /Hoş geldiniz/ })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Tüm belgeler/ })).toBeVisible()
  return [context, page]
}

/** A PDF of a few hundred KB whose pages hold `word` only in their text (never in the title or file name). */
function guidePdf(word: string): Uint8Array {
  const filler = 'e-Defter berat dosyaları her ay yüklenir ve saklanır. '.repeat(40)
  const blocks = Array.from({ length: 60 }, (_, i) => ({ heading: `Bölüm ${i + 1}`, text: filler }))
  blocks.splice(30, 0, { heading: 'Özel terim', text: `Bu bölüm ${word} kavramını anlatır.` })
  return makePdf('Deneme', blocks)
}

for (const width of [390, 1440]) {
  test(`library at ${width} px: upload with progress, find by a word inside the PDF, open, download, XML in the viewer`, async ({
    browser,
  }) => {
    const word = `zümrütçiçeği${width}`
    const title = `Berat Kılavuzu ${width}`
    const fileName = `Berat Yükleme Kılavuzu ${width}.pdf`
    const pdf = guidePdf(word)

    // The library admin adds it: the upload is slowed down so that its progress is seen.
    const [adminContext, admin] = await loggedIn(browser, width, librarian)
    const cdp = await adminContext.newCDPSession(admin)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: Math.ceil(pdf.length / 4),
    })
    await admin.getByRole('button', { name: 'Yeni belge' }).click()
    await expect(admin.getByRole('heading', { name: 'Yeni belge' })).toBeFocused()
    expect(await violations(admin), 'library admin with the form open').toEqual([])
    await admin.getByLabel('Başlık').fill(title)
    await admin.getByLabel('Açıklama').fill('Aylık berat yükleme adımları.')
    await admin.getByLabel('Kategori', { exact: true }).selectOption({ label: 'Kılavuzlar' })
    await admin
      .locator('input[type=file]')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: Buffer.from(pdf) })
    await expect(admin.getByText(fileName)).toBeVisible()
    await admin.getByRole('button', { name: 'Ekle' }).click()
    await expect(admin.getByRole('status').filter({ hasText: /Yükleniyor\.\.\. %\d+/ })).toBeVisible()
    await expect(admin.getByText('Belge eklendi.')).toBeVisible({ timeout: 30_000 })
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    })
    await expect(admin.getByRole('heading', { name: title }).first()).toBeVisible()
    await adminContext.close()

    // A member finds it by a word that is only inside the PDF, typed without Turkish letters.
    const [memberContext, member] = await loggedIn(browser, width, reader)
    await expect(member.getByRole('button', { name: 'Yeni belge' })).toHaveCount(0)
    await expect(member.getByRole('button', { name: 'Kategoriler' })).toHaveCount(0)
    await expect(member.getByRole('button', { name: /^Düzenle/ })).toHaveCount(0)
    await expect(member.getByRole('button', { name: /^Sil/ })).toHaveCount(0)
    await member.getByRole('searchbox', { name: 'Kütüphanede ara' }).fill(`ZUMRUTCICEGI${width}`)
    await member.getByRole('button', { name: 'Ara' }).click()
    const results = member.locator('.library-all .library-item')
    await expect(results).toHaveCount(1)
    expect(await violations(member), 'member with search results').toEqual([])
    await expect(results.getByRole('heading', { name: title })).toBeVisible()

    // 'Görüntüle' opens the PDF inline in a new tab, in a sandbox (CSP) and with its Turkish name.
    const [popup] = await Promise.all([
      memberContext.waitForEvent('page'),
      results.getByRole('link', { name: new RegExp(`^Görüntüle\\s*: ${title}$`) }).click(),
    ])
    await popup.waitForLoadState()
    expect(new URL(popup.url()).pathname).toMatch(/^\/api\/library\/items\/[\w-]+\/file$/)
    const viewed = await member.request.get(new URL(popup.url()).pathname)
    expect(viewed.headers()['content-type']).toBe('application/pdf')
    expect(viewed.headers()['content-disposition']).toMatch(
      /^inline; .*filename\*=UTF-8''Berat%20Y%C3%BCkleme/,
    )
    expect(viewed.headers()['content-security-policy']).toMatch(/^sandbox/)
    await popup.close()

    // 'İndir' saves it under its Turkish name, byte for byte.
    const [download] = await Promise.all([
      member.waitForEvent('download'),
      results.getByRole('link', { name: new RegExp(`^İndir\\s*: ${title}$`) }).click(),
    ])
    expect(download.suggestedFilename()).toBe(fileName)
    expect(new Uint8Array(await readFile((await download.path())!))).toEqual(pdf)

    // The demo invoice opens in the site's XML viewer with its own display format, without a download.
    await member.getByRole('searchbox', { name: 'Kütüphanede ara' }).fill('fatura xml')
    await member.getByRole('button', { name: 'Ara' }).click()
    await member
      .getByRole('link', { name: /^Görüntüle\s*: Örnek e-Fatura \(UBL-TR XML\)$/ })
      .first()
      .click()
    await expect(member).toHaveURL(/\/xml-goruntuleyici\?kutuphane=/)
    const invoice = member.frameLocator('iframe.xml-viewer__frame').frameLocator('iframe')
    await expect(invoice.getByRole('heading', { name: 'e-Fatura' })).toBeVisible({ timeout: 30_000 })
    await expect(invoice.getByText('Deneme Gıda Ticaret Ltd. Şti.')).toBeVisible()
    await memberContext.close()
  })
}

test('a stored member whose session is over is sent back to the login form', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 900 } })
  const page = await context.newPage()
  // A member stored in the browser (as after a login) but no session cookie: the server answers 401.
  await context.addInitScript(
    (member) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('libraryMember', JSON.stringify(member))
        sessionStorage.setItem('seeded', '1')
      }
    },
    { id: 'x', name: reader.name, email: reader.email, role: 'member', created_at: '' },
  )
  await page.goto('/kutuphane')
  // The library is asked for, refused, and the page goes back to its form; the stored member is forgotten.
  await expect(page.getByRole('button', { name: 'Giriş Yap' })).toBeVisible()
  await expect(page.getByRole('heading', { name: /Hoş geldiniz/ })).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('libraryMember'))).toBeNull()
  // And the form works from there.
  await page.getByLabel('E-posta').fill(reader.email)
  await page.getByLabel('Şifre').fill(PASSWORD)
  await page.getByRole('button', { name: 'Giriş Yap' }).click()
  await expect(page.getByRole('heading', { name: `Hoş geldiniz, ${reader.name}!` })).toBeFocused()
  await expect(page.getByRole('heading', { name: /Tüm belgeler/ })).toBeVisible()
  await context.close()
})
