import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { containsPattern, turkishLower } from './messages.ts'
import type { Writer } from './writer.ts'

/** One admin action: who, what (a Turkish label), when, and the call behind it. */
export type AuditEntry = {
  at: string
  userId: string | null
  userName: string | null
  userEmail: string | null
  action: string
  method: string
  path: string
  status: number
  address: string | null
}
export type StoredAuditEntry = AuditEntry & { id: number }
/** Filters of the audit page: a user's e-mail, words of the action label, a page. */
export type AuditQuery = { page: number; pageSize: number; user?: string; q?: string }

/** The statement the writer thread runs for the audit log. */
export const AUDIT_STATEMENTS = {
  auditInsert: `INSERT INTO audit_log (at, user_id, user_name, user_email, action, method, path, status, address)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
}

const fromRow = (r: Record<string, SQLInputValue>): StoredAuditEntry => ({
  id: Number(r.id),
  at: String(r.at),
  userId: r.user_id === null ? null : String(r.user_id),
  userName: r.user_name === null ? null : String(r.user_name),
  userEmail: r.user_email === null ? null : String(r.user_email),
  action: String(r.action),
  method: String(r.method),
  path: String(r.path),
  status: Number(r.status),
  address: r.address === null ? null : String(r.address),
})

/** The audit log (table audit_log): appended after each admin action, read newest first. */
export function auditStore(db: DatabaseSync, writer: Writer) {
  // Registered once per connection: Turkish-aware lowercasing for the action filter.
  db.function('tr_lower', { deterministic: true }, (v) => (typeof v === 'string' ? turkishLower(v) : v))
  return {
    /** Appends an entry; resolves once it is on disk. */
    add: (e: AuditEntry) =>
      writer.write([
        {
          stmt: 'auditInsert',
          params: [e.at, e.userId, e.userName, e.userEmail, e.action, e.method, e.path, e.status, e.address],
        },
      ]),
    /** A page of entries, newest first, filtered by user e-mail and words of the label or path. */
    list({ page, pageSize, user, q }: AuditQuery) {
      const where: string[] = []
      const params: SQLInputValue[] = []
      if (user) {
        where.push('user_email = ?')
        params.push(user)
      }
      if (q?.trim()) {
        where.push("(tr_lower(action) LIKE ? ESCAPE '\\' OR path LIKE ? ESCAPE '\\')")
        params.push(containsPattern(q.trim()), containsPattern(q.trim()))
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : ''
      const total = Number(db.prepare(`SELECT count(*) AS n FROM audit_log ${filter}`).get(...params)?.n)
      const rows = db
        .prepare(`SELECT * FROM audit_log ${filter} ORDER BY id DESC LIMIT ? OFFSET ?`)
        .all(...params, pageSize, (page - 1) * pageSize)
      return { data: rows.map(fromRow), total, page, pageSize }
    },
    /** E-mails that appear in the log (the user filter's choices). */
    users: (): string[] =>
      db
        .prepare('SELECT DISTINCT user_email FROM audit_log WHERE user_email IS NOT NULL ORDER BY user_email')
        .all()
        .map((r) => String(r.user_email)),
  }
}
