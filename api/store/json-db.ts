import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { Low } from 'lowdb'
import { JSONFile } from 'lowdb/node'

/**
 * One lowdb file, read once and kept in memory. Mutations run synchronously on the in-memory data and are then
 * written through steno (temp file + rename, so a crash never leaves a torn file; concurrent writes are queued),
 * so two concurrent saves both survive.
 */
export async function openJsonDb<T>(path: string, defaults: T): Promise<Low<T>> {
  await mkdir(dirname(path), { recursive: true })
  // Not JSONFilePreset: it swaps in an in-memory adapter under NODE_ENV=test (see CONVENTIONS.md).
  const db = new Low<T>(new JSONFile<T>(path), structuredClone(defaults))
  await db.read()
  return db
}
