import { describe, expect, it } from 'vitest'
import { wordDiff } from './word-diff.ts'

const join = (parts: { kind: string; text: string }[], without: string) =>
  parts.filter((p) => p.kind !== without).map((p) => p.text).join('')

describe('wordDiff', () => {
  it('marks only the words that changed', () => {
    const before = 'e-Fatura geçişi için üç adım yeterlidir.'
    const after = 'MEHMET EKLEDİ: e-Fatura geçişi için dört adım yeterlidir.'
    const parts = wordDiff(before, after)
    expect(parts).toEqual([
      { kind: 'added', text: 'MEHMET EKLEDİ: ' },
      { kind: 'same', text: 'e-Fatura geçişi için ' },
      { kind: 'removed', text: 'üç ' },
      { kind: 'added', text: 'dört ' },
      { kind: 'same', text: 'adım yeterlidir.' },
    ])
    expect(join(parts, 'added')).toBe(before)
    expect(join(parts, 'removed')).toBe(after)
  })

  it('handles empty sides and equal texts', () => {
    expect(wordDiff('', 'Yeni metin')).toEqual([{ kind: 'added', text: 'Yeni metin' }])
    expect(wordDiff('Eski', '')).toEqual([{ kind: 'removed', text: 'Eski' }])
    expect(wordDiff('Aynı metin', 'Aynı metin')).toEqual([{ kind: 'same', text: 'Aynı metin' }])
  })

  it('keeps a long text readable: a change in 20,000 words still marks only that word', () => {
    const long = Array.from({ length: 20_000 }, (_, i) => `kelime${i}`).join(' ')
    const parts = wordDiff(long, long.replace('kelime10000 ', 'yeni '))
    expect(parts.filter((p) => p.kind !== 'same')).toEqual([
      { kind: 'removed', text: 'kelime10000 ' },
      { kind: 'added', text: 'yeni ' },
    ])
  })
})
