import { msg } from '#schema/messages.ts'

/**
 * Intl's formatters are made when first needed, not when this module loads: the first Intl object a page makes
 * loads the browser's locale and time zone data (tens of milliseconds of a phone's main thread; Lighthouse,
 * issue 31, decision 319), and the library's dashboard formats its dates without Intl (below).
 */
let longDate: Intl.DateTimeFormat | undefined
let yearOnly: Intl.DateTimeFormat | undefined

const MONTHS = [
  'Ocak',
  'Şubat',
  'Mart',
  'Nisan',
  'Mayıs',
  'Haziran',
  'Temmuz',
  'Ağustos',
  'Eylül',
  'Ekim',
  'Kasım',
  'Aralık',
]
/** Since 7 September 2016 Türkiye keeps UTC+3 all year (no summer time); earlier dates go through Intl's tz data. */
const FIXED_OFFSET_SINCE = Date.UTC(2016, 8, 7)
const ISTANBUL_OFFSET_MS = 3 * 60 * 60 * 1000

/** '5 Mart 2025' for a moment in Istanbul time, as Intl's tr-TR long date writes it. */
function istanbulLongDate(time: number): string {
  if (time >= FIXED_OFFSET_SINCE) {
    const local = new Date(time + ISTANBUL_OFFSET_MS)
    return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`
  }
  longDate ??= new Intl.DateTimeFormat('tr-TR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Istanbul',
  })
  return longDate.format(time)
}

/** A date in Turkish (e.g. '5 Mart 2025'); 'Tarih belirtilmemiş' when missing, 'Geçersiz tarih' when unparsable. */
export function formatDate(value: string | null | undefined): string {
  if (value === null || value === undefined || value.trim() === '') return msg.missingDate
  const time = Date.parse(value)
  if (Number.isNaN(time)) return msg.invalidDate
  return istanbulLongDate(time)
}

/**
 * The current year in Türkiye, for the footer's '© 2026': read when a page renders, and part of every page's key
 * (site-pages.ts), so the first publish or start of a new year renders every page again.
 */
export function currentYear(now: Date = new Date()): number {
  yearOnly ??= new Intl.DateTimeFormat('tr-TR', { year: 'numeric', timeZone: 'Europe/Istanbul' })
  return Number(yearOnly.format(now))
}

/** ISO 8601 form of a date for <time datetime> and JSON-LD; '' when missing or unparsable. */
export function isoDate(value: string | null | undefined): string {
  if (!value) return ''
  const time = Date.parse(value)
  return Number.isNaN(time) ? '' : new Date(time).toISOString()
}
