import { makePdf } from '../library/pdf-writer.ts'

/** Small real files of each kind for library tests (data builders, made in code). */
export const testPdf = (words = 'Bu kılavuz e-Fatura entegrasyonunu anlatır.') =>
  makePdf('Deneme Belgesi', [{ heading: 'Giriş', text: words }])
export const PNG_1x1 = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
)
export const ELF = Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, ...new Array(56).fill(0)])
export const HTML = new TextEncoder().encode(
  '<!DOCTYPE html><html><body><script>alert(1)</script></body></html>',
)
export const SVG = new TextEncoder().encode(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
)
export const INVOICE_XML = new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8"?><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>ABC2026000000001</ID></Invoice>',
)
export const CSV = new TextEncoder().encode('Hesap Kodu;Hesap Adı\n100;Kasa\n102;Bankalar\n')
