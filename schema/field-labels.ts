import { categories } from './reference.ts'

export { FIELD_LABELS } from './field-names.ts'

/** The 'Durum' of a post or project as the admin shows it. */
export const STATUS_LABELS: Record<string, string> = { published: 'Yayında', draft: 'Taslak' }

/**
 * A stored value as the admin shows it in history and conflict views: a status as 'Yayında', a reference category
 * as 'Rota Bulut ERP' (never its id 'rota'); other values as they are.
 */
export function valueLabel(key: string, value: string): string {
  if (key === 'status') return STATUS_LABELS[value] ?? value
  if (key === 'category') return (categories as Record<string, string>)[value] ?? value
  return value
}
