import { join } from 'node:path'
import type { Low } from 'lowdb'
import type { ContactMessage } from '#schema/contact-message.ts'
import type { MemberRole } from '#schema/library-member.ts'
import type { AdminRole } from '#schema/user.ts'
import { openJsonDb } from './json-db.ts'

export type StoredUser = {
  id: string
  name: string
  email: string
  role: AdminRole
  passwordHash: string
  createdAt: string
}
export type StoredMember = {
  id: string
  name: string
  email: string
  role: MemberRole
  passwordHash: string
  created_at: string
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

export type DataStore = {
  read<K extends DataName>(name: K): PrivateData[K]
  update<K extends DataName, R>(name: K, fn: (data: PrivateData[K]) => R): Promise<R>
}

const defaults: PrivateData = {
  users: [],
  members: [],
  messages: [],
  state: { maintenanceMode: false },
  counters: { views: {}, downloads: {} },
}

export async function openDataStore(dir: string): Promise<DataStore> {
  const dbs = {} as { [K in DataName]: Low<PrivateData[K]> }
  for (const name of Object.keys(defaults) as DataName[]) {
    ;(dbs as Record<DataName, unknown>)[name] = await openJsonDb(join(dir, `${name}.json`), defaults[name])
  }
  return {
    read: (name) => dbs[name].data,
    async update(name, fn) {
      let result!: ReturnType<typeof fn>
      await dbs[name].update((data) => {
        result = fn(data)
      })
      return result
    },
  }
}
