import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { chmodSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { transaction } from './database.ts'

/**
 * The public blog search's index (issue 33, decision 344): each post's folded search text in an FTS5 table with the
 * trigram tokenizer, on disk, so no post's text stays in the V8 heap. A derived index, rebuilt from the posts when
 * missing, so it is a database of its own in DATA_DIR (never in backups, never migrated: a schema of another
 * VERSION, or a file SQLite cannot read, is removed and built again).
 */
export const BLOG_SEARCH_FILE = 'blog-search.sqlite'

/** Bumped when the tables or the indexed text change: the file is then built anew. */
const VERSION = 1

/**
 * `blog_search_posts`: a post's id and the hash of the sources of its text (a restart re-indexes only the posts
 * whose hash differs). `blog_search_text`: the folded text, rowid = seq, tokenized in trigrams (case_sensitive=1:
 * the text and the words are folded already, nothing else may differ). A word of 3 or more characters is a phrase
 * of its trigrams at consecutive positions: exactly the posts whose text contains it, answered from the index alone
 * (detail=full keeps the positions; detail=none halves the file but re-reads every candidate's text, 2-5 times
 * slower for a common word). A shorter word has no trigram: `instr` on the stored text of the candidates, or of every
 * post when all words are short.
 */
const SCHEMA = `
  CREATE TABLE IF NOT EXISTS blog_search_posts (seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, hash TEXT NOT NULL);
  CREATE VIRTUAL TABLE IF NOT EXISTS blog_search_text USING fts5(text, tokenize = 'trigram case_sensitive 1', detail = full);
`

/** A post's row: its id, the hash of its text's sources and the folded text. */
export type IndexedPost = { id: string; hash: string; text: string }

export type BlogSearchIndex = {
  /** The stored hash of a post's text sources; undefined when the post is not indexed. */
  hashOf(id: string): string | undefined
  /** Stores `put` (new or changed posts) and removes `remove` (ids), in one transaction. */
  write(put: readonly IndexedPost[], remove: readonly string[]): void
  /** Every indexed id (the build removes those no post has any more). */
  ids(): string[]
  /** How many posts are indexed. */
  count(): number
  /** The ids of the posts whose text contains every word (folded, not blank), as substrings. */
  matching(words: readonly string[]): Set<string>
  /** Removes the file and starts empty (a file that failed to answer). */
  reset(): void
  close(): void
}

/** A word as an FTS5 phrase: quoted, so its characters are never FTS5's query syntax. */
const phrase = (word: string) => `"${word.replaceAll('"', '""')}"`
/** Trigrams need 3 characters (code points, as SQLite counts them). */
const indexable = (word: string) => [...word].length >= 3

/** Opens DATA_DIR/blog-search.sqlite at its first use (an app that never searches makes no file). */
export function openBlogSearchIndex(dataDir: string): BlogSearchIndex {
  const path = join(dataDir, BLOG_SEARCH_FILE)
  let open: ReturnType<typeof openFile> | null = null
  const db = () => (open ??= openFile(path))
  return {
    hashOf: (id) => db().hashOf.get(id)?.hash as string | undefined,
    write(put, remove) {
      const o = db()
      transaction(o.db, () => {
        for (const id of remove) {
          const row = o.seqOf.get(id)
          if (!row) continue
          o.deleteText.run(row.seq)
          o.deletePost.run(row.seq)
        }
        for (const post of put) {
          const row = o.seqOf.get(post.id)
          if (row) {
            o.updateHash.run(post.hash, row.seq)
            o.updateText.run(post.text, row.seq)
          } else {
            const { lastInsertRowid } = o.insertPost.run(post.id, post.hash)
            o.insertText.run(lastInsertRowid, post.text)
          }
        }
      })
    },
    ids: () =>
      db()
        .allIds.all()
        .map((row) => row.id as string),
    count: () => Number(db().count.get()!.n),
    matching(words) {
      const o = db()
      const unique = [...new Set(words)]
      const long = unique.filter(indexable)
      const short = unique.filter((word) => !indexable(word))
      const key = `${long.length ? 1 : 0}:${short.length}`
      let stmt = o.byShape.get(key)
      if (!stmt) {
        const where = [
          ...(long.length ? ['blog_search_text MATCH ?'] : []),
          ...short.map(() => 'instr(text, ?) > 0'),
        ]
        stmt = o.db.prepare(
          `SELECT p.id FROM blog_search_posts p WHERE p.seq IN (SELECT rowid FROM blog_search_text WHERE ${where.join(' AND ')})`,
        )
        o.byShape.set(key, stmt)
      }
      const params = [...(long.length ? [long.map(phrase).join(' ')] : []), ...short]
      const ids = new Set<string>()
      for (const row of stmt.iterate(...params)) ids.add(row.id as string)
      return ids
    },
    reset() {
      open?.db.close()
      open = null
      removeFiles(path)
    },
    close() {
      open?.db.close()
      open = null
    },
  }
}

function removeFiles(path: string) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(path + suffix, { force: true })
}

/** The database with its statements; a file of another version, or one SQLite refuses, is made anew. */
function openFile(path: string) {
  let db: DatabaseSync
  try {
    db = openAt(path)
  } catch {
    removeFiles(path)
    db = openAt(path)
  }
  return {
    db,
    hashOf: db.prepare('SELECT hash FROM blog_search_posts WHERE id = ?'),
    seqOf: db.prepare('SELECT seq FROM blog_search_posts WHERE id = ?'),
    insertPost: db.prepare('INSERT INTO blog_search_posts (id, hash) VALUES (?, ?)'),
    updateHash: db.prepare('UPDATE blog_search_posts SET hash = ? WHERE seq = ?'),
    deletePost: db.prepare('DELETE FROM blog_search_posts WHERE seq = ?'),
    insertText: db.prepare('INSERT INTO blog_search_text (rowid, text) VALUES (?, ?)'),
    updateText: db.prepare('UPDATE blog_search_text SET text = ? WHERE rowid = ?'),
    deleteText: db.prepare('DELETE FROM blog_search_text WHERE rowid = ?'),
    allIds: db.prepare('SELECT id FROM blog_search_posts'),
    count: db.prepare('SELECT count(*) AS n FROM blog_search_posts'),
    /** One statement per shape (any long words; how many short ones: at most 100 in 200 characters). */
    byShape: new Map<string, StatementSync>(),
  }
}

function openAt(path: string): DatabaseSync {
  let db = new DatabaseSync(path)
  try {
    const version = Number(db.prepare('PRAGMA user_version').get()?.user_version ?? 0)
    const empty = db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table'").get()?.n === 0
    if (version !== VERSION && !empty) {
      db.close()
      removeFiles(path)
      db = new DatabaseSync(path)
    }
    // A derived index: NORMAL (a power cut may lose the last writes, never the file's consistency; the hashes
    // then differ and the build writes those posts again).
    db.exec('PRAGMA journal_mode = WAL')
    db.exec('PRAGMA synchronous = NORMAL')
    db.exec('PRAGMA busy_timeout = 5000')
    db.exec(SCHEMA)
    db.exec(`PRAGMA user_version = ${VERSION}`)
    chmodSync(path, 0o600)
    return db
  } catch (err) {
    if (db.isOpen) db.close()
    throw err
  }
}
