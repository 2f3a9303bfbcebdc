/**
 * Schedule times in Turkey's time (issue 21): Türkiye keeps UTC+3 all year (no summer time since 2016), so a
 * form value 'YYYY-MM-DDTHH:mm' (see DateTextField) is sent as '…:00+03:00' whatever the staff member's own computer says.
 */
const OFFSET_MS = 3 * 3600_000

/** A stored ISO time as the form's 'YYYY-MM-DDTHH:mm' value, in Turkey's time ('' when none or unparsable). */
export function toTurkeyInput(iso: string | undefined): string {
  const t = iso ? Date.parse(iso) : NaN
  return Number.isNaN(t) ? '' : new Date(t + OFFSET_MS).toISOString().slice(0, 16)
}

/** A form value 'YYYY-MM-DDTHH:mm' (Turkey's time) as ISO 8601 with Turkey's offset; '' stays '' (no time). */
export function fromTurkeyInput(value: string): string {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) ? `${value}:00+03:00` : value ? 'geçersiz' : ''
}

/** The year in Turkey's time (on 31 December at 22:00 UTC it is already the next year there). */
const turkeyYear = (time: number) => new Date(time + OFFSET_MS).getUTCFullYear()

/** '25 Kasım 09:00' (the year only when it is not this year in Turkey), in Turkey's time. */
export function formatTurkeyShort(iso: string, now = Date.now()): string {
  const date = new Date(iso)
  const sameYear = turkeyYear(date.getTime()) === turkeyYear(now)
  return date.toLocaleString('tr-TR', {
    timeZone: 'Europe/Istanbul',
    day: 'numeric',
    month: 'long',
    ...(sameYear ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  })
}

/** '25 Kasım 2026 09:00' in Turkey's time. */
export function formatTurkeyLong(iso: string): string {
  return new Date(iso).toLocaleString('tr-TR', {
    timeZone: 'Europe/Istanbul',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
}
