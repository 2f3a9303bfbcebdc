import { useEffect, useState, type ReactNode } from 'react'
import type { NoticeType, TimedMessage } from '../../hooks/useTimedMessage.ts'

export type NoticeProps = {
  /** A message from useTimedMessage (renders nothing when null)... */
  message?: TimedMessage | null
  /** ...or a type and children for a standalone banner. */
  type?: NoticeType
  children?: ReactNode
  /** Standalone banners hide themselves after this many ms (3000 or 5000) and then call onHide. */
  autoHideMs?: number
  onHide?: () => void
}

/** Success (green), error (red) or info (blue) banner; errors are announced assertively. */
export function Notice({ message, type, children, autoHideMs, onHide }: NoticeProps) {
  const [hidden, setHidden] = useState(false)
  useEffect(() => {
    setHidden(false)
    if (!autoHideMs) return
    const t = setTimeout(() => {
      setHidden(true)
      onHide?.()
    }, autoHideMs)
    return () => clearTimeout(t)
    // Restart the timer when the text changes, not when the parent re-renders.
  }, [autoHideMs, message?.key, children])

  const kind = message?.type ?? type ?? 'info'
  const text = message?.text ?? children
  if (hidden || (message === null && !children) || !text) return null
  return (
    <div className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {text}
    </div>
  )
}
