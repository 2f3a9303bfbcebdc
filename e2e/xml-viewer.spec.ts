import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Frame, type Page } from './helpers.ts'
import { msg } from '../schema/messages.ts'
import { detail, NO_ENGINE_TEXT } from '../site/src/lib/xml/problems.ts'
import { LEAK_TARGET } from './fixtures/xml/invoice-template.ts'

// Runs twice: in project 'chromium' (the browser's XSLTProcessor) and 'chromium-no-xslt' (libxslt-wasm).
const FIXTURES = join(import.meta.dirname, 'fixtures', 'xml')
const fixture = (name: string) => join(FIXTURES, name)
const processError = (text: string) => msg.xmlProcessError.replace('{detail}', text)
const withoutXslt = (projectName: string) => projectName === 'chromium-no-xslt'

async function openViewer(page: Page) {
  await page.goto('/xml-goruntuleyici')
  await expect(page.getByText('Henüz dosya seçilmedi.')).toBeVisible()
  // Enabled once the island has hydrated and can take the file.
  await expect(page.getByLabel('XML dosyası seç')).toBeEnabled()
}

async function viewFile(page: Page, path: string) {
  await page.getByLabel('XML dosyası seç').setInputFiles(path)
  await page.getByRole('button', { name: 'Görüntüle' }).click()
}

const outerFrame = (page: Page) => page.locator('iframe.xml-viewer__frame')
const documentFrame = (page: Page) => page.frameLocator('iframe.xml-viewer__frame').frameLocator('iframe')
const alertText = (page: Page) => page.getByRole('alert')

type Recorder = { url: string; hits: string[]; close: () => Promise<void> }

/**
 * A small HTTP server that records every request it gets: the hostile fixtures send to it, so a request that
 * escaped the frame shows up here whatever the browser reports (Playwright sees no network events of
 * out-of-process sandboxed frames).
 */
async function startRecorder(): Promise<Recorder> {
  const hits: string[] = []
  const server = createServer((req, res) => {
    hits.push(req.url ?? '')
    res.writeHead(204, { 'access-control-allow-origin': '*' }).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/xml-viewer-leak`,
    hits,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

/** Proves the recorder hears a sandboxed frame of our page that has no CSP, then forgets that request. */
async function expectRecorderHears(page: Page, recorder: Recorder) {
  // From a blank page of the same browser: our pages' own CSP (issue 13) would stop a probe frame made in them.
  const blank = await page.context().browser()!.newPage()
  await blank.evaluate((url) => void fetch(`${url}?kaynak=kontrol`, { mode: 'no-cors' }), recorder.url)
  await expect.poll(() => recorder.hits.length).toBe(1)
  await blank.close()
  recorder.hits.length = 0
}

/** A copy of a fixture whose target URL (LEAK_TARGET) points at the recorder. */
function fixtureAimedAt(name: string, target: string, dir: string): string {
  const path = join(dir, name)
  writeFileSync(path, readFileSync(fixture(name), 'utf8').replaceAll(LEAK_TARGET, target))
  return path
}

/** The rendered document's own frame (the shell's child), for evaluating inside it. */
function renderedFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.parentFrame()?.parentFrame() === page.mainFrame())
  if (!frame) throw new Error('no rendered document frame')
  return frame
}

test('renders an invoice with its embedded XSLT in a sandboxed frame, with the right engine', async ({
  page,
}, info) => {
  await openViewer(page)
  await viewFile(page, fixture('fatura.xml'))
  const doc = documentFrame(page)
  await expect(doc.getByRole('heading', { name: 'e-FATURA' })).toBeVisible()
  await expect(doc.locator('#fatura-no')).toHaveText('NTZ2025000000042')
  await expect(doc.locator('#fatura-tarihi')).toHaveText('14-03-2025')
  await expect(doc.getByText('Örnek Gıda Ticaret Ltd. Şti.')).toBeVisible()
  const cells = doc.getByRole('row', { name: /Mali müşavirlik danışmanlığı/ }).getByRole('cell')
  await expect(cells).toHaveText([
    '2',
    'Mali müşavirlik danışmanlığı',
    '3,5 Saat',
    '2.400,50 TL',
    '%20',
    '8.401,75 TL',
  ])
  await expect(doc.locator('#odenecek')).toHaveText('28.082,10 TL')

  const frame = outerFrame(page)
  await expect(frame).toHaveAttribute('data-engine', withoutXslt(info.project.name) ? 'wasm' : 'browser')
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-modals')
  // The frame takes the document's height (reported by the helper script), so the page shows it whole.
  const documentHeight = await renderedFrame(page).evaluate(() => document.documentElement.scrollHeight)
  await expect.poll(() => frame.evaluate((f: HTMLIFrameElement) => f.clientHeight)).toBe(documentHeight)

  await page.getByRole('button', { name: 'Başka dosya seç' }).click()
  await expect(frame).toHaveCount(0)
  await expect(page.getByText('Henüz dosya seçilmedi.')).toBeVisible()
})

test('formats amounts with a named xsl:decimal-format exactly as xsltproc does', async ({ page }) => {
  await openViewer(page)
  await viewFile(page, fixture('ondalik-bicim.xml'))
  const doc = documentFrame(page)
  const expected: Record<string, [string, string]> = {
    '1': ['[1.234.567,89]', '[1.234,5]'],
    '2': ['[0,50]', '[0,25]'],
    '3': ['[1.000,00]', '[12]'],
    '4': ['[-42,50]', '[1]'],
    '5': ['[]', '[]'],
  }
  for (const [line, [amount, quantity]] of Object.entries(expected)) {
    await expect(doc.locator(`#kalem-${line} .bicimli`)).toHaveText(amount)
    await expect(doc.locator(`#kalem-${line} .miktar`)).toHaveText(quantity)
  }
  await expect(doc.locator('#varsayilan')).toHaveText('Varsayılan biçim: 1,234.50')
  await expect(doc.locator('#yuzde')).toHaveText('Yüzde: 18%')
})

