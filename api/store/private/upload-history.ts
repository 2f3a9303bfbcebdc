import type { DatabaseSync } from 'node:sqlite'
import { transaction } from './database.ts'

/** One upload reference found in history: the content file and a commit whose change added it. */
export type UploadHistoryRef = { url: string; file: string; commit: string }

/** The upload references of content history, kept in the database (migration 004, decision 032). */
export type UploadHistoryTable = {
  /** The commit the history of `repo` was scanned up to, or null before the first scan. */
  tip(repo: string): string | null
  /** Records the references found in the commits up to `tip`, and the tip, in one transaction. */
  record(repo: string, tip: string, refs: Iterable<UploadHistoryRef>): void
  /** Where history refers to `url` (one row per content file), or []. */
  find(url: string): UploadHistoryRef[]
}

/** The table on DATA_DIR's database. */
export function uploadHistoryTable(db: DatabaseSync): UploadHistoryTable {
  const tipOf = db.prepare('SELECT commit_id FROM upload_history_tip WHERE repo = ?')
  const setTip = db.prepare(
    'INSERT INTO upload_history_tip (repo, commit_id) VALUES (?, ?) ON CONFLICT (repo) DO UPDATE SET commit_id = excluded.commit_id',
  )
  const add = db.prepare('INSERT OR IGNORE INTO upload_history_refs (url, file, commit_id) VALUES (?, ?, ?)')
  const byUrl = db.prepare('SELECT url, file, commit_id FROM upload_history_refs WHERE url = ?')
  return {
    tip: (repo) => (tipOf.get(repo)?.commit_id as string | undefined) ?? null,
    record: (repo, tip, refs) =>
      transaction(db, () => {
        for (const ref of refs) add.run(ref.url, ref.file, ref.commit)
        setTip.run(repo, tip)
      }),
    find: (url) =>
      byUrl.all(url).map((row) => ({ url: row.url as string, file: row.file as string, commit: row.commit_id as string })),
  }
}

/** The same table in memory (a content store opened without a database: unit tests of the store alone). */
export function memoryUploadHistory(): UploadHistoryTable {
  const tips = new Map<string, string>()
  const refs = new Map<string, UploadHistoryRef>()
  return {
    tip: (repo) => tips.get(repo) ?? null,
    record(repo, tip, found) {
      for (const ref of found) if (!refs.has(`${ref.url}\n${ref.file}`)) refs.set(`${ref.url}\n${ref.file}`, ref)
      tips.set(repo, tip)
    },
    find: (url) => [...refs.values()].filter((ref) => ref.url === url),
  }
}
