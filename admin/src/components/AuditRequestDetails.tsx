import type { AuditEntry } from '#schema/audit.ts'
import { formatDateTime } from '../utils/format-date.ts'

/**
 * What an audit entry did, closed behind 'Ayrıntılar', in words (issue 30): the fields a save changed by the names
 * the forms show ('Değiştirilen alanlar: Başlık, Özet'), the kind of action, its result and time. The request line
 * (method, path, answer status) is folded once more under 'Teknik ayrıntı', for superadmins only: only they get
 * those fields from the API (issue 23).
 */
export function AuditRequestDetails({ entry }: { entry: AuditEntry }) {
  const changes = entry.changes ?? []
  if (!entry.method && changes.length === 0) return null
  const kind = entry.method ? KINDS[entry.method] ?? 'değişiklik' : null
  const done = entry.status < 400
  return (
    <details className="audit-details">
      <summary>Ayrıntılar</summary>
      {changes.length > 0 && (
        <p className="audit-details__changes">
          {changes.length === 1 ? 'Değiştirilen alan: ' : 'Değiştirilen alanlar: '}
          {changes.join(', ')}.
        </p>
      )}
      <p className="audit-details__words">
        {`${kind ? `İşlem türü: ${kind}. ` : ''}Sonuç: ${done ? 'tamamlandı' : 'yapılamadı'}. Zaman: ${formatDateTime(entry.at)}.`}
      </p>
      {entry.method && entry.path && (
        <details className="audit-details__technical">
          <summary>Teknik ayrıntı</summary>
          <code className="audit-details__request">{`${entry.method} ${entry.path} → ${entry.status}`}</code>
        </details>
      )}
    </details>
  )
}

const KINDS: Record<string, string> = { POST: 'ekleme', PUT: 'güncelleme', PATCH: 'güncelleme', DELETE: 'silme' }

/** 'Ayşe Yılmaz, "e-İmza Nedir?" blog yazısını güncelledi': the actor and the entry's sentence as one line. */
export function auditSentence(entry: AuditEntry): string {
  const who = entry.userName ?? entry.userEmail ?? 'Bilinmeyen kullanıcı'
  const what = entry.action.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLocaleLowerCase('tr-TR'))
  return `${who}, ${what}`
}