test('shows text and XHTML output the same way with both engines', async ({ page }) => {
  await openViewer(page)
  await viewFile(page, fixture('duz-metin.xml'))
  await expect(documentFrame(page).locator('pre')).toHaveText(
    'Fatura NTZ2025000000054 <düz metin> & işaretler',
  )
  await page.getByRole('button', { name: 'Başka dosya seç' }).click()
  await viewFile(page, fixture('xhtml-cikti.xml'))
  await expect(documentFrame(page).locator('#baslik')).toHaveText('XHTML fatura NTZ2025000000055')
  // <div/> from XML output stays empty instead of swallowing the next paragraph.
  await expect(documentFrame(page).locator('div.bos')).toBeEmpty()
  await expect(documentFrame(page).locator('body > #sonra')).toHaveText('Boş öğeden sonra gelen paragraf')
})

test('shows each spec message at its moment', async ({ page }) => {
  await openViewer(page)
  const button = page.getByRole('button', { name: 'Görüntüle' })
  await expect(button).toBeDisabled()
  await button.click({ force: true })
  await expect(alertText(page)).toHaveText(msg.xmlNoFile)

  await page.getByLabel('XML dosyası seç').setInputFiles(fixture('belge.txt'))
  await expect(alertText(page)).toHaveText(msg.xmlNotXml)
  await expect(button).toBeDisabled()

  const cases: [string, string][] = [
    ['bozuk.xml', msg.xmlInvalid],
    ['xslt-yok.xml', msg.xmlNoStylesheet],
    ['yer-tutucu-xslt.xml', msg.xmlNoStylesheet],
    ['harici-stil.xml', msg.xmlExternalStylesheet],
    ['hatali-xslt.xml', processError(detail.transformFailed)],
    ['doctype-varlik.xml', processError(detail.doctype)],
    ['xsl-import.xml', processError(detail.importInclude)],
    ['document-cagrisi.xml', processError(detail.documentCall)],
  ]
  for (const [name, text] of cases) {
    await viewFile(page, fixture(name))
    await expect(alertText(page), name).toHaveText(text)
    await expect(page.getByText(`Seçilen dosya: ${name}`)).toBeVisible()
  }
  await expect(outerFrame(page)).toHaveCount(0)
})

