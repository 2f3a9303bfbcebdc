import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import type { MemberRole } from '#schema/library-member.ts'
import type { AdminRole } from '#schema/user.ts'
import { cachedTable } from './cached-table.ts'

export type StoredUser = {
  id: string
  name: string
  email: string
  role: AdminRole
  passwordHash: string
  createdAt: string
  /** Sessions issued before this time are over (set when the password changes). */
  sessionsFrom?: string
  /** The password is a one-time one (admin:reset-password): nothing but choosing a new one until then. */
  mustChangePassword?: boolean
}
export type StoredMember = {
  id: string
  name: string
  email: string
  role: MemberRole
  passwordHash: string
  created_at: string
  /** Sessions issued before this time are over (set when the password changes). */
  sessionsFrom?: string
}

const COLUMNS = ['id', 'name', 'email', 'role', 'password_hash', 'created_at', 'sessions_from']
const text = (v: SQLInputValue) => String(v)
const optional = (v: SQLInputValue) => (v === null || v === undefined ? undefined : String(v))

/** Admin users (table users). */
export function usersTable(db: DatabaseSync) {
  return cachedTable<StoredUser>(db, {
    table: 'users',
    columns: [...COLUMNS, 'must_change_password'],
    toRow: (u) => [
      u.id,
      u.name,
      u.email,
      u.role,
      u.passwordHash,
      u.createdAt,
      u.sessionsFrom ?? null,
      u.mustChangePassword ? 1 : 0,
    ],
    fromRow: (r) => {
      const user: StoredUser = {
        id: text(r.id),
        name: text(r.name),
        email: text(r.email),
        role: text(r.role) as AdminRole,
        passwordHash: text(r.password_hash),
        createdAt: text(r.created_at),
      }
      const from = optional(r.sessions_from)
      if (from) user.sessionsFrom = from
      if (Number(r.must_change_password) === 1) user.mustChangePassword = true
      return user
    },
  })
}

/** Library members (table members). */
export function membersTable(db: DatabaseSync) {
  return cachedTable<StoredMember>(db, {
    table: 'members',
    columns: COLUMNS,
    toRow: (m) => [m.id, m.name, m.email, m.role, m.passwordHash, m.created_at, m.sessionsFrom ?? null],
    fromRow: (r) => {
      const member: StoredMember = {
        id: text(r.id),
        name: text(r.name),
        email: text(r.email),
        role: text(r.role) as MemberRole,
        passwordHash: text(r.password_hash),
        created_at: text(r.created_at),
      }
      const from = optional(r.sessions_from)
      return from ? { ...member, sessionsFrom: from } : member
    },
  })
}
