import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compressText, ownBytes } from './text-compression.ts'

describe('compressText', () => {
  it("gives bodies that decompress to the text, each holding only its own bytes (not zlib's 64 KB chunk)", async () => {
    const html = Buffer.from(
      `<!doctype html><p>${Array.from({ length: 2000 }, (_, i) => `söz ${(i * 7919) % 997}`).join(' ')}</p>`,
    )
    const [br, gz] = await compressText(html)
    expect(brotliDecompressSync(br).equals(html)).toBe(true)
    expect(gunzipSync(gz).equals(html)).toBe(true)
    for (const body of [br, gz]) {
      expect(body.length).toBeLessThan(html.length / 2)
      expect(body.buffer.byteLength).toBe(body.length)
    }
  })
})

describe('ownBytes', () => {
  it('copies a view of a larger buffer and keeps a whole one as it is', () => {
    const chunk = Buffer.alloc(65536, 7)
    const view = chunk.subarray(100, 900)
    const own = ownBytes(view)
    expect(own.equals(view)).toBe(true)
    expect(own.buffer.byteLength).toBe(800)
    const whole = Buffer.allocUnsafeSlow(10)
    expect(ownBytes(whole)).toBe(whole)
  })
})
