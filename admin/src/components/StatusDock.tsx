import { useEffect, useRef } from 'react'
import type { TimedMessage } from '../hooks/useTimedMessage.ts'
import { Notice } from './ui/Notice.tsx'
import { PublishStatus } from './PublishStatus.tsx'

type Props = {
  /** The current save message from useTimedMessage. */
  message: TimedMessage | null
  /** Date.now() of the last save that changes the public site (0 = none yet). */
  published: number
}

/**
 * The save message and the site rebuild status, floating at the bottom right of a content editor. A manual popover
 * in the top layer, raised again with each message: a modal <dialog> (history, conflict, reference card) is in the
 * top layer too, and no z-index puts a page element above its backdrop (issue 23).
 */
export function StatusDock({ message, published }: Props) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const dock = ref.current
    if (!dock?.showPopover) return
    // Hiding and showing again moves it to the top of the top layer, above a dialog opened since.
    if (dock.matches(':popover-open')) dock.hidePopover()
    dock.showPopover()
  }, [message, published])
  return (
    <div ref={ref} className="status-dock" popover="manual" role="region" aria-label="Kaydetme durumu">
      <Notice message={message} />
      <PublishStatus trigger={published} />
    </div>
  )
}
