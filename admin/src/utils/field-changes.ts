import { FIELD_LABELS, valueLabel } from '#schema/field-labels.ts'

/** One field that differs between two versions of an item, as text people read. */
export type FieldChange = { field: string; label: string; before: string; after: string }

/** Keys that are not the editor's content (bookkeeping the server adds or changes on every save). */
const SKIPPED = new Set(['id', 'version', 'updatedAt', 'views', 'downloads', 'fileSize', 'filePath'])

/** A value as short text: a list one entry a line, a block by its text, a record as "alan: değer". */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return ''
  if (typeof value !== 'object') return String(value)
  if (Array.isArray(value)) return value.map(valueText).join('\n')
  const rec = value as Record<string, unknown>
  const text = ['title', 'content', 'text', 'src', 'value', 'label', 'link', 'caption']
    .map((k) => rec[k])
    .filter((v) => typeof v === 'string' && v !== '')
  if (text.length > 0) return text.join(' · ')
  return Object.entries(rec)
    .filter(([k]) => !SKIPPED.has(k))
    .map(([k, v]) => `${FIELD_LABELS[k] ?? k}: ${valueText(v)}`)
    .join(', ')
}

/** A field's value as shown: labels for ids (status, category), else its text. */
const shown = (key: string, value: unknown) =>
  typeof value === 'string' ? valueLabel(key, value) : valueText(value)

/** The top-level fields that differ between `before` and `after`, with their Turkish labels. */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const a = (before ?? {}) as Record<string, unknown>
  const b = (after ?? {}) as Record<string, unknown>
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => !SKIPPED.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => ({ field: k, label: FIELD_LABELS[k] ?? k, before: shown(k, a[k]), after: shown(k, b[k]) }))
    .filter((c) => c.before !== c.after)
}
