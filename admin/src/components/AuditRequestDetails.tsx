import type { AuditEntry } from '#schema/audit.ts'
import { formatDateTime } from '../utils/format-date.ts'

/**
 * The request behind an audit entry, closed behind 'Ayrıntılar': in words (kind, result, time), and the request
 * line (method, path, answer status) folded once more under 'Teknik ayrıntı'. Only superadmins get these fields
 * from the API; staff read the sentence (issue 23).
 */
export function AuditRequestDetails({ entry }: { entry: AuditEntry }) {
  if (!entry.method || !entry.path) return null
  // In words first (issue 30); the request line itself only under 'Teknik ayrıntı'.
  const kind = KINDS[entry.method] ?? 'değişiklik'
  const done = entry.status < 400
  return (
    <details className="audit-details">
      <summary>Ayrıntılar</summary>
      <p className="audit-details__words">
        {`İşlem türü: ${kind}. Sonuç: ${done ? 'tamamlandı' : 'yapılamadı'}. Zaman: ${formatDateTime(entry.at)}.`}
      </p>
      <details className="audit-details__technical">
        <summary>Teknik ayrıntı</summary>
        <code className="audit-details__request">{`${entry.method} ${entry.path} → ${entry.status}`}</code>
      </details>
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
