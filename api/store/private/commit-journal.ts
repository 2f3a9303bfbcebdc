import type { DatabaseSync } from 'node:sqlite'
import { intentPaths, type CommitIntent, type CommitJournal, type IntentPath } from '../git/commit-journal.ts'
import type { Writer } from './writer.ts'

/** The journal's writes, run on the writer thread (its fsync never blocks the thread serving pages). */
export const JOURNAL_STATEMENTS = {
  journalInsert:
    'INSERT INTO content_commit_journal (id, content_dir, file, author_name, author_email, message, blob, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  journalInsertPath:
    'INSERT INTO content_commit_journal_path (intent_id, position, path, blob, bytes) VALUES (?, ?, ?, ?, ?)',
  journalKeep: 'UPDATE content_commit_journal SET bytes = ? WHERE id = ?',
  journalKeepPath: 'UPDATE content_commit_journal_path SET bytes = ? WHERE intent_id = ? AND path = ?',
  journalDonePaths: 'DELETE FROM content_commit_journal_path WHERE intent_id = ?',
  journalDone: 'DELETE FROM content_commit_journal WHERE id = ?',
}

const bytesOf = (value: unknown) => (value instanceof Uint8Array ? value : null)

/**
 * The commit journal of one content folder (`contentDir`: its repository path), in table content_commit_journal;
 * the paths of an intent that has several (or removes one) in content_commit_journal_path (decision 333).
 */
export function commitJournalStore(db: DatabaseSync, writer: Writer) {
  return (contentDir: string): CommitJournal => ({
    record: (intent, keep) =>
      writer.write([
        ...keep.map((k) =>
          k.path === undefined
            ? { stmt: 'journalKeep', params: [k.bytes, k.id] }
            : { stmt: 'journalKeepPath', params: [k.bytes, k.id, k.path] },
        ),
        ...(intent ? insertOps(intent, contentDir) : []),
      ]),
    done: (id) =>
      writer.write([
        { stmt: 'journalDonePaths', params: [id] },
        { stmt: 'journalDone', params: [id] },
      ]),
    pending: () => {
      const paths = new Map<string, IntentPath[]>()
      const rows = db
        .prepare(
          `SELECT p.intent_id, p.path, p.blob, p.bytes FROM content_commit_journal_path p
           JOIN content_commit_journal j ON j.id = p.intent_id WHERE j.content_dir = ? ORDER BY p.intent_id, p.position`,
        )
        .all(contentDir)
      for (const row of rows) {
        const id = String(row.intent_id)
        const list = paths.get(id) ?? []
        list.push({
          path: String(row.path),
          blob: row.blob === null ? null : String(row.blob),
          bytes: bytesOf(row.bytes),
        })
        paths.set(id, list)
      }
      return db
        .prepare(
          'SELECT id, file, author_name, author_email, message, blob, bytes FROM content_commit_journal WHERE content_dir = ? ORDER BY seq',
        )
        .all(contentDir)
        .map((row): CommitIntent => {
          const common = {
            id: String(row.id),
            author: { name: String(row.author_name), email: String(row.author_email) },
            message: String(row.message),
          }
          const files = paths.get(common.id)
          // No path rows: one file (every row an older version wrote too).
          if (!files)
            return { ...common, file: String(row.file), blob: String(row.blob), bytes: bytesOf(row.bytes) }
          return { ...common, files }
        })
    },
  })
}

/** The rows of one intent: its own, then one per path when it has the several-path form. */
function insertOps(intent: CommitIntent, contentDir: string) {
  // The intent's own row names its first path (a version without the path table still finds a file there).
  const [first] = intentPaths(intent)
  const own = {
    stmt: 'journalInsert',
    params: [
      intent.id,
      contentDir,
      first!.path,
      intent.author.name,
      intent.author.email,
      intent.message,
      first!.blob ?? '',
      intent.bytes ?? null,
      new Date().toISOString(),
    ],
  }
  if (intent.file !== undefined) return [own]
  return [
    own,
    ...intent.files.map((p, position) => ({
      stmt: 'journalInsertPath',
      params: [intent.id, position, p.path, p.blob, p.bytes],
    })),
  ]
}
