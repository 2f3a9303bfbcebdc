import { PERIODS, type Period } from '../api/get-daily-stats.ts'

/** 'Son 7 gün' / 'Son 30 gün' / 'Son 90 gün': toggle buttons, the chosen one pressed. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (p: Period) => void }) {
  return (
    <div className="period-picker" role="group" aria-label="Dönem">
      {PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          className={`btn btn--sm ${p === value ? 'btn--primary' : 'btn--secondary'}`}
          aria-pressed={p === value}
          onClick={() => onChange(p)}
        >
          Son {p} gün
        </button>
      ))}
    </div>
  )
}
