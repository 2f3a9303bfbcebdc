import { msg } from '#schema/messages.ts'

/** Date and time in Turkish locale; 'Tarih belirtilmemiş' when missing, 'Geçersiz tarih' when unparsable. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return msg.missingDate
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return msg.invalidDate
  return date.toLocaleString('tr-TR', { dateStyle: 'long', timeStyle: 'short' })
}

/** Date only in Turkish locale, with the same fallbacks. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return msg.missingDate
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return msg.invalidDate
  return date.toLocaleDateString('tr-TR', { dateStyle: 'long' })
}
