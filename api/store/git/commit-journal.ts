import type { GitAuthor } from './git-text.ts'

/**
 * A save's commit, written down before the save is answered: which file, who, which message, and the id of the
 * bytes the save wrote. `bytes` is kept only once the file has moved on past them (a later save or an outside
 * edit of the same file while this commit still waits); until then the file on disk holds them (decision 025).
 */
export type CommitIntent = {
  id: string
  file: string
  author: GitAuthor
  message: string
  blob: string
  bytes: Uint8Array | null
}

/** Where intents live until their commit is made: DATA_DIR's database in the server (private/commit-journal.ts). */
export type CommitJournal = {
  /** Records `intent` and keeps the bytes of `keep` (superseded intents), together; durable when it resolves. */
  record(intent: CommitIntent | null, keep: { id: string; bytes: Uint8Array }[]): Promise<void>
  /** The intent's commit is made (or it was given up): forget it. */
  done(id: string): Promise<void>
  /** Intents not yet committed, oldest first. */
  pending(): CommitIntent[]
}

/** A journal in memory only (a content store opened without a database: tools, some tests). */
export function memoryJournal(): CommitJournal {
  const rows = new Map<string, CommitIntent>()
  return {
    async record(intent, keep) {
      for (const k of keep) {
        const row = rows.get(k.id)
        if (row) row.bytes = k.bytes
      }
      if (intent) rows.set(intent.id, { ...intent })
    },
    async done(id) {
      rows.delete(id)
    },
    pending: () => [...rows.values()],
  }
}
