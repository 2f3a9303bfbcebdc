import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { ContactMessage } from '#schema/contact-message.ts'
import { foldForSearch } from '#schema/search-fold.ts'
import type { Writer } from './writer.ts'

/** One page of the inbox or the archive, newest first. */
export type MessagePage = { data: ContactMessage[]; total: number; page: number; pageSize: number }
/** Which messages, which page, and an optional search text. */
export type MessageQuery = { archived: boolean; page: number; pageSize: number; q?: string }

/**
 * Search form of a text: lowercased by Turkish rules (İ→i, I→ı; SQLite's lower() only knows ASCII), then the
 * Turkish letters folded (ı→i, ç→c, ğ→g, ö→o, ş→s, ü→u; schema/search-fold.ts), so 'ISMAIL', 'İsmail' and
 * 'ismail' all meet, and 'sukru' finds 'Şükrü', as people type Turkish on keyboards without those letters.
 * Rows stored before the fold covered ç ğ ö ş ü were folded by migration 300.
 */
export const turkishLower = (text: string) => foldForSearch(text)
/** A LIKE pattern that finds `text` anywhere, its own % _ and \\ taken literally (use with ESCAPE '\\'). */
export const containsPattern = (text: string) =>
  `%${turkishLower(text).replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
const searchText = (m: ContactMessage) => turkishLower([m.name, m.email, m.subject, m.message].join('\n'))

const COLUMNS = 'id, name, email, phone, subject, message, created_at, read_at'
/** The statements the writer thread runs for messages. */
export const MESSAGE_STATEMENTS = {
  messageInsert: `INSERT INTO messages (${COLUMNS}, search) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
}
const rowOf = (m: ContactMessage): SQLInputValue[] => [
  m.id,
  m.name,
  m.email,
  m.phone,
  m.subject,
  m.message,
  m.createdAt,
  m.readAt,
  searchText(m),
]
const fromRow = (r: Record<string, SQLInputValue>): ContactMessage => ({
  id: String(r.id),
  name: String(r.name),
  email: String(r.email),
  phone: String(r.phone),
  subject: String(r.subject),
  message: String(r.message),
  createdAt: String(r.created_at),
  readAt: r.read_at === null ? null : String(r.read_at),
})

/** Days a message is kept when MESSAGE_KEEP_DAYS is not set (KVKK: two years, then deleted). */
export const DEFAULT_MESSAGE_KEEP_DAYS = 730
/** How often (at most) messages past their days are looked for and deleted. */
const PRUNE_EVERY_MS = 3600_000

/**
 * Contact messages (table messages): stored through the writer thread, read a page at a time. Messages older than
 * `keepDays` are deleted (KVKK, issue 32): looked for at start and, at most once an hour, when a message comes in or
 * the inbox is read.
 */
export function messageStore(
  db: DatabaseSync,
  writer: Writer | null,
  { keepDays = DEFAULT_MESSAGE_KEEP_DAYS, now = () => new Date() }: { keepDays?: number; now?: () => Date } = {},
) {
  const pruneOld = db.prepare('DELETE FROM messages WHERE created_at < ?')
  let prunedAt = -Infinity
  /** Deletes messages past their days; returns how many. */
  const prune = (force = false): number => {
    const at = now().getTime()
    if (!force && at - prunedAt < PRUNE_EVERY_MS) return 0
    prunedAt = at
    return Number(pruneOld.run(new Date(at - keepDays * 86_400_000).toISOString()).changes)
  }
  prune()
  const byId = db.prepare(`SELECT ${COLUMNS} FROM messages WHERE id = ?`)
  const setRead = db.prepare('UPDATE messages SET read_at = ? WHERE id = ? AND read_at IS NULL')
  const queries = {
    false: { where: 'read_at IS NULL', order: 'created_at DESC, seq DESC' },
    true: { where: 'read_at IS NOT NULL', order: 'read_at DESC, seq DESC' },
  }
  return {
    /** Stores a new message (one row, nothing else grows with it); resolves once it is on disk. */
    add: (m: ContactMessage) => {
      prune()
      return writer!.write([{ stmt: 'messageInsert', params: rowOf(m) }])
    },
    /** Deletes the messages past their days now (tests, the hourly look happens by itself). */
    pruneNow: () => prune(true),
    /** Several messages on this connection, inside the caller's transaction (the JSON import, benchmarks). */
    addMany(messages: ContactMessage[]) {
      const insert = db.prepare(MESSAGE_STATEMENTS.messageInsert)
      for (const m of messages) insert.run(...rowOf(m))
    },
    /** A page of unread (inbox) or read (archive) messages, newest first, optionally filtered by `q`. */
    list({ archived, page, pageSize, q }: MessageQuery): MessagePage {
      prune()
      const { where, order } = queries[`${archived}`]
      const term = q?.trim() ? containsPattern(q.trim()) : null
      const filter = term ? `${where} AND search LIKE ? ESCAPE '\\'` : where
      const params = term ? [term] : []
      const total = Number(db.prepare(`SELECT count(*) AS n FROM messages WHERE ${filter}`).get(...params)?.n)
      const rows = db
        .prepare(`SELECT ${COLUMNS} FROM messages WHERE ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`)
        .all(...params, pageSize, (page - 1) * pageSize)
      return { data: rows.map(fromRow), total, page, pageSize }
    },
    /** Marks a message read (a second call keeps the first time); null when there is no such message. */
    markRead(id: string, at: string): ContactMessage | null {
      setRead.run(at, id)
      const row = byId.get(id)
      return row ? fromRow(row) : null
    },
    /** How many messages are unread. */
    unreadCount: () =>
      Number(db.prepare('SELECT count(*) AS n FROM messages WHERE read_at IS NULL').get()?.n),
  }
}
