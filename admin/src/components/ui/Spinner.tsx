import { msg } from '#schema/messages.ts'

/** Loading indicator with a visible label (default 'Yükleniyor...'). */
export function Spinner({ label = msg.loading }: { label?: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__circle" aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}
