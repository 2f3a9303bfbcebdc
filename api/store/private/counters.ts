import type { DatabaseSync } from 'node:sqlite'
import { transaction } from './database.ts'

/** Views per public page path and downloads per program id. */
export type Counters = { views: Record<string, number>; downloads: Record<string, number> }

/** How often counts reach the database: a crash loses at most this much counting. */
export const COUNTER_FLUSH_MS = 1000

/**
 * Page views and downloads, counted in memory (a page view never waits for the disk) and written in one
 * transaction about once a second and at a graceful stop. Only the counts that changed since the last write are
 * written.
 */
export function counterStore(db: DatabaseSync) {
  const tables = { views: 'page_views', downloads: 'downloads' } as const
  const keyColumn = { views: 'path', downloads: 'program_id' } as const
  const live: Counters = { views: {}, downloads: {} }
  const written: Counters = { views: {}, downloads: {} }
  for (const kind of ['views', 'downloads'] as const) {
    for (const row of db.prepare(`SELECT ${keyColumn[kind]} AS k, count FROM ${tables[kind]}`).all()) {
      live[kind][String(row.k)] = written[kind][String(row.k)] = Number(row.count)
    }
  }
  const statements = (['views', 'downloads'] as const).map((kind) => ({
    kind,
    set: db.prepare(
      `INSERT INTO ${tables[kind]} (${keyColumn[kind]}, count) VALUES (?, ?)
       ON CONFLICT (${keyColumn[kind]}) DO UPDATE SET count = excluded.count`,
    ),
    remove: db.prepare(`DELETE FROM ${tables[kind]} WHERE ${keyColumn[kind]} = ?`),
  }))

  const flush = () => {
    const changes: (() => void)[] = []
    for (const { kind, set, remove } of statements) {
      const now = live[kind]
      const before = written[kind]
      for (const key of Object.keys(now)) {
        const n = now[key]!
        if (before[key] !== n) changes.push(() => (set.run(key, n), (before[key] = n)))
      }
      for (const key of Object.keys(before)) {
        if (!(key in now)) changes.push(() => (remove.run(key), delete before[key]))
      }
    }
    if (changes.length > 0) transaction(db, () => changes.forEach((change) => change()))
  }
  const timer = setInterval(() => {
    try {
      flush()
    } catch (err) {
      console.error(err)
    }
  }, COUNTER_FLUSH_MS)
  timer.unref()

  return {
    /** The live counts (change them through the functions below or `update`). */
    read: (): Counters => live,
    /** Counts one view of a public page (its view key, e.g. '/blog/slug'). */
    countView(path: string) {
      live.views[path] = (live.views[path] ?? 0) + 1
    },
    /** Counts one download of a program. */
    countDownload(programId: string) {
      live.downloads[programId] = (live.downloads[programId] ?? 0) + 1
    },
    /** Changes counts in memory (they are written with the next flush). */
    update<R>(fn: (counters: Counters) => R): R {
      return fn(live)
    },
    /** Writes the changed counts now (also called once a second and at a graceful stop). */
    flush,
    /** Sum of page views as stored in the database (the dashboard's figure), after writing pending counts. */
    totalViews(): number {
      flush()
      return Number(db.prepare('SELECT coalesce(sum(count), 0) AS n FROM page_views').get()?.n ?? 0)
    },
    stop() {
      clearInterval(timer)
      flush()
    },
  }
}
