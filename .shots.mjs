import { chromium } from 'playwright'
import sharp from 'sharp'
const base = 'http://localhost:4381'
const out = 'docs/screenshots/site/'
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
async function shot(page, name) {
  const buf = await page.screenshot()
  await sharp(buf).png({ palette: true, quality: 80, compressionLevel: 9 }).toFile(out + name + '.png')
}
for (const [w, h] of [[390, 844], [1440, 900]]) {
  const ctx = await b.newContext({ viewport: { width: w, height: h }, reducedMotion: 'reduce', locale: 'tr-TR' })
  const page = await ctx.newPage()
  // Contact form: an invalid e-mail left, the message under it, the send row with the floating buttons.
  await page.goto(base + '/iletisim', { waitUntil: 'networkidle' })
  const form = page.locator('form.contact-form')
  await form.scrollIntoViewIfNeeded(); await page.waitForTimeout(1500)
  await form.getByLabel('Adınız Soyadınız').fill('Ayşe Yılmaz')
  await form.getByLabel('E-posta').fill('ayse@')
  await form.getByLabel('Telefon').focus()
  await page.getByRole('button', { name: 'Gönder' }).evaluate((el) => el.scrollIntoView({ block: 'end' }))
  await page.evaluate(() => document.activeElement.blur())
  await page.waitForTimeout(600)
  await shot(page, `iletisim-form-${w}`)
  // Blog: tags folded on the phone, search results above the fold.
  await page.goto(base + '/blog', { waitUntil: 'networkidle' })
  await page.getByLabel('Blog yazılarında ara').fill('e-Fatura')
  await page.getByText(/yazı bulundu/).waitFor()
  await page.waitForTimeout(500)
  await shot(page, `blog-search-${w}`)
  if (w === 390) {
    await page.getByRole('button', { name: 'Etiketler' }).click()
    await page.waitForTimeout(300)
    await shot(page, `blog-tags-open-${w}`)
  }
  // A post's breadcrumb.
  await page.goto(base + '/blog/blog-e-fatura-rehberi', { waitUntil: 'networkidle' })
  await shot(page, `blog-post-breadcrumb-${w}`)
  // XML viewer with an A4 invoice.
  await page.goto(base + '/xml-goruntuleyici', { waitUntil: 'networkidle' })
  await page.getByText('Henüz dosya seçilmedi.').waitFor()
  await page.getByLabel('XML dosyası seç').setInputFiles(process.env.INVOICE)
  await page.getByRole('button', { name: 'Görüntüle' }).click()
  await page.locator('iframe.xml-viewer__frame').waitFor()
  await page.waitForTimeout(2500)
  await page.locator('.xml-viewer__result').evaluate((el) => el.scrollIntoView())
  await page.waitForTimeout(500)
  await shot(page, `xml-viewer-invoice-${w}`)
  // Footer with the year, scrolled to the end.
  await page.goto(base + '/', { waitUntil: 'networkidle' })
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.waitForTimeout(800)
  await shot(page, `home-footer-${w}`)
  await ctx.close()
}
// The picker before the script is ready (scripts delayed 3 s).
const ctx = await b.newContext({ viewport: { width: 390, height: 844 } })
const page = await ctx.newPage()
await page.route('**/_astro/*.js', async (r) => { await new Promise((res) => setTimeout(res, 3000)); await r.continue() })
await page.goto(base + '/xml-goruntuleyici', { waitUntil: 'domcontentloaded' })
await page.getByText('Hazırlanıyor...').scrollIntoViewIfNeeded()
await shot(page, 'xml-viewer-preparing-390')
await b.close()
