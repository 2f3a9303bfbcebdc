import { join } from 'node:path'
import { expect, test, type Page } from './helpers.ts'
import { currentYear } from '../site/src/lib/dates.ts'

/**
 * Issue 23, visitors on phones (390 px, and 1440 px where it matters). Reads the demo content only.
 */
const PHONE = { width: 390, height: 844 }
const DESKTOP = { width: 1440, height: 900 }
const fixture = (name: string) => join(import.meta.dirname, 'fixtures', 'xml', name)

/**
 * Every visible link, button or field that a visible floating button (WhatsApp, back to top) overlaps, as
 * 'floating button over control' lines.
 */
async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.querySelector('[data-floating]')!
    if (box.hasAttribute('data-hidden')) return []
    const floating = [...box.children].filter((el) => (el as HTMLElement).offsetParent !== null)
    const controls = [
      ...document.querySelectorAll('a[href], button, input, textarea, select, label, iframe'),
    ].filter(
      (el) =>
        !box.contains(el) && (el as HTMLElement).offsetParent !== null && el.getClientRects().length > 0,
    )
    const out: string[] = []
    for (const f of floating) {
      const a = f.getBoundingClientRect()
      for (const c of controls)
        for (const b of c.getClientRects())
          if (
            a.left < b.right &&
            b.left < a.right &&
            a.top < b.bottom &&
            b.top < a.bottom &&
            b.width > 0 &&
            b.height > 0
          ) {
            // Only where the control is really there (not clipped away, e.g. the slider's other slides).
            const x = (Math.max(a.left, b.left) + Math.min(a.right, b.right)) / 2
            const y = (Math.max(a.top, b.top) + Math.min(a.bottom, b.bottom)) / 2
            if (!document.elementsFromPoint(x, y).some((el) => c.contains(el))) continue
            out.push(
              `${f.className} over ${c.tagName.toLowerCase()} "${(c.textContent || c.getAttribute('aria-label') || c.getAttribute('name') || '').trim().slice(0, 30)}" at y=${Math.round(b.top)}`,
            )
          }
    }
    return out
  })
}

/** Scrolls the whole page in steps, collecting what the floating buttons cover at each stop. */
async function scanScroll(page: Page, path: string): Promise<string[]> {
  await page.goto(path, { waitUntil: 'networkidle' })
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  const found: string[] = []
  for (let y = 0; y <= height; y += 120) {
    await page.evaluate((top) => window.scrollTo(0, top), y)
    // Four frames: the scroll handler runs in the next one, and the reduced-motion transition (0.01 ms) ends after it.
    await page.evaluate(
      () =>
        new Promise((r) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))),
          ),
        ),
    )
    found.push(...(await coveredControls(page)).map((c) => `${path} @${y}: ${c}`))
  }
  return [...new Set(found)]
}

test.describe('floating buttons', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } })

  for (const size of [PHONE, DESKTOP])
    test(`never cover a link, button or field at ${size.width} px`, async ({ page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize(size)
      const found: string[] = []
      for (const path of ['/iletisim', '/', '/blog/blog-e-fatura-rehberi'])
        found.push(...(await scanScroll(page, path)))
      expect(found).toEqual([])
    })

  test('clear the contact form’s send row, and hide while a field has focus on a phone', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/iletisim', { waitUntil: 'networkidle' })
    const box = page.locator('[data-floating]')
    const whatsapp = page.getByRole('link', { name: /WhatsApp/ })
    const send = page.getByRole('button', { name: 'Gönder' })
    // The send row at the very bottom of the screen, where the buttons float: they move up or step aside.
    for (const block of ['end', 'center'] as const) {
      await send.evaluate((el, b) => el.scrollIntoView({ block: b }), block)
      await page.evaluate(
        () =>
          new Promise((r) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r))),
            ),
          ),
      )
      expect(await coveredControls(page), block).toEqual([])
    }
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(whatsapp).toBeVisible()

    await page.getByLabel('Adınız Soyadınız').focus()
    await expect(box).toHaveAttribute('data-hidden', '')
    await expect(whatsapp).toBeHidden()
    await page.getByLabel('Adınız Soyadınız').blur()
    // Focus scrolled the form under the buttons; back at the top they show again.
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(whatsapp).toBeVisible()
  })
})