test('accepts .XML in capitals and reports a file that can no longer be read', async ({ page }) => {
  const dir = mkdtempSync(join(tmpdir(), 'xml-viewer-'))
  try {
    const upper = join(dir, 'FATURA.XML')
    copyFileSync(fixture('fatura.xml'), upper)
    await openViewer(page)
    await viewFile(page, upper)
    await expect(documentFrame(page).locator('#odenecek')).toHaveText('28.082,10 TL')

    // Chosen, then changed on disk before 'Görüntüle': the browser refuses to read the stale file.
    const changing = join(dir, 'degisen.xml')
    copyFileSync(fixture('fatura.xml'), changing)
    await page.getByRole('button', { name: 'Başka dosya seç' }).click()
    await page.getByLabel('XML dosyası seç').setInputFiles(changing)
    rmSync(changing)
    await page.getByRole('button', { name: 'Görüntüle' }).click()
    await expect(alertText(page)).toHaveText(msg.xmlReadError)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('takes a file dropped on the drop zone', async ({ page }) => {
  await openViewer(page)
  const drop = async (name: string, content: string) => {
    const data = await page.evaluateHandle(
      ([n, c]) => {
        const transfer = new DataTransfer()
        transfer.items.add(new File([c], n, { type: 'text/xml' }))
        return transfer
      },
      [name, content] as const,
    )
    await page.getByTestId('xml-drop-zone').dispatchEvent('drop', { dataTransfer: data })
  }
  await drop('notlar.txt', 'metin')
  await expect(alertText(page)).toHaveText(msg.xmlNotXml)
  await drop('surukle.xml', readFileSync(fixture('fatura.xml'), 'utf8'))
  await expect(page.getByText('Seçilen dosya: surukle.xml')).toBeVisible()
  await page.getByRole('button', { name: 'Görüntüle' }).click()
  await expect(documentFrame(page).locator('#fatura-no')).toHaveText('NTZ2025000000042')
})

test.describe('isolation of the rendered document', () => {
  let recorder: Recorder
  let dir: string
  test.beforeEach(async () => {
    recorder = await startRecorder()
    dir = mkdtempSync(join(tmpdir(), 'xml-viewer-'))
  })
  test.afterEach(async () => {
    await recorder.close()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a script in the stylesheet runs and shows a data: image, but cannot read our cookie or storage, nor send anything', async ({
    page,
  }) => {
    await openViewer(page)
    await expectRecorderHears(page, recorder)
    await page.evaluate(() => {
      document.cookie = 'xml-gizli-cerez=gizli-cerez-degeri; path=/'
      localStorage.setItem('xml-gizli', 'gizli-yerel-deger')
    })
    await viewFile(page, fixtureAimedAt('betik-ve-gorsel.xml', recorder.url, dir))
    const results = documentFrame(page).locator('#sonuclar')
    const lines = [
      'Betik çalıştı',
      'Çerez: engellendi',
      'Yerel depo: engellendi',
      'Ağ isteği: engellendi',
      'API isteği: engellendi',
    ]
    for (const line of [...lines, 'Dış görsel: engellendi', 'Gömülü görsel: gösterildi', 'Karekod çizildi']) {
      await expect(results.getByText(line, { exact: true })).toBeVisible()
    }
    await expect(results).not.toContainText('gizli-')
    expect(
      await documentFrame(page)
        .locator('#logo')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(48)
    expect(recorder.hits).toEqual([])
    // Our page still holds its own values: the frame saw none of them.
    expect(await page.evaluate(() => localStorage.getItem('xml-gizli'))).toBe('gizli-yerel-deger')
  })

  test('a document cannot leave its frame: navigation, top navigation, pop-ups and forms are blocked', async ({
    page,
    context,
  }) => {
    const consoleLines: string[] = []
    let popups = 0
    page.on('console', (m) => consoleLines.push(m.text()))
    context.on('page', () => popups++)
    await openViewer(page)
    await expectRecorderHears(page, recorder)
    await viewFile(page, fixtureAimedAt('yonlendirme.xml', recorder.url, dir))
    // The script's last step sets location.href; the shell's frame-src 'none' refuses it (and says so).
    await expect.poll(() => consoleLines.some((l) => l.includes("frame-src 'none'"))).toBe(true)
    expect(recorder.hits).toEqual([])
    expect(popups).toBe(0)
    await expect(page).toHaveURL(/\/xml-goruntuleyici\/?$/)
  })

  test('an external stylesheet is reported, never fetched', async ({ page }) => {
    await openViewer(page)
    await expectRecorderHears(page, recorder)
    const path = join(dir, 'harici-stil.xml')
    writeFileSync(
      path,
      readFileSync(fixture('harici-stil.xml'), 'utf8').replace(
        'https://stil.ornek.invalid/fatura.xslt',
        recorder.url,
      ),
    )
    await viewFile(page, path)
    await expect(alertText(page)).toHaveText(msg.xmlExternalStylesheet)
    expect(recorder.hits).toEqual([])
  })

  test('Yazdır asks the document to print itself', async ({ page }) => {
    await openViewer(page)
    await viewFile(page, fixture('fatura.xml'))
    await expect(documentFrame(page).locator('#odenecek')).toBeVisible()
    // Stand-in for the print dialog, inside the document's frame: records that print() was called there.
    await renderedFrame(page).evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'evet')
    })
    await page.getByRole('button', { name: 'Yazdır' }).click()
    await expect(documentFrame(page).locator('body')).toHaveAttribute('data-printed', 'evet')
  })
})

test.describe('engine loading', () => {
  test('the page loads no parser or engine until a file is chosen, and the WebAssembly engine only without XSLT', async ({
    page,
  }, info) => {
    const requests: string[] = []
    page.on('request', (r) => requests.push(new URL(r.url()).pathname))
    await openViewer(page)
    await page.waitForLoadState('networkidle')
    expect(requests.filter((p) => /\/_astro\/render\.|\/motor\//.test(p))).toEqual([])
    await viewFile(page, fixture('fatura.xml'))
    await expect(documentFrame(page).locator('#odenecek')).toBeVisible()
    expect(requests.some((p) => /\/_astro\/render\./.test(p))).toBe(true)
    const engineFiles = requests.filter((p) => p.includes('/xml-goruntuleyici/motor/'))
    expect(engineFiles).toEqual(
      withoutXslt(info.project.name)
        ? ['/xml-goruntuleyici/motor/libxslt.js', '/xml-goruntuleyici/motor/libxslt.wasm']
        : [],
    )
  })

  // Tagged: only the project without the browser's XSLT runs it (see playwright.config.ts).
  test('says clearly that it cannot render when neither engine is available @no-xslt-only', async ({ page }) => {
    await page.route('**/xml-goruntuleyici/motor/**', (route) => route.abort())
    await openViewer(page)
    await viewFile(page, fixture('fatura.xml'))
    await expect(alertText(page)).toHaveText(NO_ENGINE_TEXT)
    await expect(outerFrame(page)).toHaveCount(0)
  })
})
