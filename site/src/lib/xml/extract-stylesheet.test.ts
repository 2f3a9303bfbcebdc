import { describe, expect, it } from 'vitest'
import { findStylesheetInText } from './extract-stylesheet.ts'

const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2'
const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2'
const XSLT =
  '<?xml version="1.0" encoding="UTF-8"?>\n<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><p>Görünüm</p></xsl:template></xsl:stylesheet>'

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64')
const wrap = (text: string, width: number, lineBreak: string) =>
  b64(text)
    .match(new RegExp(`.{1,${width}}`, 'g'))!
    .join(lineBreak)

type Att = { body: string; filename?: string; mimeCode?: string; type?: string }
function doc(atts: Att[], opts: { prolog?: string; cac?: string; cbc?: string; extraNs?: string } = {}) {
  const cac = opts.cac ?? 'cac'
  const cbc = opts.cbc ?? 'cbc'
  const refs = atts
    .map((a) => {
      const attrs = [a.filename && `filename="${a.filename}"`, a.mimeCode && `mimeCode="${a.mimeCode}"`]
        .filter(Boolean)
        .join(' ')
      return `<${cac}:AdditionalDocumentReference><${cbc}:ID>1</${cbc}:ID>${a.type ? `<${cbc}:DocumentType>${a.type}</${cbc}:DocumentType>` : ''}<${cac}:Attachment><${cbc}:EmbeddedDocumentBinaryObject ${attrs}>${a.body}</${cbc}:EmbeddedDocumentBinaryObject></${cac}:Attachment></${cac}:AdditionalDocumentReference>`
    })
    .join('')
  const ns = opts.extraNs ?? `xmlns:${cac}="${CAC}" xmlns:${cbc}="${CBC}"`
  return `${opts.prolog ?? ''}<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${ns}>${refs}</Invoice>`
}

describe('findStylesheetInText: namespaces', () => {
  it('finds the attachment by namespace URI whatever the prefixes are', () => {
    const found = findStylesheetInText(
      doc([{ body: b64(XSLT), filename: 'a.xslt' }], { cac: 'agg', cbc: 'b' }),
    )
    expect(found).toEqual({ kind: 'embedded', xslt: XSLT, filename: 'a.xslt' })
  })

  it('finds it when cbc is the default namespace of the attachment element', () => {
    const xml = `<Invoice xmlns:cac="${CAC}"><cac:AdditionalDocumentReference><cac:Attachment><EmbeddedDocumentBinaryObject xmlns="${CBC}" filename="a.xslt">${b64(XSLT)}</EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference></Invoice>`
    expect(findStylesheetInText(xml).kind).toBe('embedded')
  })

  it('ignores elements with the usual prefixes bound to other namespaces', () => {
    const xml = doc([{ body: b64(XSLT), filename: 'a.xslt' }], {
      extraNs: 'xmlns:cac="urn:baska" xmlns:cbc="urn:diger"',
    })
    expect(findStylesheetInText(xml)).toEqual({ kind: 'none' })
  })
})

describe('findStylesheetInText: base64', () => {
  it('decodes base64 wrapped at 76 columns with CRLF, and with &#13; character references', () => {
    for (const body of [wrap(XSLT, 76, '\r\n'), wrap(XSLT, 64, '&#13;\n        ')]) {
      expect(findStylesheetInText(doc([{ body, filename: 'f.xslt' }]))).toMatchObject({
        kind: 'embedded',
        xslt: XSLT,
      })
    }
  })

  it('reports no stylesheet for placeholder text or base64 of something that is not UTF-8 XSLT', () => {
    expect(
      findStylesheetInText(doc([{ body: 'BASE64 ENCODE EDILMIS XSLT DOSYASI', filename: 'x.xslt' }])),
    ).toEqual({ kind: 'none' })
    expect(findStylesheetInText(doc([{ body: b64('<html/>'), filename: 'x.xslt' }]))).toEqual({
      kind: 'none',
    })
    expect(findStylesheetInText(doc([{ body: 'wyg=', filename: 'x.xslt' }]))).toEqual({ kind: 'none' })
  })
})

describe('findStylesheetInText: several attachments', () => {
  const png =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

  it('skips an image and picks the .xslt attachment after it', () => {
    const xml = doc([
      { body: png, filename: 'logo.png', mimeCode: 'image/png' },
      { body: wrap(XSLT, 76, '\n'), filename: 'FTR1.XSLT', mimeCode: 'application/xml' },
    ])
    expect(findStylesheetInText(xml)).toEqual({ kind: 'embedded', xslt: XSLT, filename: 'FTR1.XSLT' })
  })

  it('recognises an XSLT by its content when no name or mime code says so', () => {
    const xml = doc([
      { body: png, filename: 'code128' },
      { body: b64(XSLT), filename: 'gorunum', mimeCode: 'application/octet-stream' },
    ])
    expect(findStylesheetInText(xml)).toMatchObject({ kind: 'embedded', filename: 'gorunum' })
  })

  it('prefers the attachment that says it is XSLT over another XSLT-looking one', () => {
    const other = XSLT.replace('Görünüm', 'Diğer')
    const xml = doc([
      { body: b64(other), filename: 'ek.bin' },
      { body: b64(XSLT), type: 'XSLT' },
    ])
    expect(findStylesheetInText(xml)).toMatchObject({ kind: 'embedded', xslt: XSLT })
  })

  it('falls through a placeholder .xslt to a real one, and accepts xsl:transform', () => {
    const transform = XSLT.replace(/xsl:stylesheet/g, 'xsl:transform')
    const xml = doc([
      { body: 'yer tutucu', filename: 'a.xslt' },
      { body: b64(transform), filename: 'b.xsl' },
    ])
    expect(findStylesheetInText(xml)).toEqual({ kind: 'embedded', xslt: transform, filename: 'b.xsl' })
  })
})

describe('findStylesheetInText: external stylesheets', () => {
  const pi =
    '<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="https://stil.ornek.invalid/a.xslt"?>\n'

  it('reports the href of an xml-stylesheet processing instruction in the prolog', () => {
    expect(findStylesheetInText(doc([], { prolog: pi }))).toEqual({
      kind: 'external',
      href: 'https://stil.ornek.invalid/a.xslt',
    })
  })

  it('prefers an embedded stylesheet to the processing instruction', () => {
    expect(findStylesheetInText(doc([{ body: b64(XSLT), filename: 'a.xslt' }], { prolog: pi })).kind).toBe(
      'embedded',
    )
  })

  it('ignores a processing instruction inside a comment', () => {
    expect(findStylesheetInText(doc([], { prolog: '<!-- <?xml-stylesheet href="a.xsl"?> -->' }))).toEqual({
      kind: 'none',
    })
  })
})