test('the blog’s tags fold behind ‘Etiketler’ on a phone, so search results stay above the fold', async ({
  page,
}) => {
  await page.setViewportSize(PHONE)
  await page.goto('/blog', { waitUntil: 'networkidle' })
  const toggle = page.getByRole('button', { name: 'Etiketler' })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  const tags = page.getByRole('group', { name: 'Etikete göre filtrele' })
  await expect(tags).toBeHidden()
  await page.getByLabel('Blog yazılarında ara').fill('e-Fatura')
  await expect(page.getByText(/\d+ yazı bulundu/)).toBeVisible()
  const firstResult = page.locator('.blog-list a[href^="/blog/"]').first()
  await expect(firstResult).toBeVisible()
  expect((await firstResult.boundingBox())!.y).toBeLessThan(PHONE.height)

  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(tags).toBeVisible()
  const chip = tags.getByRole('button').nth(1)
  const name = (await chip.textContent())!.trim()
  await chip.click()
  // The chosen tag stays named on the toggle when the chips are folded again.
  await toggle.click()
  await expect(tags).toBeHidden()
  await expect(toggle).toHaveText(`Etiketler: ${name}`)

  await page.setViewportSize(DESKTOP)
  await expect(toggle).toBeHidden()
  await expect(tags).toBeVisible()
})

test('the breadcrumb wraps with no line starting with ‘/’', async ({ page }) => {
  await page.setViewportSize(PHONE)
  for (const path of ['/blog/blog-e-fatura-rehberi', '/sosyal-sorumluluk/proje-kagitsiz-orman']) {
    await page.goto(path)
    const crumbs = page.getByRole('navigation', { name: 'Sayfa konumu' })
    const lines = await crumbs.evaluate((nav) => {
      // Every piece of text (crumb words and separators) with its line, in reading order.
      const walker = document.createTreeWalker(nav, NodeFilter.SHOW_TEXT)
      const pieces: { text: string; top: number; left: number }[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(node, m.index)
          range.setEnd(node, m.index + m[0].length)
          const r = range.getClientRects()[0]
          if (r) pieces.push({ text: m[0], top: Math.round(r.top), left: r.left })
        }
      }
      const byLine = new Map<number, typeof pieces>()
      for (const p of pieces) byLine.set(p.top, [...(byLine.get(p.top) ?? []), p])
      return [...byLine.values()].map((line) =>
        line
          .sort((a, b) => a.left - b.left)
          .map((p) => p.text)
          .join(' '),
      )
    })
    expect(lines.length, `${path} wraps at 390 px`).toBeGreaterThan(1)
    for (const line of lines) expect(line, path).not.toMatch(/^\//)
  }
})

