import { useCallback, useEffect, useRef, useState } from 'react'

export type NoticeKind = 'info' | 'success' | 'error'
export type NoticeState = { kind: NoticeKind; text: string } | null

/** A notice that clears itself after `ms` (5 s for the contact form and downloads, spec section 9). */
export function useTimedNotice(ms = 5000) {
  const [notice, setNotice] = useState<NoticeState>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const show = useCallback(
    (kind: NoticeKind, text: string) => {
      clearTimeout(timer.current)
      setNotice({ kind, text })
      timer.current = setTimeout(() => setNotice(null), ms)
    },
    [ms],
  )
  useEffect(() => () => clearTimeout(timer.current), [])
  return [notice, show] as const
}
