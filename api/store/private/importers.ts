import type { DatabaseSync } from 'node:sqlite'
import type { ContactMessage } from '#schema/contact-message.ts'
import type { StoredMember, StoredUser } from './accounts.ts'
import { messageStore } from './messages.ts'

/** Writes JSON-era data into the tables as it was (hashes, dates, read state, counts); run inside one transaction. */
export function jsonEraImporters(db: DatabaseSync) {
  const account = (table: string) =>
    db.prepare(
      `INSERT INTO ${table} (id, name, email, role, password_hash, created_at, sessions_from) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
  const users = account('users')
  const members = account('members')
  const count = (table: string, key: string) =>
    db.prepare(
      `INSERT INTO ${table} (${key}, count) VALUES (?, ?) ON CONFLICT DO UPDATE SET count = excluded.count`,
    )
  const views = count('page_views', 'path')
  const downloads = count('downloads', 'program_id')
  const numbers = (record: Record<string, number> | undefined) =>
    Object.entries(record ?? {}).filter(([, n]) => Number.isFinite(n))
  return {
    users: (rows: unknown[]) =>
      (rows as StoredUser[]).forEach((u) =>
        users.run(u.id, u.name, u.email, u.role, u.passwordHash, u.createdAt, u.sessionsFrom ?? null),
      ),
    members: (rows: unknown[]) =>
      (rows as StoredMember[]).forEach((m) =>
        members.run(m.id, m.name, m.email, m.role, m.passwordHash, m.created_at, m.sessionsFrom ?? null),
      ),
    messages: (rows: ContactMessage[]) =>
      messageStore(db, null).addMany(
        rows.map((m) => ({ ...m, phone: m.phone ?? '', readAt: m.readAt ?? null })),
      ),
    state: (state: { maintenanceMode?: boolean }) =>
      db
        .prepare('UPDATE site_state SET maintenance_mode = ? WHERE id = 1')
        .run(state.maintenanceMode ? 1 : 0),
    counters: (c: { views?: Record<string, number>; downloads?: Record<string, number> }) => {
      for (const [path, n] of numbers(c.views)) views.run(path, n)
      for (const [id, n] of numbers(c.downloads)) downloads.run(id, n)
    },
  }
}
