import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { LibxsltError, registerExslt, transformWithModule, type LibxsltModule } from './libxslt-module.ts'
import { prepareDocument } from './prepare.ts'

// The same Emscripten module the browser loads when it has no XSLTProcessor (Node 24 has JSPI).
let mod: LibxsltModule
beforeAll(async () => {
  const { default: factory } = (await import('libxslt-wasm/output/libxslt.js')) as unknown as {
    default: () => Promise<LibxsltModule>
  }
  mod = await factory()
  registerExslt(mod)
})

const fixture = (name: string) => {
  const prepared = prepareDocument(
    new Uint8Array(readFileSync(join(import.meta.dirname, '../../../../e2e/fixtures/xml', name))),
  )
  if (!prepared.ok) throw new Error(`${name} is not renderable`)
  return prepared
}

describe('transformWithModule', () => {
  it('renders the invoice fixture with its doctype, Turkish text and amounts formatted by xsl:decimal-format', async () => {
    const { xml, xslt } = fixture('fatura.xml')
    const html = await transformWithModule(mod, xml, xslt)
    expect(html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD HTML 4.01 Transitional\/\/EN"/)
    expect(html).toContain('Örnek Gıda Ticaret Ltd. Şti.')
    expect(html).toContain('<td class="tutar" id="odenecek">28.082,10 TL</td>')
    expect(html).toContain('3,5 Saat')
  })

  it('formats the decimal-format cases as xsltproc does', async () => {
    const { xml, xslt } = fixture('ondalik-bicim.xml')
    const html = await transformWithModule(mod, xml, xslt)
    for (const s of [
      '[1.234.567,89]',
      '[0,50]',
      '[1.000,00]',
      '[-42,50]',
      '<td class="bicimli">[]</td>',
      '1,234.50',
      '18%',
    ]) {
      expect(html).toContain(s)
    }
  })

  it('reports the failing step: a stylesheet error, and a document libxml2 cannot read', async () => {
    const { xml, xslt } = fixture('hatali-xslt.xml')
    await expect(transformWithModule(mod, xml, xslt)).rejects.toSatisfy(
      (e) => e instanceof LibxsltError && e.step !== 'document',
    )
    await expect(transformWithModule(mod, '<a><b></a>', xslt)).rejects.toSatisfy(
      (e) => e instanceof LibxsltError && e.step === 'document',
    )
  })

  it('renders the same text twice in a row (the module frees and reuses its memory)', async () => {
    const { xml, xslt } = fixture('fatura.xml')
    expect(await transformWithModule(mod, xml, xslt)).toBe(await transformWithModule(mod, xml, xslt))
  })
})
