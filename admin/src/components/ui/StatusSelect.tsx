import { Select } from './Select.tsx'

type Status = 'published' | 'draft'

const statusOptions = [
  { value: 'published', label: 'Yayında' },
  { value: 'draft', label: 'Taslak' },
]

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
