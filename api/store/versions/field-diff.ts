import { FIELD_LABELS as LABELS, valueLabel } from '#schema/field-labels.ts'

/** Fields that change with every save and say nothing about the edit. */
const SKIPPED = new Set(['updatedAt', 'fileSize', 'filePath', 'id'])

/** One changed field, as people read it. */
export type FieldChange = { field: string; label: string; before: string; after: string }

/** A value as short readable text: lists one item a line, records as "alan: değer". */
export function asText(value: unknown): string {
  if (value === undefined || value === null || value === '') return ''
  if (typeof value !== 'object') return String(value)
  if (Array.isArray(value)) return value.map(asText).join('\n')
  const rec = value as Record<string, unknown>
  const text = ['title', 'content', 'text', 'src', 'value', 'label', 'link', 'caption']
    .map((k) => rec[k])
    .filter((v) => typeof v === 'string' && v !== '')
  if (text.length > 0) return `${rec.type === 'heading' ? '# ' : ''}${text.join(' · ')}`
  return Object.entries(rec)
    .filter(([k]) => !SKIPPED.has(k))
    .map(([k, v]) => `${LABELS[k] ?? k}: ${asText(v)}`)
    .join(', ')
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v)

/** The fields that differ between two versions of an item: one level deep for small records (buttons, links). */
export function diffFields(before: unknown, after: unknown, prefix = ''): FieldChange[] {
  // A list as an item (the references' slider): one change, its images one a line.
  if (Array.isArray(before) || Array.isArray(after)) {
    const [was, now] = [asText(before), asText(after)]
    return was === now ? [] : [{ field: 'sliderImages', label: LABELS.sliderImages ?? 'Slider görselleri', before: was, after: now }]
  }
  const a = isRecord(before) ? before : {}
  const b = isRecord(after) ? after : {}
  const changes: FieldChange[] = []
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (SKIPPED.has(key) || JSON.stringify(a[key]) === JSON.stringify(b[key])) continue
    const label = `${prefix}${LABELS[key] ?? key}`
    if (!prefix && (isRecord(a[key]) || isRecord(b[key])) && key !== 'socials') {
      changes.push(...diffFields(a[key], b[key], `${label} › `))
    } else {
      const text = (v: unknown) =>
        typeof v === 'string' ? valueLabel(key, v) : asText(v)
      const change = { field: key, label, before: text(a[key]), after: text(b[key]) }
      // Block ids and order numbers change on every save: only a change people can read is listed.
      if (change.before !== change.after) changes.push(change)
    }
  }
  return changes
}
