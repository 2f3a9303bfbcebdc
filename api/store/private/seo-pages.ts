import { hash, randomUUID } from 'node:crypto'
import { closeSync, createReadStream, mkdirSync, openSync, rmSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { DatabaseSync, SQLOutputValue } from 'node:sqlite'
import { Readable } from 'node:stream'
import { transaction } from './database.ts'

export type SeoFinding = { code: string; severity: 'error' | 'warning'; message: string }
export type SeoPageRow = {
  path: string
  title: string
  description: string
  findings: SeoFinding[]
  checkedAt: string
}

/**
 * What the report needs of a stored page, kept in memory for every page (decision 343): counts and keys, no title,
 * description or finding text (those stay in SQLite, read for the pages an answer lists).
 */
export type SeoPageSummary = {
  path: string
  /** How many findings the page's own check made, and how many of them are errors. */
  findings: number
  errors: number
  /** The UTF-8 size of the title as JSON and of the findings' JSON as stored (the answers place each page by it). */
  textBytes: number
  /** Equal for equal titles (a 128-bit hash of the text), null for no title. */
  title: string | null
  /** The same for the description. */
  description: string | null
  checkedAt: string
}

/** A text's key for "the same title on several pages": md5 as 16 one-byte characters (a 32-byte string). */
export function textKey(text: string): string | null {
  return text ? hash('md5', text, 'latin1') : null
}

/** A stored page's summary (`findingsJson`: its findings as stored, `JSON.stringify(findings)`). */
export function seoPageSummary(
  { path, title, description, findings, checkedAt }: SeoPageRow,
  findingsJson = JSON.stringify(findings),
): SeoPageSummary {
  return {
    path,
    textBytes: Buffer.byteLength(JSON.stringify(title)) + Buffer.byteLength(findingsJson),
    findings: findings.length,
    errors: findings.filter((f) => f.severity === 'error').length,
    title: textKey(title),
    description: textKey(description),
    checkedAt,
  }
}

/**
 * The SEO findings of the rendered pages (table seo_pages): written after a publish, read by the dashboard. A summary
 * of each row is kept in memory (read once, then changed with each save): a report after a publish does not read and
 * parse 100,000 rows again; the texts are read from the table for the pages an answer lists.
 */
export function seoPageStore(db: DatabaseSync) {
  const upsert = db.prepare(
    'INSERT INTO seo_pages (path, title, description, findings, checked_at) VALUES (?, ?, ?, ?, ?) ' +
      'ON CONFLICT (path) DO UPDATE SET title = excluded.title, description = excluded.description, ' +
      'findings = excluded.findings, checked_at = excluded.checked_at',
  )
  const remove = db.prepare('DELETE FROM seo_pages WHERE path = ?')
  const all = db.prepare('SELECT path, title, description, findings, checked_at FROM seo_pages')
  const textsOf = db.prepare('SELECT title, findings FROM seo_pages WHERE path = ?')
  /** Grows with every save: readers keep what they computed from the rows until it changes. */
  let version = 0
  let kept: Map<string, SeoPageSummary> | null = null
  let list: SeoPageSummary[] | null = null
  const rows = () => {
    if (kept) return kept
    kept = new Map()
    // One string per check time, as a publish's rows share theirs, not one per row read (only while reading).
    const times = new Map<string, string>()
    for (const r of all.iterate()) {
      const row = rowOf(r)
      const checkedAt = times.get(row.checkedAt) ?? row.checkedAt
      times.set(checkedAt, checkedAt)
      kept.set(row.path, seoPageSummary({ ...row, checkedAt }, String(r.findings)))
    }
    return kept
  }
  return {
    version: () => version,
    count: () => rows().size,
    paths: () => [...rows().keys()],
    /** The checked pages of one publish and the pages it removed, in one transaction (a rare, admin-caused write). */
    save(changed: SeoPageRow[], removed: string[]) {
      const findingsJson = changed.map((r) => JSON.stringify(r.findings))
      transaction(db, () => {
        for (const [i, r] of changed.entries())
          upsert.run(r.path, r.title, r.description, findingsJson[i]!, r.checkedAt)
        for (const path of removed) remove.run(path)
      })
      const mine = rows()
      for (const [i, r] of changed.entries()) mine.set(r.path, seoPageSummary(r, findingsJson[i]!))
      for (const path of removed) mine.delete(path)
      list = null
      version++
    },
    /** Every checked page's summary (the same array until the next save; do not change it). */
    summaries(): SeoPageSummary[] {
      return (list ??= [...rows().values()])
    },
    /**
     * A stored page's title and its findings as stored: the JSON text `JSON.stringify(findings)` made when it was
     * saved (so the same as stringifying them again).
     */
    texts(path: string): { title: string; findings: string } | undefined {
      const r = textsOf.get(path)
      return r && { title: String(r.title), findings: String(r.findings) }
    },
    /** Every stored page's path, title and findings as stored, in the table's order (one scan; strings). */
    *storedTexts(): Generator<[path: string, title: string, findings: string], void, void> {
      const scan = db.prepare('SELECT path, title, findings FROM seo_pages')
      scan.setReturnArrays(true)
      for (const r of scan.iterate() as Iterable<SQLOutputValue[]>)
        yield [String(r[0]), String(r[1]), String(r[2])]
    },
    /** Every stored row, read from the table now (checks and tests; not kept). */
    all(): SeoPageRow[] {
      return all.all().map(rowOf)
    },
    /** Where the prepared full list is written: files in the data folder (decision 343). */
    answers: seoAnswerFiles(db),
  }
}

const rowOf = (r: Record<string, SQLOutputValue>): SeoPageRow => ({
  path: String(r.path),
  title: String(r.title),
  description: String(r.description),
  findings: JSON.parse(String(r.findings)) as SeoFinding[],
  checkedAt: String(r.checked_at),
})

/** A prepared answer in a file: its size, and its bytes as a stream. */
export type SeoAnswerFile = { size: number; stream(): ReadableStream<Uint8Array<ArrayBuffer>> }

/** Folders already emptied of an earlier process's files by this process. */
const swept = new Set<string>()

/**
 * Answers written to `seo-answers/` beside the database (mode 0600, folder 0700), one file each under a random name;
 * a finished file replaces the last one (removed; a read already streaming it keeps its open file). Not fsynced: a
 * cache made again after a start, when the files of the earlier process are removed.
 */
function seoAnswerFiles(db: DatabaseSync) {
  let last: string | null = null
  const folder = () => {
    const location = db.location()
    if (!location) throw new Error('SEO answers need a database file (not :memory:)')
    const dir = join(dirname(location), 'seo-answers')
    if (!swept.has(dir)) {
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { mode: 0o700 })
      swept.add(dir)
    }
    return dir
  }
  return {
    /** A new file to write an answer into, in pieces at their places: `done()` makes it readable, `abort()` removes it. */
    create() {
      const file = join(folder(), `${randomUUID()}.json`)
      const fd = openSync(file, 'wx', 0o600)
      let size = 0
      return {
        writeAt(bytes: Uint8Array, position: number) {
          for (let at = 0; at < bytes.byteLength;)
            at += writeSync(fd, bytes, at, bytes.byteLength - at, position + at)
          size = Math.max(size, position + bytes.byteLength)
        },
        done(): SeoAnswerFile {
          closeSync(fd)
          if (last) rmSync(last, { force: true })
          last = file
          return answerFile(file, size)
        },
        abort() {
          closeSync(fd)
          rmSync(file, { force: true })
        },
      }
    },
  }
}

function answerFile(file: string, size: number): SeoAnswerFile {
  return {
    size,
    // Opened now, not when the stream is first read: a newer file replacing this one meanwhile changes nothing.
    stream() {
      const fd = openSync(file, 'r')
      return Readable.toWeb(createReadStream(file, { fd, highWaterMark: 256 * 1024 })) as ReadableStream<
        Uint8Array<ArrayBuffer>
      >
    },
  }
}
