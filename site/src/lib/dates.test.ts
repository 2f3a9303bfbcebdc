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

  it("writes every moment as Intl's tr-TR long date in Europe/Istanbul does (its own formatting since 2016, decision 319)", () => {
    const intl = new Intl.DateTimeFormat('tr-TR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'Europe/Istanbul',
    })
    // Each month's turn in Istanbul (21:00 UTC is local midnight) and random moments from 2010 (summer time then)
    // to 2060: the same text either way.
    const moments: number[] = []
    for (let year = 2010; year <= 2060; year++)
      for (let month = 0; month < 12; month++)
        for (const minute of [-1, 0, 1]) moments.push(Date.UTC(year, month, 0, 21, minute))
    let seed = 31
    for (let i = 0; i < 5000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      moments.push(Date.UTC(2010, 0, 1) + (seed / 2 ** 31) * 50 * 365.25 * 24 * 3600 * 1000)
    }
    for (const time of moments) expect(formatDate(new Date(time).toISOString())).toBe(intl.format(time))
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
