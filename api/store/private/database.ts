import { DatabaseSync } from 'node:sqlite'
import { chmod, readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The database file in DATA_DIR (with its -wal and -shm companions). */
export const DB_FILE = 'private.sqlite'
const MIGRATIONS_DIR = join(import.meta.dirname, '..', 'migrations')
const MIGRATION_NAME = /^(\d{3})-[a-z0-9-]+\.sql$/

/**
 * Opens DATA_DIR/private.sqlite: WAL (readers never wait for the writer), synchronous=FULL (a commit returns only
 * after the WAL is fsynced: an acknowledged write has reached the disk), then runs the pending migrations.
 */
export async function openDatabase(dataDir: string): Promise<DatabaseSync> {
  const path = join(dataDir, DB_FILE)
  const db = new DatabaseSync(path)
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA synchronous = FULL')
  db.exec('PRAGMA busy_timeout = 5000')
  db.exec('PRAGMA foreign_keys = ON')
  await chmod(path, 0o600)
  await migrate(db)
  return db
}

/** Runs every migrations/NNN-*.sql not yet applied, in order, each in its own transaction. */
export async function migrate(db: DatabaseSync): Promise<string[]> {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)',
  )
  const applied = new Set(
    db
      .prepare('SELECT version FROM schema_migrations')
      .all()
      .map((row) => Number(row.version)),
  )
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => MIGRATION_NAME.test(f)).sort()
  const ran: string[] = []
  for (const file of files) {
    const version = Number(MIGRATION_NAME.exec(file)![1])
    if (applied.has(version)) continue
    const sql = await readFile(join(MIGRATIONS_DIR, file), 'utf8')
    transaction(db, () => {
      db.exec(sql)
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
        version,
        file,
        new Date().toISOString(),
      )
    })
    ran.push(file)
  }
  return ran
}

/** Runs `fn` in one write transaction: all of it is committed, or (on a throw) none of it. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE')
  try {
    const result = fn()
    db.exec('COMMIT')
    return result
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}
