import { Select } from './ui/Select.tsx'

type Props = { value: 'all' | 'scheduled'; onChange: (value: 'all' | 'scheduled') => void }

/** The list filter of scheduled items (issue 21): all, or only those scheduled for later. */
export function ScheduleFilter({ value, onChange }: Props) {
  return (
    <Select
      label="Gösterilen"
      value={value}
      options={[
        { value: 'all', label: 'Tümü' },
        { value: 'scheduled', label: 'Yalnızca zamanlananlar' },
      ]}
      onChange={(v) => onChange(v === 'scheduled' ? 'scheduled' : 'all')}
    />
  )
}
