import type { DatabaseSync } from 'node:sqlite'
import { transaction } from './database.ts'

/**
 * Inserts that arrive in the same turn of the event loop share one transaction (one fsync): each caller's promise
 * resolves only after that commit, so an acknowledged row is on disk, and a burst costs one fsync per batch
 * instead of one per row. If a batch fails, its rows are retried one by one so one bad row fails alone.
 */
export function groupCommit<T>(db: DatabaseSync, write: (item: T) => void): (item: T) => Promise<void> {
  let pending: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = []
  const commit = () => {
    const batch = pending
    pending = []
    try {
      transaction(db, () => batch.forEach(({ item }) => write(item)))
      batch.forEach(({ resolve }) => resolve())
    } catch {
      for (const { item, resolve, reject } of batch) {
        try {
          transaction(db, () => write(item))
          resolve()
        } catch (err) {
          reject(err)
        }
      }
    }
  }
  return (item) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ item, resolve, reject })
      if (pending.length === 1) setImmediate(commit)
    })
}
