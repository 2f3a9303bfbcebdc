import { describe, expect, it } from 'vitest'
import { deepFreeze } from './durable-file.ts'
import { collectionChunks } from './json-text.ts'

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
