import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import type { Context } from 'hono'
import type { CachedFile } from './static-cache.ts'

/** Answers from memory: picks br/gzip by Accept-Encoding, 304 on a matching ETag, streams large files. */
export function serveCached(c: Context, file: CachedFile, status = 200, cacheControl = 'no-cache'): Response {
  const headers = new Headers({
    'content-type': file.type,
    etag: file.etag,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
    vary: 'accept-encoding',
  })
  if (status === 200 && c.req.header('if-none-match') === file.etag)
    return new Response(null, { status: 304, headers })
  if (file.diskPath) {
    headers.set('content-length', String(file.size))
    const body =
      c.req.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(file.diskPath)) as ReadableStream)
    return new Response(body, { status, headers })
  }
  const accept = c.req.header('accept-encoding') ?? ''
  let body = file.body!
  if (file.br && acceptsEncoding(accept, 'br')) {
    body = file.br
    headers.set('content-encoding', 'br')
  } else if (file.gzip && acceptsEncoding(accept, 'gzip')) {
    body = file.gzip
    headers.set('content-encoding', 'gzip')
  }
  headers.set('content-length', String(body.length))
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(body), { status, headers })
}

/** True when an Accept-Encoding header allows the coding: named or '*', with a q-value above 0 (RFC 9110 12.5.3). */
export function acceptsEncoding(header: string, coding: string): boolean {
  let star: boolean | null = null
  for (const entry of header.split(',')) {
    const [name = '', ...params] = entry.split(';').map((p) => p.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    const allowed = !q || Number(q.slice(2)) !== 0
    if (name === coding) return allowed
    if (name === '*') star = allowed
  }
  return star ?? false
}
