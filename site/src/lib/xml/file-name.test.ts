import { describe, expect, it } from 'vitest'
import { isXmlFileName } from './file-name.ts'

describe('isXmlFileName', () => {
  it('accepts .xml in any letter case', () => {
    for (const name of ['fatura.xml', 'FATURA.XML', 'e-Arşiv.Xml', 'a.b.xMl'])
      expect(isXmlFileName(name)).toBe(true)
  })

  it('refuses other names, including ones that only contain .xml', () => {
    for (const name of ['fatura.txt', 'fatura.xml.pdf', 'fatura.xslt', 'xml', 'fatura.xm'])
      expect(isXmlFileName(name)).toBe(false)
  })
})
