import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { contentDisposition } from '../media/content-disposition.ts'

/** A byte range asked for with `Range: bytes=…`, resolved against the file's size. */
export type ByteRange = { start: number; end: number }

/**
 * The one range of a `Range` header (`bytes=0-99`, `bytes=100-`, `bytes=-500`), 'unsatisfiable' when it lies
 * beyond the file, or null for no header, several ranges or a malformed one (the whole file is then sent, as
 * RFC 9110 allows a server to ignore a Range it does not support).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null
  if (!m || (m[1] === '' && m[2] === '')) return null
  if (m[1] === '') {
    const suffix = Number(m[2])
    if (suffix === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - suffix), end: size - 1 }
  }
  const start = Number(m[1])
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1)
  if (start >= size) return 'unsatisfiable'
  if (end < start) return null
  return { start, end }
}

/** What the member's browser is to do with the file: show it (PDFs) or save it. */
export type Disposition = 'inline' | 'attachment'

/** Headers and body of a library file answer; the route sets them on its context. */
export type FileAnswer = {
  status: 200 | 206 | 304 | 416
  headers: Record<string, string>
  /** The bytes to send (null for 304, 416 and HEAD); opened from the handle, closed when done. */
  body: ReadableStream | null
  /** True when this answer hands the file out from its start (a download to count). */
  fromStart: boolean
}

/**
 * Answers a stored file: strong ETag from its key and size (a replaced file has a new key), 304 for a matching
 * If-None-Match, one Range as 206 (If-Range honoured), 416 beyond the end; the Turkish file name in
 * Content-Disposition (RFC 6266/5987), nosniff, and for what the browser shows itself (a PDF) a CSP sandbox, so
 * the document runs in a unique origin without scripts, forms or access to the site's cookies and storage.
 * Streams the bytes from an open handle: memory stays constant whatever the size.
 */
export async function fileAnswer(
  path: string,
  file: { key: string; name: string; mime: string },
  request: { method: string; range?: string; ifNoneMatch?: string; ifRange?: string },
  disposition: Disposition,
): Promise<FileAnswer | null> {
  const handle = await open(path, 'r').catch(() => null)
  if (!handle) return null
  const info = await handle.stat()
  if (!info.isFile()) {
    await handle.close()
    return null
  }
  const size = info.size
  const etag = `"${file.key}-${size.toString(36)}"`
  const headers: Record<string, string> = {
    'Content-Type': file.mime || 'application/octet-stream',
    'Content-Disposition': contentDisposition(file.name, disposition),
    'X-Content-Type-Options': 'nosniff',
    ETag: etag,
    'Accept-Ranges': 'bytes',
    // The member's browser may keep it, asking each time whether it changed (ETag); no shared cache may.
    'Cache-Control': 'private, no-cache',
    'Content-Security-Policy':
      disposition === 'inline'
        ? "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'"
        : "default-src 'none'; frame-ancestors 'none'",
    'Cross-Origin-Resource-Policy': 'same-origin',
  }
  const matches = (list?: string) =>
    !!list && list.split(',').some((t) => t.trim() === etag || t.trim() === '*')
  if (matches(request.ifNoneMatch)) {
    await handle.close()
    return {
      status: 304,
      headers: { ETag: etag, 'Cache-Control': headers['Cache-Control']! },
      body: null,
      fromStart: false,
    }
  }
  const rangeApplies = !request.ifRange || request.ifRange.trim() === etag
  const range = rangeApplies ? parseRange(request.range, size) : null
  if (range === 'unsatisfiable') {
    await handle.close()
    return {
      status: 416,
      headers: { ...headers, 'Content-Range': `bytes */${size}` },
      body: null,
      fromStart: false,
    }
  }
  const { start, end } = range ?? { start: 0, end: size - 1 }
  const length = size === 0 ? 0 : end - start + 1
  headers['Content-Length'] = String(length)
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`
  if (request.method === 'HEAD' || length === 0) {
    await handle.close()
    return { status: range ? 206 : 200, headers, body: null, fromStart: false }
  }
  const stream = handle.createReadStream({ start, end, highWaterMark: 64 * 1024 })
  return {
    status: range ? 206 : 200,
    headers,
    body: Readable.toWeb(stream) as ReadableStream,
    fromStart: start === 0,
  }
}
