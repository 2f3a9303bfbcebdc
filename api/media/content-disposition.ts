/** Turkish letters NFKD cannot take apart (dotless i), spelt in ASCII for the fallback name. */
const ASCII_SPELLING: Record<string, string> = { ı: 'i', İ: 'I' }

/**
 * `attachment` (or `inline`) with an ASCII fallback `filename` and the exact UTF-8 name as `filename*` (RFC 5987/6266), so
 * every browser saves "Muhasebe Programı.exe" under its real name.
 */
export function contentDisposition(fileName: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName
    .replace(/[ıİ]/g, (ch) => ASCII_SPELLING[ch]!)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
