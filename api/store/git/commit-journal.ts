import type { GitAuthor } from './git-text.ts'

/**
 * One path of a save's commit: the id of the bytes the save wrote there, or null when the save removed it (decision
 * 333: a post deleted from a folder collection). `bytes` is kept only once the path has moved on past them.
 */
export type IntentPath = { path: string; blob: string | null; bytes: Uint8Array | null }

type IntentOf = { id: string; author: GitAuthor; message: string }

/**
 * A save's commit, written down before the save is answered: which file, who, which message, and the id of the
 * bytes the save wrote. `bytes` is kept only once the file has moved on past them (a later save or an outside
 * edit of the same file while this commit still waits); until then the file on disk holds them (decision 025).
 * A save of one written file keeps this form (and every row an older version left is read so); a save of several
 * paths, or one that removes a path, lists them in `files` (decision 333).
 */
export type CommitIntent =
  | (IntentOf & { file: string; blob: string; bytes: Uint8Array | null })
  | (IntentOf & { files: IntentPath[]; file?: undefined; blob?: undefined; bytes?: undefined })

/** The paths an intent commits, whichever form it has. */
export const intentPaths = (intent: CommitIntent): IntentPath[] =>
  intent.file === undefined ? intent.files : [{ path: intent.file, blob: intent.blob, bytes: intent.bytes }]

/**
 * Bytes to keep on an intent whose path moved on: `path` names which of a several-path intent's paths (absent for
 * a one-file intent).
 */
export type KeptBytes = { id: string; bytes: Uint8Array; path?: string }

/** Where intents live until their commit is made: DATA_DIR's database in the server (private/commit-journal.ts). */
export type CommitJournal = {
  /** Records `intent` and keeps the bytes of `keep` (superseded intents), together; durable when it resolves. */
  record(intent: CommitIntent | null, keep: KeptBytes[]): Promise<void>
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
        if (!row) continue
        if (row.file !== undefined) row.bytes = k.bytes
        else for (const p of row.files) if (p.path === k.path) p.bytes = k.bytes
      }
      // A copy, paths too: keeping bytes later never changes the caller's object.
      if (intent)
        rows.set(
          intent.id,
          intent.file === undefined
            ? { ...intent, files: intent.files.map((p) => ({ ...p })) }
            : { ...intent },
        )
    },
    async done(id) {
      rows.delete(id)
    },
    pending: () => [...rows.values()],
  }
}
