import { describe, expect, it } from 'vitest'
import { fallbackFileName, fileNameFromDisposition } from './download.ts'

describe('fileNameFromDisposition', () => {
  it('prefers filename* (UTF-8, percent-encoded) over the ASCII fallback', () => {
    const header = `attachment; filename="Muhasebe_Programi.exe"; filename*=UTF-8''Muhasebe%20Program%C4%B1.exe`
    expect(fileNameFromDisposition(header, 'x.exe')).toBe('Muhasebe Programı.exe')
  })

  it('reads a quoted or bare filename when filename* is absent', () => {
    expect(fileNameFromDisposition('attachment; filename="kurulum.zip"', 'x.exe')).toBe('kurulum.zip')
    expect(fileNameFromDisposition('attachment; filename=kurulum.msi', 'x.exe')).toBe('kurulum.msi')
  })

  it('decodes ISO-8859-1 extended values', () => {
    expect(fileNameFromDisposition("attachment; filename*=iso-8859-1''%E7ay.txt", 'x')).toBe('çay.txt')
  })

  it('falls back on a missing header, a missing name or a malformed filename*', () => {
    expect(fileNameFromDisposition(null, 'Program.exe')).toBe('Program.exe')
    expect(fileNameFromDisposition('attachment', 'Program.exe')).toBe('Program.exe')
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A", 'Program.exe')).toBe(
      'Program.exe',
    )
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E0%A4%A; filename=a.exe", 'P.exe')).toBe(
      'a.exe',
    )
  })

  it('drops folder parts so the name cannot climb paths', () => {
    expect(fileNameFromDisposition('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd')
  })

  it("builds the '{name}.exe' fallback", () => {
    expect(fallbackFileName('E-Fatura Aracı')).toBe('E-Fatura Aracı.exe')
  })
})
