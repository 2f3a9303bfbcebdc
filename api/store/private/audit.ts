import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { containsPattern, turkishLower } from './messages.ts'
import type { WriteOp, Writer } from './writer.ts'

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
  /** The fields a save changed, by their Turkish names ('Başlık', 'Özet'); absent when none were compared (issue 30). */
  changes?: string[]
}
export type StoredAuditEntry = AuditEntry & { id: number }
/** Filters of the audit page: a user's e-mail, words of the action label, a page. */
export type AuditQuery = { page: number; pageSize: number; user?: string; q?: string }

/** How much of the log is kept (AUDIT_KEEP_DAYS, AUDIT_KEEP_ROWS): older entries are deleted as new ones come. */
export type AuditRetention = { days: number; rows: number }
export const DEFAULT_AUDIT_RETENTION: AuditRetention = { days: 365, rows: 100_000 }
/** How often (at most) entries older than the kept days are looked for: a scan of the table, off the page thread. */
const DAYS_PRUNE_MS = 3600_000

/** The statements the writer thread runs for the audit log. */
export const AUDIT_STATEMENTS = {
  auditInsert: `INSERT INTO audit_log (at, user_id, user_name, user_email, action, method, path, status, address, changes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  // Ids only grow (rowid of an append-only table): the newest N rows are the N highest ids, found through the key.
  auditKeepRows: 'DELETE FROM audit_log WHERE id <= (SELECT max(id) FROM audit_log) - ?',
  auditKeepDays: 'DELETE FROM audit_log WHERE at < ?',
}

/**
 * Longest text stored per column: an e-mail as long as the login schema allows (254), the rest well above what our
 * routes produce. Whatever reaches the log (a path, an account's name), one row stays small.
 */
const MAX = { name: 200, email: 254, action: 300, method: 10, path: 500, address: 100, changes: 1000 }
const cap = (text: string | null, max: number) => (text === null ? null : text.slice(0, max))

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
  ...(typeof r.changes === 'string' && r.changes ? { changes: r.changes.split('\n') } : {}),
})

/** The audit log (table audit_log): appended after each admin action, read newest first. */
export function auditStore(db: DatabaseSync, writer: Writer, retention = DEFAULT_AUDIT_RETENTION) {
  // Registered once per connection: Turkish-aware lowercasing for the action filter.
  db.function('tr_lower', { deterministic: true }, (v) => (typeof v === 'string' ? turkishLower(v) : v))
  let daysPrunedAt = -Infinity
  return {
    /**
     * Appends an entry (texts capped) and, in the same transaction, deletes what the retention no longer keeps:
     * rows beyond the newest `rows` every time, entries older than `days` at most hourly. Resolves once on disk.
     */
    add(e: AuditEntry) {
      const ops: WriteOp[] = [
        {
          stmt: 'auditInsert',
          params: [
            e.at,
            cap(e.userId, MAX.name),
            cap(e.userName, MAX.name),
            cap(e.userEmail, MAX.email),
            cap(e.action, MAX.action),
            cap(e.method, MAX.method),
            cap(e.path, MAX.path),
            e.status,
            cap(e.address, MAX.address),
            // One field name a line; capped like every text (a form has a few dozen fields at most).
            e.changes?.length ? cap(e.changes.join('\n'), MAX.changes) : null,
          ],
        },
        { stmt: 'auditKeepRows', params: [retention.rows] },
      ]
      const at = Date.parse(e.at)
      if (!(at - daysPrunedAt < DAYS_PRUNE_MS)) {
        daysPrunedAt = at
        ops.push({ stmt: 'auditKeepDays', params: [new Date(at - retention.days * 86400_000).toISOString()] })
      }
      return writer.write(ops)
    },
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
