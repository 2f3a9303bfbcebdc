import { msg } from '#schema/messages.ts'

const longDate = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Istanbul',
})

/** A date in Turkish (e.g. '5 Mart 2025'); 'Tarih belirtilmemiş' when missing, 'Geçersiz tarih' when unparsable. */
export function formatDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return msg.missingDate
  const time = Date.parse(value)
  if (Number.isNaN(time)) return msg.invalidDate
  return longDate.format(time)
}

const yearOnly = new Intl.DateTimeFormat('tr-TR', { year: 'numeric', timeZone: 'Europe/Istanbul' })

/**
 * The current year in Türkiye, for the footer's '© 2026': read when a page renders, and part of every page's key
 * (site-pages.ts), so the first publish or start of a new year renders every page again.
 */
export function currentYear(now: Date = new Date()): number {
  return Number(yearOnly.format(now))
}

/** ISO 8601 form of a date for <time datetime> and JSON-LD; '' when missing or unparsable. */
export function isoDate(value: string | null | undefined): string {
  if (!value) return ''
  const time = Date.parse(value)
  return Number.isNaN(time) ? '' : new Date(time).toISOString()
}
