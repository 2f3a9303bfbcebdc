import { chmod, cp, mkdir, open, readdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { backup, DatabaseSync } from 'node:sqlite'
import { DIR_MODE, FILE_MODE, syncFolder } from '../durable-file.ts'
import { DB_FILE } from './database.ts'

/** Folders and files of DATA_DIR a backup copies besides the database. */
const DATA_FOLDERS = ['uploads', 'files', 'library']
const DATA_FILES = ['session-secret']
// Large enough that SQLite copies every page in one step: a write from the server's connection meanwhile would
// otherwise restart the copy, and one step reads one consistent snapshot (WAL lets the server keep writing).
const ALL_PAGES = 2 ** 30

/** What a backup holds, written beside it as manifest.json. */
export type BackupManifest = {
  at: string
  pages: number
  messages: number
  users: number
  /** Items of the members' library (their files are among `files`). */
  libraryItems: number
  files: number
}

/**
 * Writes a consistent snapshot of DATA_DIR into `target` while the server runs: the database through SQLite's
 * online backup (checked with integrity_check), then uploads/, files/, library/ and the session secret.
 */
export async function backupDataDir(dataDir: string, target: string): Promise<BackupManifest> {
  await mkdir(target, { recursive: true, mode: DIR_MODE })
  // Created private before SQLite fills it: the copy holds password hashes and messages (umask would give 0644).
  await (await open(join(target, DB_FILE), 'w', FILE_MODE)).close()
  const source = new DatabaseSync(join(dataDir, DB_FILE))
  let pages: number
  try {
    source.exec('PRAGMA busy_timeout = 10000')
    pages = await backup(source, join(target, DB_FILE), { rate: ALL_PAGES })
  } finally {
    source.close()
  }
  const copy = new DatabaseSync(join(target, DB_FILE))
  let counts: { messages: number; users: number; libraryItems: number }
  try {
    const check = copy.prepare('PRAGMA integrity_check').get()?.integrity_check
    if (check !== 'ok') throw new Error(`Yedek veritabanı bozuk: ${String(check)}`)
    // A backup is one file: no WAL beside it.
    copy.exec('PRAGMA journal_mode = DELETE')
    const count = (table: string) => Number(copy.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n)
    counts = { messages: count('messages'), users: count('users'), libraryItems: count('library_items') }
  } finally {
    copy.close()
  }
  let files = 0
  for (const folder of DATA_FOLDERS) {
    const names = await readdir(join(dataDir, folder)).catch(() => [] as string[])
    await cp(join(dataDir, folder), join(target, folder), { recursive: true }).catch(() => {})
    files += names.length
  }
  for (const name of DATA_FILES) {
    if (await stat(join(dataDir, name)).catch(() => null)) await cp(join(dataDir, name), join(target, name))
  }
  const manifest: BackupManifest = { at: new Date().toISOString(), pages, ...counts, files }
  await writeFile(join(target, 'manifest.json'), JSON.stringify(manifest, null, 2), { mode: FILE_MODE })
  await makePrivate(target)
  await syncFolder(target)
  return manifest
}

/** Every file in the backup 0600 and every folder 0700, whatever modes the copied files had in DATA_DIR. */
async function makePrivate(folder: string): Promise<void> {
  await chmod(folder, DIR_MODE)
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name)
    if (entry.isDirectory()) await makePrivate(path)
    else if (entry.isFile()) await chmod(path, FILE_MODE)
  }
}
