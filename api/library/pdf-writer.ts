/**
 * A small PDF writer for the library's demo guide: pages of wrapped Helvetica text with headings, made from plain
 * text at start, so no binary file is committed. Turkish letters outside WinAnsi (ğ Ğ ş Ş ı İ) get codes of their
 * own through the font's /Differences, named by their standard glyph names, which every viewer and pdf.js's text
 * extraction map back to the letters.
 */
const EXTRA: Record<string, [number, string]> = {
  Ğ: [0x80, 'Gbreve'],
  ğ: [0x81, 'gbreve'],
  Ş: [0x82, 'Scedilla'],
  ş: [0x83, 'scedilla'],
  İ: [0x84, 'Idotaccent'],
  ı: [0x85, 'dotlessi'],
}

/** One line of text as bytes of the font's encoding, escaped for a PDF string. */
function encode(text: string): string {
  let out = ''
  for (const ch of text) {
    const extra = EXTRA[ch]
    const code = extra ? extra[0] : ch.charCodeAt(0)
    if (code > 0xff) out += '?'
    else if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`
    else if (code < 0x20 || code > 0x7e) out += `\\${code.toString(8).padStart(3, '0')}`
    else out += ch
  }
  return out
}

/** A block of the document: a heading or a paragraph. */
export type PdfBlock = { heading?: string; text?: string }

const PAGE = { width: 595, height: 842, margin: 56 }
const SIZES = { heading: 15, text: 11 }

/** Breaks a paragraph into lines that fit the page (Helvetica's average width, about half the font size). */
function wrap(text: string, size: number): string[] {
  const perLine = Math.floor((PAGE.width - 2 * PAGE.margin) / (size * 0.5))
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > perLine) {
      lines.push(line)
      line = word
    } else line = line ? `${line} ${word}` : word
  }
  if (line) lines.push(line)
  return lines
}

/** Lays the blocks out on A4 pages and returns the PDF's bytes. */
export function makePdf(title: string, blocks: PdfBlock[]): Uint8Array {
  const pages: string[][] = [[]]
  let y = PAGE.height - PAGE.margin
  const put = (text: string, size: number, font: 'F1' | 'F2', gapBefore: number) => {
    y -= gapBefore
    if (y < PAGE.margin + size) {
      pages.push([])
      y = PAGE.height - PAGE.margin
    }
    pages.at(-1)!.push(`BT /${font} ${size} Tf ${PAGE.margin} ${y.toFixed(1)} Td (${encode(text)}) Tj ET`)
    y -= size * 1.35
  }
  put(title, 20, 'F2', 0)
  for (const block of blocks) {
    if (block.heading) put(block.heading, SIZES.heading, 'F2', 10)
    if (block.text)
      wrap(block.text, SIZES.text).forEach((line, i) => put(line, SIZES.text, 'F1', i === 0 ? 4 : 0))
  }

  const objects: string[] = []
  const add = (body: string) => objects.push(body) // object number = index + 1
  const differences = `[${Object.values(EXTRA)
    .map(([code, name]) => `${code} /${name}`)
    .join(' ')}]`
  const font = (base: string) =>
    `<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Differences ${differences} >> >>`
  add('<< /Type /Catalog /Pages 2 0 R >>')
  add('') // the page tree, filled once the pages' numbers are known
  add(font('Helvetica'))
  add(font('Helvetica-Bold'))
  const info = objects.length + 1
  add(`<< /Title (${encode(title)}) /Producer (Netiz) >>`)
  const kids: number[] = []
  for (const ops of pages) {
    const stream = ops.join('\n')
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`)
    const content = objects.length
    add(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${content} 0 R >>`,
    )
    kids.push(objects.length)
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(out, 'latin1'))
}
