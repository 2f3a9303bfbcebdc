import { describe, expect, it } from 'vitest'
import { foldForSearch } from './search-fold.ts'

describe('foldForSearch', () => {
  it.each([
    ['Çığır Açan', 'cigir acan'],
    ['ÇIĞIR', 'cigir'],
    ['İstanbul', 'istanbul'],
    ['ISTANBUL', 'istanbul'],
    ['Işık Şükrü Öğün', 'isik sukru ogun'],
    ['Kâğıt Hâlâ', 'kagit hala'],
    ['e-Fatura 2025', 'e-fatura 2025'],
  ])('%s → %s', (text, folded) => {
    expect(foldForSearch(text)).toBe(folded)
  })
})
