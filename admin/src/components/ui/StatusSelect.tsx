import { STATUS_LABELS } from '#schema/field-labels.ts'
import { Select } from './Select.tsx'

type Status = 'published' | 'draft'

const statusOptions = (['published', 'draft'] as const).map((value) => ({
  value,
  label: STATUS_LABELS[value]!,
}))

/** The 'Durum' select of a post or project: 'Yayında' or 'Taslak'. */
export function StatusSelect({ value, onChange }: { value: Status; onChange: (status: Status) => void }) {
  return (
    <Select
      label="Durum"
      options={statusOptions}
      value={value}
      onChange={(status) => onChange(status === 'draft' ? 'draft' : 'published')}
    />
  )
}
