import { useCallback, useEffect, useRef, useState } from 'react'

export type NoticeType = 'success' | 'error' | 'info'
export type TimedMessage = { type: NoticeType; text: string; key: number }

/**
 * A status message that clears itself after `ms` (spec: 3000 for the home and who-are-we editors, 5000 elsewhere).
 * Returns the current message, `show(type, text)` and `clear()`.
 */
export function useTimedMessage(ms = 5000) {
  const [message, setMessage] = useState<TimedMessage | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const clear = useCallback(() => {
    clearTimeout(timer.current)
    setMessage(null)
  }, [])

  const show = useCallback(
    (type: NoticeType, text: string) => {
      clearTimeout(timer.current)
      setMessage({ type, text, key: Date.now() })
      timer.current = setTimeout(() => setMessage(null), ms)
    },
    [ms],
  )

  useEffect(() => () => clearTimeout(timer.current), [])
  return { message, show, clear }
}
