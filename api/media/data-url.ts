const DATA_URL = /^data:image\/(?:jpeg|png|gif|webp);base64,/
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** True when the value is meant as an image data URL (it may still fail strict decoding). */
export function isDataUrl(value: string): boolean {
  return value.startsWith('data:')
}

/**
 * Decodes an image data URL strictly: only base64 image types, canonical base64 (Buffer.from silently skips bad
 * characters, so the result is re-encoded and compared). Returns null for anything else.
 */
export function decodeImageDataUrl(value: string): Uint8Array | null {
  const head = DATA_URL.exec(value)
  if (!head) return null
  const payload = value.slice(head[0].length).replace(/\s+/g, '')
  if (payload === '' || payload.length % 4 !== 0 || !BASE64.test(payload)) return null
  const bytes = Buffer.from(payload, 'base64')
  if (bytes.toString('base64') !== payload) return null
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}
