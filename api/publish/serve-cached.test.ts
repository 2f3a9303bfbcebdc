import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { acceptsEncoding, serveCached } from './serve-cached.ts'
import type { CachedFile } from './static-cache.ts'

const file: CachedFile = {
  type: 'text/html; charset=utf-8',
  etag: '"e"',
  size: 5,
  body: Buffer.from('sayfa'),
  br: Buffer.from('BR'),
  gzip: Buffer.from('GZ'),
}
const app = new Hono().get('/', (c) => serveCached(c, file))
const encodingFor = async (accept: string) =>
  (await app.request('/', { headers: { 'accept-encoding': accept } })).headers.get('content-encoding')

describe('content coding', () => {
  it('follows the q-values: a coding with q=0 is refused, not sent', async () => {
    expect(await encodingFor('gzip, br')).toBe('br')
    expect(await encodingFor('br;q=0, gzip')).toBe('gzip')
    expect(await encodingFor('br;q=0, gzip;q=0')).toBeNull()
    expect(await encodingFor('br; q=0.000, gzip; q=0.5')).toBe('gzip')
    expect(await encodingFor('identity')).toBeNull()
    expect(await encodingFor('*')).toBe('br')
    expect(await encodingFor('*;q=0')).toBeNull()
  })

  it('reads tokens, not substrings', () => {
    expect(acceptsEncoding('xbr, gzipped', 'br')).toBe(false)
    expect(acceptsEncoding('BR', 'br')).toBe(true)
    expect(acceptsEncoding('br;q=bozuk', 'br')).toBe(true)
  })
})
