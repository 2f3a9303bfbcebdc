/**
 * Dates as staff type and read them: '15.04.2025' and '28.11.2026 09:30' (gün.ay.yıl saat:dakika). The browser's
 * own date inputs draw their placeholder and order in the browser's language ('mm/dd/yyyy' in an English
 * Chromium), so the admin uses text fields with these helpers instead (decision 077). Values stay in the forms'
 * machine shape: 'yyyy-mm-dd' and 'yyyy-mm-ddTHH:mm'.
 */

const DATE = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/
const DATE_TIME = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})(?:\s*,\s*|\s+|T)(\d{1,2})[:.](\d{2})$/
const MACHINE_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const MACHINE_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

const two = (n: number) => String(n).padStart(2, '0')

/** The day exists in that month and year (no 31.02). */
function realDay(day: number, month: number, year: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

/** '15.4.2025' or '15/04/2025' as '2025-04-15'; null when it is no real day. */
export function parseDateText(text: string): string | null {
  const m = DATE.exec(text.trim())
  if (!m) return null
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])]
  return realDay(day, month, year) ? `${year}-${two(month)}-${two(day)}` : null
}

/** '28.11.2026 9:30' as '2026-11-28T09:30'; null when the day or the time does not exist. */
export function parseDateTimeText(text: string): string | null {
  const m = DATE_TIME.exec(text.trim())
  if (!m) return null
  const [day, month, year, hour, minute] = m.slice(1).map(Number)
  if (!realDay(day, month, year) || hour > 23 || minute > 59) return null
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`
}

/** '2025-04-15' as '15.04.2025'; anything else (a half-typed text) as it is. */
export function dateAsText(value: string): string {
  const m = MACHINE_DATE.exec(value)
  return m ? `${m[3]}.${m[2]}.${m[1]}` : value
}

/** '2026-11-28T09:30' as '28.11.2026 09:30'; anything else as it is. */
export function dateTimeAsText(value: string): string {
  const m = MACHINE_DATE_TIME.exec(value)
  return m ? `${m[3]}.${m[2]}.${m[1]} ${m[4]}:${m[5]}` : value
}
