import { describe, expect, it } from 'vitest'
import { deepFreeze } from './durable-file.ts'
import { collectionChunks, collectionChunksOnce, hasKeptBytes } from './json-text.ts'

const collectionText = (data: unknown) => Buffer.concat(collectionChunks(data)).toString('utf8')

const samples: unknown[] = [
  [],
  {},
  [1, 'iki', null, true],
  [{ id: 'a', title: 'Şubat "teşvik"\nsatır', tags: ['e-fatura', 'KDV'], nested: { list: [], empty: {}, n: 1.5 } }],
  [{ id: 'b', items: [{ x: [1, [2, { y: 'ğüşıöç' }]] }] }, { id: 'c' }, []],
  { cards: [{ id: 'k', logo: '/uploads/a.png' }], sliderImages: [] },
]

describe('collectionChunks', () => {
  it('is byte-for-byte JSON.stringify(data, null, 2), frozen or not', () => {
    for (const sample of samples) {
      expect(collectionText(sample)).toBe(JSON.stringify(sample, null, 2))
      const frozen = deepFreeze(structuredClone(sample))
      expect(collectionText(frozen)).toBe(JSON.stringify(frozen, null, 2))
      // Second time from the cache of entry texts.
      expect(collectionText(frozen)).toBe(JSON.stringify(frozen, null, 2))
    }
  })

  it('reflects a changed entry (a new object) and keeps the others', () => {
    const first = deepFreeze([{ id: 'a', title: 'Eski' }, { id: 'b', title: 'B' }])
    collectionText(first)
    const second = deepFreeze([{ id: 'a', title: 'Yeni' }, first[1]!])
    expect(collectionText(second)).toBe(JSON.stringify(second, null, 2))
    expect(collectionText(second)).toContain('"title": "Yeni"')
  })
})

describe('collectionChunksOnce', () => {
  const text = (chunks: Iterable<Buffer>) => Buffer.concat([...chunks]).toString()

  it('gives the bytes of JSON.stringify(data, null, 2), in pieces of about a megabyte, and keeps none', () => {
    // ~3 MB of frozen entries: several pieces, each ending between entries.
    const data = deepFreeze(
      Array.from({ length: 3000 }, (_, i) => ({ id: `yazi-${i}`, title: `Başlık ${i}`, body: 'ğüşıöç'.repeat(150) })),
    )
    const pieces = [...collectionChunksOnce(data)]
    expect(pieces.length).toBeGreaterThan(2)
    expect(Buffer.concat(pieces).toString()).toBe(JSON.stringify(data, null, 2))
    for (const piece of pieces.slice(0, -1)) expect(piece.byteLength).toBeLessThan(1.1 * 2 ** 20)
    expect(data.some((entry) => hasKeptBytes(entry))).toBe(false)
  })

  it('writes entries whose bytes are kept, and empty and non-list values, as JSON.stringify(data, null, 2)', () => {
    const data = deepFreeze([{ id: 'a', n: 1 }, { id: 'b', n: 2 }])
    text(collectionChunks(data))
    expect(data.every((entry) => hasKeptBytes(entry))).toBe(true)
    expect(text(collectionChunksOnce(data))).toBe(JSON.stringify(data, null, 2))
    expect(text(collectionChunksOnce([]))).toBe('[]')
    expect(text(collectionChunksOnce({ baslik: 'Hakkımızda' }))).toBe(JSON.stringify({ baslik: 'Hakkımızda' }, null, 2))
  })
})
