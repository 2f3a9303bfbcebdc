import type { TimedMessage } from '../hooks/useTimedMessage.ts'
import { Notice } from './ui/Notice.tsx'
import { PublishStatus } from './PublishStatus.tsx'

type Props = {
  /** The current save message from useTimedMessage. */
  message: TimedMessage | null
  /** Date.now() of the last save that changes the public site (0 = none yet). */
  published: number
}

/** The save message and the site rebuild status, floating at the bottom right of a content editor. */
export function StatusDock({ message, published }: Props) {
  return (
    <div className="status-dock">
      <Notice message={message} />
      <PublishStatus trigger={published} />
    </div>
  )
}
