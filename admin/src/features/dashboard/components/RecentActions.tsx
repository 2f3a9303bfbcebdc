import './recent-actions.css'
import { Link } from 'react-router'
import { AuditRequestDetails, auditSentence } from '../../../components/AuditRequestDetails.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { LoadError } from '../../../components/ui/LoadError.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import { useAdminUser } from '../../../hooks/useAdminUser.ts'
import { formatDateTime } from '../../../utils/format-date.ts'
import { useRecentActions } from '../api/get-recent-actions.ts'

/** 'Son işlemler': the last admin actions with who and when; superadmins get a link to the whole log. */
export function RecentActions() {
  const actions = useRecentActions()
  const user = useAdminUser()
  return (
    <Card
      title="Son işlemler"
      actions={
        user?.role === 'superadmin' ? (
          <Link to="/islem-gecmisi" className="btn btn--secondary btn--sm">
            Tümünü gör
          </Link>
        ) : undefined
      }
    >
      {actions.isPending ? (
        <Spinner />
      ) : actions.isError ? (
        <LoadError fallback="Son işlemler yüklenemedi." error={actions.error} />
      ) : actions.data.length === 0 ? (
        <p className="muted">Henüz kayıtlı işlem yok.</p>
      ) : (
        <ol className="recent-actions">
          {actions.data.map((a) => (
            <li key={a.id} className="recent-actions__item">
              <span className="recent-actions__what">
                {auditSentence(a)}
                {a.status >= 400 && (
                  <span className="badge badge--danger recent-actions__badge">Başarısız</span>
                )}
              </span>
              <span className="muted recent-actions__who">
                <time dateTime={a.at}>{formatDateTime(a.at)}</time>
              </span>
              <AuditRequestDetails entry={a} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  )
}