test.describe('XML viewer on a phone', () => {
  test('scales an A4 invoice to the frame’s width', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto('/xml-goruntuleyici')
    await expect(page.getByText('Henüz dosya seçilmedi.')).toBeVisible()
    await page.getByLabel('XML dosyası seç').setInputFiles(fixture('a4-fatura.xml'))
    await page.getByRole('button', { name: 'Görüntüle' }).click()
    const doc = page.frameLocator('iframe.xml-viewer__frame').frameLocator('iframe')
    await expect(doc.locator('#odenecek')).toHaveText('28.082,10 TL')
    const frame = (await page.locator('iframe.xml-viewer__frame').boundingBox())!
    // The rightmost figure of the invoice is inside the frame, and the whole document fits its width.
    const total = (await doc.locator('#odenecek').boundingBox())!
    expect(total.x + total.width).toBeLessThanOrEqual(frame.x + frame.width)
    const body = (await doc.locator('body').boundingBox())!
    expect(body.width).toBeLessThanOrEqual(frame.width)
    expect(body.width).toBeGreaterThan(frame.width * 0.9)
    // The frame is as tall as the scaled document: nothing cut off below either.
    const bottom = (await doc.locator('#odenecek').boundingBox())!
    expect(bottom.y + bottom.height).toBeLessThanOrEqual(frame.y + frame.height)
    // Pinch-zoom stays possible: the page's viewport does not forbid scaling.
    await expect(page.locator('meta[name="viewport"]')).toHaveAttribute(
      'content',
      /^(?!.*(user-scalable=no|maximum-scale=1\b)).*$/,
    )
  })

  test('at 1440 px the invoice is shown at its own size', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/xml-goruntuleyici')
    await expect(page.getByText('Henüz dosya seçilmedi.')).toBeVisible()
    await page.getByLabel('XML dosyası seç').setInputFiles(fixture('a4-fatura.xml'))
    await page.getByRole('button', { name: 'Görüntüle' }).click()
    const doc = page.frameLocator('iframe.xml-viewer__frame').frameLocator('iframe')
    await expect(doc.locator('#odenecek')).toBeVisible()
    // 210 mm at 96 dpi.
    expect(Math.round((await doc.locator('body').boundingBox())!.width)).toBe(794)
  })

  test('a file chosen before the viewer’s script is ready is picked up when it is', async ({ page }) => {
    await page.setViewportSize(PHONE)
    // A slow phone: every script of the page arrives a second late.
    await page.route('**/_astro/*.js', async (route) => {
      await new Promise((r) => setTimeout(r, 1000))
      await route.continue()
    })
    await page.goto('/xml-goruntuleyici', { waitUntil: 'domcontentloaded' })
    await expect(page.getByText('Hazırlanıyor...')).toBeVisible()
    expect(await page.locator('.xml-viewer[data-ready]').count()).toBe(0)
    await page.getByLabel('XML dosyası seç').setInputFiles(fixture('a4-fatura.xml'))
    await expect(page.getByText('Seçilen dosya:')).toContainText('a4-fatura.xml')
    await expect(page.locator('.xml-viewer[data-ready]')).toHaveCount(1)
    await page.getByRole('button', { name: 'Görüntüle' }).click()
    const doc = page.frameLocator('iframe.xml-viewer__frame').frameLocator('iframe')
    await expect(doc.locator('#odenecek')).toHaveText('28.082,10 TL')
  })
})

test('the contact form says why it cannot be sent, after a field loses focus', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/iletisim', { waitUntil: 'networkidle' })
  const form = page.locator('form.contact-form')
  await expect(form.getByText('Göndermek için tüm alanları doldurun.')).toBeVisible()
  const email = form.getByLabel('E-posta')
  await email.fill('ali@')
  await expect(form.getByText('Geçerli bir e-posta adresi giriniz.')).toHaveCount(0)
  await email.press('Tab')
  await expect(form.getByText('Geçerli bir e-posta adresi giriniz.')).toBeVisible()
  await expect(email).toHaveAttribute('aria-invalid', 'true')
  await expect(form.getByText('Göndermek için işaretli alanları düzeltin.')).toBeVisible()
  await email.fill('ali@ornek.com')
  await expect(form.getByText('Geçerli bir e-posta adresi giriniz.')).toHaveCount(0)

  await form.getByLabel('Telefon').fill('telefonum')
  await form.getByLabel('Konu').focus()
  await expect(form.getByText('Geçerli bir telefon numarası giriniz.')).toBeVisible()
  // A send with an invalid field checks every field and moves to the first wrong one; nothing is sent.
  await form.getByLabel('Adınız Soyadınız').fill('Ali Veli')
  await form.getByLabel('Konu').fill('Teklif')
  await form.getByLabel('Mesajınız').fill('Merhaba')
  let sent = false
  page.on('request', (r) => {
    if (r.url().endsWith('/api/contact')) sent = true
  })
  await form.getByRole('button', { name: 'Gönder' }).click()
  await expect(form.getByLabel('Telefon')).toBeFocused()
  expect(sent).toBe(false)
})

test('the footer shows the current year', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('footer')).toContainText(`© ${currentYear()} `)
})
