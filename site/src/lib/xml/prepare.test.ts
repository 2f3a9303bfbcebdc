import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { prepareDocument } from './prepare.ts'
import { detail, MAX_FILE_BYTES } from './problems.ts'

// The same fixtures the browser tests load (e2e/fixtures/xml, written by build-fixtures.ts).
const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, '../../../../e2e/fixtures/xml', name)))

describe('prepareDocument on the fixtures', () => {
  it('returns the document and its embedded stylesheet for a renderable invoice', () => {
    const prepared = prepareDocument(fixture('fatura.xml'))
    expect(prepared.ok).toBe(true)
    if (!prepared.ok) return
    expect(prepared.xml).toContain('<cbc:ID>NTZ2025000000042</cbc:ID>')
    expect(prepared.xslt).toContain('<xsl:decimal-format name="tr"')
  })

  it('maps each broken case to its spec message', () => {
    expect(prepareDocument(fixture('bozuk.xml'))).toEqual({ ok: false, problem: { kind: 'invalid' } })
    expect(prepareDocument(fixture('xslt-yok.xml'))).toEqual({ ok: false, problem: { kind: 'noStylesheet' } })
    expect(prepareDocument(fixture('yer-tutucu-xslt.xml'))).toEqual({
      ok: false,
      problem: { kind: 'noStylesheet' },
    })
    expect(prepareDocument(fixture('harici-stil.xml'))).toEqual({ ok: false, problem: { kind: 'external' } })
  })

  it('refuses DOCTYPE/ENTITY files and stylesheets that reach outside the file, with a detail', () => {
    const refused = (name: string) => prepareDocument(fixture(name))
    expect(refused('doctype-varlik.xml')).toEqual({
      ok: false,
      problem: { kind: 'process', detail: detail.doctype },
    })
    expect(refused('xsl-import.xml')).toEqual({
      ok: false,
      problem: { kind: 'process', detail: detail.importInclude },
    })
    expect(refused('document-cagrisi.xml')).toEqual({
      ok: false,
      problem: { kind: 'process', detail: detail.documentCall },
    })
  })

  it('lets through the script fixture and the one whose error only the engine finds', () => {
    expect(prepareDocument(fixture('betik-ve-gorsel.xml')).ok).toBe(true)
    expect(prepareDocument(fixture('hatali-xslt.xml')).ok).toBe(true)
    expect(prepareDocument(fixture('duz-metin.xml')).ok).toBe(true)
    expect(prepareDocument(fixture('xhtml-cikti.xml')).ok).toBe(true)
  })
})

describe('prepareDocument on edge input', () => {
  it('calls an empty file and undecodable bytes invalid XML', () => {
    expect(prepareDocument(new Uint8Array())).toEqual({ ok: false, problem: { kind: 'invalid' } })
    expect(prepareDocument(new Uint8Array([0x3c, 0x61, 0x3e, 0xc3, 0x28, 0x3c, 0x2f, 0x61, 0x3e]))).toEqual({
      ok: false,
      problem: { kind: 'invalid' },
    })
  })

  it('refuses a file over the size limit before reading it', () => {
    expect(prepareDocument(new Uint8Array(MAX_FILE_BYTES + 1))).toEqual({
      ok: false,
      problem: { kind: 'process', detail: detail.tooLarge },
    })
  })
})
