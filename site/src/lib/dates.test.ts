import { describe, expect, it } from 'vitest'
import { currentYear, formatDate, isoDate } from './dates.ts'

describe('formatDate', () => {
  it('writes a date-only value in Turkish', () => {
    expect(formatDate('2025-03-05')).toBe('5 Mart 2025')
  })

  it('writes a timestamp in Istanbul time', () => {
    // 22:30 UTC on 31 December is already 1 January in Istanbul (UTC+3).
    expect(formatDate('2024-12-31T22:30:00.000Z')).toBe('1 Ocak 2025')
  })

  it('uses Turkish month names with Turkish letters', () => {
    expect(formatDate('2025-08-20')).toBe('20 Ağustos 2025')
    expect(formatDate('2025-02-01')).toBe('1 Şubat 2025')
  })

  it('says the date is missing for empty values', () => {
    expect(formatDate(undefined)).toBe('Tarih belirtilmemiş')
    expect(formatDate(null)).toBe('Tarih belirtilmemiş')
    expect(formatDate('  ')).toBe('Tarih belirtilmemiş')
  })

  it('says the date is invalid for unparsable values', () => {
    expect(formatDate('yarın')).toBe('Geçersiz tarih')
    expect(formatDate('2025-13-45')).toBe('Geçersiz tarih')
  })
})

describe('isoDate', () => {
  it('gives ISO text, or empty for bad input', () => {
    expect(isoDate('2025-03-05')).toBe('2025-03-05T00:00:00.000Z')
    expect(isoDate('x')).toBe('')
    expect(isoDate(undefined)).toBe('')
  })
})

describe('currentYear', () => {
  it("is the year in Türkiye: 31 December 21:30 UTC is already the next year's first half hour there", () => {
    expect(currentYear(new Date('2026-12-31T20:59:00Z'))).toBe(2026)
    expect(currentYear(new Date('2026-12-31T21:30:00Z'))).toBe(2027)
  })
})
