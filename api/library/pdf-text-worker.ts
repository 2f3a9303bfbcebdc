// Extracts the text of one PDF with pdf.js, on a thread of its own: a large or hostile PDF costs this thread's
// time and memory (capped by resourceLimits), never the thread that serves pages.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'

const { path, maxChars, maxPages } = workerData as { path: string; maxChars: number; maxPages: number }
const fontsDir = join(
  dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
  'standard_fonts',
)

// The legacy build runs in Node without a browser's DOM; in Node pdf.js parses in this thread ("fake worker"),
// loading its worker module from the package: nothing is downloaded.
const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
const data = new Uint8Array(await readFile(path))
const task = pdfjs.getDocument({
  data,
  useSystemFonts: false,
  standardFontDataUrl: `${fontsDir}/`,
  verbosity: 0,
})
const doc = await task.promise
let text = ''
for (let n = 1; n <= Math.min(doc.numPages, maxPages) && text.length < maxChars; n++) {
  const page = await doc.getPage(n)
  const content = await page.getTextContent()
  for (const item of content.items) if ('str' in item) text += item.hasEOL ? `${item.str}\n` : `${item.str} `
  text += '\n'
  page.cleanup()
}
await task.destroy()
parentPort!.postMessage(text.slice(0, maxChars))
