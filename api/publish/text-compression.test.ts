import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressText, packBodies } from './text-compression.ts'

const html = Buffer.from(
  `<!doctype html><p>${Array.from({ length: 2000 }, (_, i) => `söz ${(i * 7919) % 997}`).join(' ')}</p>`,
)

describe('compressText', () => {
  it('gives brotli and gzip bodies that decompress to the text', async () => {
    const [br, gz] = await compressText(html)
    expect(brotliDecompressSync(br).equals(html)).toBe(true)
    expect(gunzipSync(gz).equals(html)).toBe(true)
    expect(br.length).toBeLessThan(html.length / 2)
  })
})

describe('packBodies', () => {
  it("puts the body and its two forms in one allocation of their total length (not zlib's 64 KB chunks)", async () => {
    const [br, gz] = await compressText(html)
    const [body, br2, gz2] = packBodies(html, br, gz)
    expect([body.equals(html), br2.equals(br), gz2.equals(gz)]).toEqual([true, true, true])
    expect(body.buffer).toBe(br2.buffer)
    expect(gz2.buffer).toBe(br2.buffer)
    expect(body.buffer.byteLength).toBe(html.length + br.length + gz.length)
    expect(brotliDecompressSync(br2).equals(html)).toBe(true)
    expect(gunzipSync(gz2).equals(html)).toBe(true)
  })
})
