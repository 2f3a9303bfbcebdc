import type { ContactMessage } from '#schema/contact-message.ts'
import type { MemberRole } from '#schema/library-member.ts'
import type { AdminRole } from '#schema/user.ts'
import { openCollections, type Collections } from './json-db.ts'

export type StoredUser = {
  id: string
  name: string
  email: string
  role: AdminRole
  passwordHash: string
  createdAt: string
  /** Sessions issued before this time are over (set when the password changes). */
  sessionsFrom?: string
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

/** Private data in DATA_DIR (never in git). */
export type PrivateData = {
  users: StoredUser[]
  members: StoredMember[]
  messages: ContactMessage[]
  state: { maintenanceMode: boolean }
  /** views per public page path; downloads per program id. */
  counters: { views: Record<string, number>; downloads: Record<string, number> }
}
export type DataName = keyof PrivateData

/** Private data collections. */
export type DataStore = Collections<PrivateData>

const defaults: PrivateData = {
  users: [],
  members: [],
  messages: [],
  state: { maintenanceMode: false },
  counters: { views: {}, downloads: {} },
}

/** Opens DATA_DIR's collection files. */
export function openDataStore(dir: string): Promise<DataStore> {
  return openCollections(dir, defaults)
}
