import type { AuditEntry } from '#schema/audit.ts'

/**
 * The request behind an audit entry (method, path, answer status), closed behind 'Ayrıntılar': only superadmins
 * get these fields from the API; staff read the sentence (issue 23).
 */
export function AuditRequestDetails({ entry }: { entry: AuditEntry }) {
  if (!entry.method || !entry.path) return null
  return (
    <details className="audit-details">
      <summary>Ayrıntılar</summary>
      <code className="audit-details__request">{`${entry.method} ${entry.path} → ${entry.status}`}</code>
    </details>
  )
}

/** 'Ayşe Yılmaz, "e-İmza Nedir?" blog yazısını güncelledi': the actor and the entry's sentence as one line. */
export function auditSentence(entry: AuditEntry): string {
  const who = entry.userName ?? entry.userEmail ?? 'Bilinmeyen kullanıcı'
  const what = entry.action.replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLocaleLowerCase('tr-TR'))
  return `${who}, ${what}`
}
