import type { DatabaseSync } from 'node:sqlite'
import type { CommitIntent, CommitJournal } from '../git/commit-journal.ts'
import type { Writer } from './writer.ts'

/** The journal's writes, run on the writer thread (its fsync never blocks the thread serving pages). */
export const JOURNAL_STATEMENTS = {
  journalInsert:
    'INSERT INTO content_commit_journal (id, content_dir, file, author_name, author_email, message, blob, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  journalKeep: 'UPDATE content_commit_journal SET bytes = ? WHERE id = ?',
  journalDone: 'DELETE FROM content_commit_journal WHERE id = ?',
}

/** The commit journal of one content folder (`contentDir`: its repository path), in table content_commit_journal. */
export function commitJournalStore(db: DatabaseSync, writer: Writer) {
  return (contentDir: string): CommitJournal => ({
    record: (intent, keep) =>
      writer.write([
        ...keep.map((k) => ({ stmt: 'journalKeep', params: [k.bytes, k.id] })),
        ...(intent
          ? [
              {
                stmt: 'journalInsert',
                params: [
                  intent.id,
                  contentDir,
                  intent.file,
                  intent.author.name,
                  intent.author.email,
                  intent.message,
                  intent.blob,
                  intent.bytes,
                  new Date().toISOString(),
                ],
              },
            ]
          : []),
      ]),
    done: (id) => writer.write([{ stmt: 'journalDone', params: [id] }]),
    pending: () =>
      db
        .prepare(
          'SELECT id, file, author_name, author_email, message, blob, bytes FROM content_commit_journal WHERE content_dir = ? ORDER BY seq',
        )
        .all(contentDir)
        .map((row): CommitIntent => ({
          id: String(row.id),
          file: String(row.file),
          author: { name: String(row.author_name), email: String(row.author_email) },
          message: String(row.message),
          blob: String(row.blob),
          bytes: row.bytes instanceof Uint8Array ? row.bytes : null,
        })),
  })
}
