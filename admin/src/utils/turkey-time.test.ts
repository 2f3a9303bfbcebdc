import { expect, it } from 'vitest'
import { formatTurkeyShort } from './turkey-time.ts'

// Issue 30: 'this year' is decided in Turkey's time, not UTC.
it('shows the year of a date in another Turkish year, even when UTC says it is the same year', () => {
  // 30 December 2026, 12:00 in Istanbul; the date is 1 January 2027 01:00 in Istanbul (31 December 22:00 UTC).
  expect(formatTurkeyShort('2026-12-31T22:00:00Z', Date.parse('2026-12-30T09:00:00Z'))).toMatch(/1 Ocak 2027 01:00/)
  // On 1 January 2027 at 01:00 Istanbul time (still 2026 in UTC), a date of that day shows no year.
  expect(formatTurkeyShort('2026-12-31T22:30:00Z', Date.parse('2026-12-31T22:10:00Z'))).toMatch(/^1 Ocak 01:30$/)
})
