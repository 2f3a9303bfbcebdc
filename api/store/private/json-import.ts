import { readFile, rename, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { DatabaseSync } from 'node:sqlite'
import type { ContactMessage } from '#schema/contact-message.ts'
import { transaction } from './database.ts'

/** The JSON files private data lived in before SQLite (decision 013), and the name each is kept under after. */
export const JSON_ERA_FILES = ['users', 'members', 'messages', 'state', 'counters'] as const
export const IMPORTED_SUFFIX = '.imported-to-sqlite'
const MARKER = 'json-import'

type Importers = {
  users: (rows: unknown[]) => void
  members: (rows: unknown[]) => void
  messages: (rows: ContactMessage[]) => void
  state: (state: { maintenanceMode?: boolean }) => void
  counters: (counters: { views?: Record<string, number>; downloads?: Record<string, number> }) => void
}

async function readJsonIfAny(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null
    throw err
  })
  return text === null ? undefined : JSON.parse(text)
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/**
 * At the first start on a DATA_DIR written by the JSON-era code: imports every JSON file in one transaction (all or
 * nothing), records that in `meta`, then renames each file to `<name>.json.imported-to-sqlite`. A later start finds
 * the mark and imports nothing; files left by a crash between the commit and the renames are renamed then.
 */
export async function importJsonEra(db: DatabaseSync, dataDir: string, into: Importers): Promise<string[]> {
  const present: string[] = []
  for (const name of JSON_ERA_FILES) if (await exists(join(dataDir, `${name}.json`))) present.push(name)
  const done = db.prepare('SELECT value FROM meta WHERE key = ?').get(MARKER)
  if (!done && present.length > 0) {
    const data: Record<string, unknown> = {}
    for (const name of present) data[name] = await readJsonIfAny(join(dataDir, `${name}.json`))
    transaction(db, () => {
      if (Array.isArray(data.users)) into.users(data.users)
      if (Array.isArray(data.members)) into.members(data.members)
      if (Array.isArray(data.messages)) into.messages(data.messages as ContactMessage[])
      if (data.state && typeof data.state === 'object') into.state(data.state)
      if (data.counters && typeof data.counters === 'object') into.counters(data.counters)
      const note = JSON.stringify({ at: new Date().toISOString(), files: present })
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(MARKER, note)
    })
  }
  for (const name of present) {
    await rename(join(dataDir, `${name}.json`), join(dataDir, `${name}.json${IMPORTED_SUFFIX}`))
  }
  return done ? [] : present
}
