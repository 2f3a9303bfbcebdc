import type { ReactNode } from 'react'
import type { ContactMessage } from '#schema/contact-message.ts'
import { formatDateTime } from '../../../utils/format-date.ts'

type Props = { message: ContactMessage; archived?: boolean; actions?: ReactNode }

/**
 * One contact message: sender, time, mail and phone links, subject and text (plus read time in the archive). No
 * internal id: staff never need it (issue 23).
 */
export function MessageCard({ message: m, archived = false, actions }: Props) {
  return (
    <article className="card message" aria-labelledby={`msg-${m.id}`}>
      <header className="message__head">
        <div>
          <h2 className="message__name" id={`msg-${m.id}`}>
            {m.name}
            {archived && <span className="badge badge--success message__badge">Okundu</span>}
          </h2>
          <p className="message__meta muted">
            {archived ? 'Gönderilme: ' : ''}
            <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
            {archived && (
              <>
                {' · Okunma: '}
                <time dateTime={m.readAt ?? undefined}>{formatDateTime(m.readAt)}</time>
              </>
            )}
          </p>
        </div>
        {actions && <div className="actions">{actions}</div>}
      </header>
      <p className="message__contact">
        <a href={`mailto:${m.email}`}>{m.email}</a>
        {m.phone && (
          <>
            {' · '}
            <a href={`tel:${m.phone.replace(/[^0-9+]/g, '')}`}>{m.phone}</a>
          </>
        )}
      </p>
      <p className="message__subject">
        <strong>Konu:</strong> {m.subject}
      </p>
      <p className="message__body">{m.message}</p>
    </article>
  )
}
