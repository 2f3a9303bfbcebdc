/** XML whitespace, which xs:base64Binary allows between characters (UBL-TR files wrap base64 at 76 or 64 columns). */
const XML_SPACE = /[ \t\r\n]+/g
const BASE64 = /^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** Strict base64: only the alphabet, padding where it belongs, a length that is a multiple of 4; null otherwise. */
export function decodeBase64Strict(text: string): Uint8Array | null {
  const compact = text.replace(XML_SPACE, '')
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64.test(compact)) return null
  const binary = atob(compact)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Strict UTF-8 (a malformed sequence fails instead of becoming U+FFFD); a leading BOM is dropped. */
export function decodeUtf8Strict(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

/**
 * The text of an XML file: the byte-order mark wins, then the encoding in the XML declaration, else UTF-8.
 * Decoding is strict; null when the bytes do not fit the encoding or the encoding is unknown.
 */
export function decodeXmlFile(bytes: Uint8Array): string | null {
  const label = bomEncoding(bytes) ?? declaredEncoding(bytes) ?? 'utf-8'
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes)
  } catch {
    return null
  }
}

function bomEncoding(b: Uint8Array): string | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return 'utf-8'
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le'
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be'
  return null
}

function declaredEncoding(b: Uint8Array): string | null {
  // The declaration is ASCII in every encoding we can meet without a BOM, so its first bytes read as Latin-1.
  const head = new TextDecoder('latin1').decode(b.subarray(0, 200))
  const m = /^<\?xml\s[^>]*?encoding\s*=\s*["']([A-Za-z][A-Za-z0-9._-]*)["']/.exec(head)
  return m ? m[1].toLowerCase() : null
}
