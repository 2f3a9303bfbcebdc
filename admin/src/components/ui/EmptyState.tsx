import type { ReactNode } from 'react'

/** Shown in place of an empty list, e.g. 'Henüz hiç mesaj gelmemiş.'; `action` is an optional button. */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{children}</p>
      {action}
    </div>
  )
}
