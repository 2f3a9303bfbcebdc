/** Strips quotes and any folder part so the name is safe for <a download>. */
function cleanName(name: string): string {
  const base =
    name
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .split(/[\\/]/)
      .pop() ?? ''
  return base.replace(/[\u0000-\u001f]/g, '').trim()
}

/** Decodes an RFC 5987 value such as UTF-8''Program%20%C3%A7.exe; null when malformed. */
function decodeExtValue(value: string): string | null {
  const match = /^([\w!#$&+.^`|~-]+)'[^']*'(.*)$/.exec(value.trim().replace(/^"(.*)"$/, '$1'))
  if (!match) return null
  try {
    if (match[1].toLowerCase() === 'utf-8') return decodeURIComponent(match[2])
    // ISO-8859-1: each %XX is one character.
    return match[2].replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  } catch {
    return null
  }
}

/** File name from a Content-Disposition header, preferring filename* (RFC 6266); else the fallback. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (header) {
    const ext = /(?:^|;)\s*filename\*\s*=\s*("[^"]*"|[^;]*)/i.exec(header)
    const decoded = ext ? decodeExtValue(ext[1]) : null
    if (decoded && cleanName(decoded)) return cleanName(decoded)
    const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header)
    if (plain && cleanName(plain[1].replace(/\\(.)/g, '$1')))
      return cleanName(plain[1].replace(/\\(.)/g, '$1'))
  }
  return fallback
}

/** The name used when the server gives none: '{name}.exe' (spec section 7). */
export const fallbackFileName = (programName: string) => `${programName}.exe`

/** Fetches a program file and hands it to the browser as a download; throws on any failure. */
export async function downloadProgram(id: string, programName: string): Promise<string> {
  const response = await fetch(`/api/programs/${encodeURIComponent(id)}/download`)
  if (!response.ok) throw new Error(`HTTP ${response.status}`)
  const fileName = fileNameFromDisposition(
    response.headers.get('content-disposition'),
    fallbackFileName(programName),
  )
  const url = URL.createObjectURL(await response.blob())
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser a moment to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return fileName
}
