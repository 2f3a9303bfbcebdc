import { readFile } from 'node:fs/promises'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { addMember, createTestApp, loginCookie, type TestApp } from '../testing/test-helpers.ts'
import { seedDemoLibrary } from './demo-library.ts'
import { checkLibraryFile } from './file-check.ts'
import { extractPdfText } from './pdf-text.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.cleanup())

it('seeds four demo items once, whose files pass the byte checks and whose PDF is searchable by its words', async () => {
  expect(await seedDemoLibrary(t.deps)).toBe(true)
  const { library } = t.deps.data
  const page = library.items.list({ q: '', category: '', page: 1, pageSize: 10 })
  expect(page.data.map((i) => [i.title, i.kind, i.mime])).toEqual([
    ["e-Fatura'ya Geçiş Kılavuzu", 'file', 'application/pdf'],
    ['Örnek e-Fatura (UBL-TR XML)', 'file', 'application/xml'],
    ['Tek Düzen Hesap Planı (CSV)', 'file', 'text/csv'],
    ['e-Belge Mevzuatı ve Duyurular', 'link', ''],
  ])
  expect(library.categories.list().map((c) => c.name)).toEqual([
    'Kılavuzlar',
    'Örnek Dosyalar',
    'Şablonlar',
    'Mevzuat',
  ])
  for (const item of page.data.filter((i) => i.kind === 'file')) {
    const path = t.deps.library.files.pathOf(library.items.get(item.id)!.fileKey)!
    expect(await checkLibraryFile(path, item.fileName)).toEqual({ ok: true, mime: item.mime })
  }
  // The guide is a real PDF: pdf.js reads the Turkish text back, and a word inside it finds it.
  const guide = library.items.get(page.data[0]!.id)!
  const text = await extractPdfText(t.deps.library.files.pathOf(guide.fileKey)!)
  expect(text).toContain('hasılat')
  expect(text).toContain('Özel entegratör')
  const cookie = await loginCookie(t, (await addMember(t.deps.data)).email, '/api/library/login')
  const found = await (await t.app.request('/api/library/items?q=hasilat', { headers: { cookie } })).json()
  expect(found.data.map((i: { title: string }) => i.title)).toEqual(["e-Fatura'ya Geçiş Kılavuzu"])
  // The invoice carries its own display format for the XML viewer.
  const invoice = library.items.get(page.data[1]!.id)!
  expect(await readFile(t.deps.library.files.pathOf(invoice.fileKey)!, 'utf8')).toMatch(
    /<cbc:DocumentType>XSLT<\/cbc:DocumentType>/,
  )

  // Deleted demo items do not come back at the next start.
  for (const item of page.data) library.items.remove(item.id)
  expect(await seedDemoLibrary(t.deps)).toBe(false)
  expect(library.items.count()).toBe(0)
})
