import { msg } from '#schema/messages.ts'

/**
 * Date and time in Turkish, in Turkey's time (as schedules are entered: turkey-time.ts), whatever the staff member's
 * own computer says; 'Tarih belirtilmemiş' when missing, 'Geçersiz tarih' when unparsable.
 */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return msg.missingDate
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return msg.invalidDate
  return date.toLocaleString('tr-TR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Istanbul' })
}

/** Date only, in Turkish and Turkey's time, with the same fallbacks. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return msg.missingDate
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return msg.invalidDate
  return date.toLocaleDateString('tr-TR', { dateStyle: 'long', timeZone: 'Europe/Istanbul' })
}
