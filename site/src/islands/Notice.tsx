import type { NoticeState } from './use-timed-notice.ts'
import './notice.css'

type Props = { notice: NoticeState; className?: string }

/** A live region kept in the DOM at all times, so screen readers announce each new text put into it. */
export function Notice({ notice, className = '' }: Props) {
  return (
    <div className={`notice-region ${className}`} role="status" aria-live="polite" aria-atomic="true">
      {notice && (
        <p className={`notice notice--${notice.kind}`} data-kind={notice.kind}>
          {notice.text}
        </p>
      )}
    </div>
  )
}
