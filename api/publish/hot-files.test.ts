import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createHotFiles } from './hot-files.ts'
import type { CachedFile } from './static-cache.ts'

const html = Buffer.from(`<!doctype html><p>${'Sayfa metni. '.repeat(400)}</p>`)
let dir: string
beforeEach(async () => void (dir = await mkdtemp(join(tmpdir(), 'hot-files-'))))
afterEach(() => rm(dir, { recursive: true, force: true }))

const cold = (path: string): CachedFile => ({
  type: 'text/html; charset=utf-8',
  etag: '"x"',
  size: html.length,
  sourcePath: path,
})

describe('hot files: a cold file read from the export', () => {
  it('takes the .br and .gz written beside it, the three bodies in one allocation', async () => {
    const path = join(dir, 'index.html')
    // Not what compressText makes (quality 11, gzip level 1): the cache must have read these very bytes.
    const br = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    const gz = gzipSync(html, { level: 1 })
    await Promise.all([writeFile(path, html), writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)])
    const file = cold(path)
    const hot = createHotFiles(1024 * 1024)
    await hot.ready(file)
    expect(file.body!.equals(html)).toBe(true)
    expect(file.br!.equals(br)).toBe(true)
    expect(file.gzip!.equals(gz)).toBe(true)
    expect(file.br!.buffer).toBe(file.body!.buffer)
    expect(file.body!.buffer.byteLength).toBe(html.length + br.length + gz.length)
    expect(hot.holds(file)).toBe(true)
  })

  it('compresses it when the export has no .br or .gz for it', async () => {
    const path = join(dir, 'sayfa.html')
    await Promise.all([writeFile(path, html), writeFile(`${path}.br`, brotliCompressSync(html))])
    const file = cold(path)
    await createHotFiles(1024 * 1024).ready(file)
    expect(file.body!.equals(html)).toBe(true)
    expect(brotliDecompressSync(file.br!).equals(html)).toBe(true)
    expect(gunzipSync(file.gzip!).equals(html)).toBe(true)
    expect(file.body!.buffer.byteLength).toBe(html.length + file.br!.length + file.gzip!.length)
  })
})
