import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime } from './format-date.ts'

// The suite runs in UTC (or any zone): a time near midnight shows whether Turkey's time is used.
describe('admin dates in Turkey’s time', () => {
  it('shows 22:30 UTC as 01:30 the next day in Turkey', () => {
    expect(formatDateTime('2026-03-31T22:30:00Z')).toBe('1 Nisan 2026 01:30')
    expect(formatDate('2026-12-31T21:30:00Z')).toBe('1 Ocak 2027')
  })
  it('names a missing or broken date in Turkish', () => {
    expect(formatDateTime(null)).toBe('Tarih belirtilmemiş')
    expect(formatDate('yarın')).toBe('Geçersiz tarih')
  })
})
