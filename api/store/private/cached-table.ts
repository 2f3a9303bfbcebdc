import type { DatabaseSync, SQLInputValue } from 'node:sqlite'
import { deepFreeze } from '../durable-file.ts'
import { transaction } from './database.ts'

/** How one small table maps to objects with an `id`: its columns in order, and both directions. */
export type TableMapping<T extends { id: string }> = {
  table: string
  columns: string[]
  toRow: (item: T) => SQLInputValue[]
  fromRow: (row: Record<string, SQLInputValue>) => T
}

/**
 * A small table (admins, library members) kept whole in memory for the per-request session checks. An update runs
 * on a copy, writes the rows that changed in one transaction, and only then becomes what readers see (frozen).
 */
export function cachedTable<T extends { id: string }>(db: DatabaseSync, mapping: TableMapping<T>) {
  const { table, columns } = mapping
  const select = db.prepare(`SELECT ${columns.join(', ')} FROM ${table} ORDER BY rowid`)
  const upsert = db.prepare(
    `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})
     ON CONFLICT (id) DO UPDATE SET ${columns
       .slice(1)
       .map((c) => `${c} = excluded.${c}`)
       .join(', ')}`,
  )
  const remove = db.prepare(`DELETE FROM ${table} WHERE id = ?`)
  // Changes by another connection (the admin:reset-password command, the writer thread) bump data_version:
  // the table is read again then, so a password reset from the command line works while the server runs.
  const dataVersion = db.prepare('PRAGMA data_version')
  const version = () => Number(dataVersion.get()?.data_version)
  let seen = version()
  let current: T[] = deepFreeze(select.all().map((row) => mapping.fromRow(row)))

  return {
    /** Every row, in insertion order (frozen); read again when another connection changed the database. */
    read: (): T[] => {
      const now = version()
      if (now !== seen) {
        seen = now
        current = deepFreeze(select.all().map((row) => mapping.fromRow(row)))
      }
      return current
    },
    /** Runs `fn` on a copy and stores the difference; on any error nothing changes. */
    update<R>(fn: (items: T[]) => R): R {
      const draft = structuredClone(current) as T[]
      const result = fn(draft)
      const before = new Map(current.map((item) => [item.id, JSON.stringify(item)]))
      const after = new Set(draft.map((item) => item.id))
      transaction(db, () => {
        for (const id of before.keys()) if (!after.has(id)) remove.run(id)
        for (const item of draft) {
          if (before.get(item.id) !== JSON.stringify(item)) upsert.run(...mapping.toRow(item))
        }
      })
      current = deepFreeze(draft)
      seen = version()
      return result
    },
  }
}
