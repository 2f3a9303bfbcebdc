import { describe, expect, it } from 'vitest'
import { dateAsText, dateTimeAsText, parseDateText, parseDateTimeText } from './date-text.ts'

describe('dates typed gün.ay.yıl', () => {
  it('reads a date with dots, slashes or dashes, with or without leading zeros', () => {
    expect(parseDateText('15.04.2025')).toBe('2025-04-15')
    expect(parseDateText(' 5.4.2025 ')).toBe('2025-04-05')
    expect(parseDateText('05/04/2025')).toBe('2025-04-05')
    expect(parseDateText('05-04-2025')).toBe('2025-04-05')
  })

  it('refuses days that do not exist and other shapes', () => {
    for (const text of [
      '31.02.2025',
      '29.02.2025',
      '00.01.2025',
      '01.13.2025',
      '2025-04-15',
      '15.04.25',
      '15 Nisan 2025',
      '',
    ])
      expect(parseDateText(text), text).toBeNull()
    expect(parseDateText('29.02.2024')).toBe('2024-02-29')
  })

  it('reads a date and a time', () => {
    expect(parseDateTimeText('28.11.2026 09:30')).toBe('2026-11-28T09:30')
    expect(parseDateTimeText('28.11.2026 9.30')).toBe('2026-11-28T09:30')
    expect(parseDateTimeText('28.11.2026, 23:59')).toBe('2026-11-28T23:59')
    for (const text of [
      '28.11.2026',
      '28.11.2026 24:00',
      '28.11.2026 12:60',
      '31.11.2026 10:00',
      '2026-11-28T09:30',
    ])
      expect(parseDateTimeText(text), text).toBeNull()
  })

  it('shows the form values the same way, and leaves a half-typed text as it is', () => {
    expect(dateAsText('2025-04-05')).toBe('05.04.2025')
    expect(dateTimeAsText('2026-11-28T09:30')).toBe('28.11.2026 09:30')
    expect(dateAsText('15.4')).toBe('15.4')
    expect(dateTimeAsText('')).toBe('')
  })
})
