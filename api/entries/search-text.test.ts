import { describe, expect, it } from 'vitest'
import { foldTurkish, foldedTextCache, hasEveryWord, plainTextOf, searchWords } from './search-text.ts'

describe('Turkish folding', () => {
  it("folds case the Turkish way and the Turkish letters to plain ones (issue 30)", () => {
    expect(foldTurkish('İSTANBUL IŞIK')).toBe('istanbul isik')
    expect(searchWords('  İlk   ADIM ')).toEqual(['ilk', 'adim'])
    expect(hasEveryWord(foldTurkish('İstanbul ışık'), searchWords('IŞIK İstanbul'))).toBe(true)
    // Typed without the Turkish letters, as on many phones.
    expect(hasEveryWord(foldTurkish('İstanbul ışık'), searchWords('ISIK ISTANBUL'))).toBe(true)
    expect(hasEveryWord(foldTurkish('Çığır Açan Hizmet'), searchWords('cigir acan'))).toBe(true)
    expect(hasEveryWord(foldTurkish('Çığır Açan Hizmet'), searchWords('cigir kapan'))).toBe(false)
  })

  it('takes text and heading blocks, without markup', () => {
    expect(
      plainTextOf([
        { type: 'text', content: '<p>Merhaba  <b>dünya</b></p>' },
        { type: 'image', content: 'resim' },
        { type: 'heading', content: 'Son' },
      ]),
    ).toBe('Merhaba dünya Son')
  })
})

describe('foldedTextCache', () => {
  it('folds an item once, reuses the text for an equal copy, and folds again when a source changes', () => {
    let builds = 0
    const textOf = foldedTextCache<{ id: string; title: string }>(
      (item) => [item.title],
      (item) => {
        builds++
        return item.title
      },
    )
    const item = Object.freeze({ id: 'a', title: 'İLK' })
    expect(textOf(item)).toBe('ilk')
    expect(textOf(item)).toBe('ilk')
    // The store copies every item on each save: an equal copy is not folded again.
    expect(textOf({ ...item })).toBe('ilk')
    expect(builds).toBe(1)
    expect(textOf({ ...item, title: 'IŞIK' })).toBe('isik')
    expect(builds).toBe(2)
    expect(textOf({ id: 'b', title: 'IŞIK' })).toBe('isik')
    expect(builds).toBe(3)
  })
})
