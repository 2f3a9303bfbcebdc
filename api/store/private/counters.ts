import type { DatabaseSync } from 'node:sqlite'
import type { WriteOp, Writer } from './writer.ts'
import { log } from '../../lib/log.ts'
import { dayClock } from '../../lib/istanbul-day.ts'
import type { VisitFacts } from '../../stats/visit.ts'
import { DAILY_STATEMENTS, type DailyKind } from './daily-figures.ts'
import { PERIOD_STATEMENTS } from './period-sums.ts'

/** Views per public page path and downloads per program id. */
export type Counters = { views: Record<string, number>; downloads: Record<string, number> }
type Kind = keyof Counters

/** How often counts reach the database: a crash loses at most this much counting. */
export const COUNTER_FLUSH_MS = 1000

/** The statements the writer thread runs for counters. */
export const COUNTER_STATEMENTS = {
  viewsSet:
    'INSERT INTO page_views (path, count) VALUES (?, ?) ON CONFLICT (path) DO UPDATE SET count = excluded.count',
  viewsRemove: 'DELETE FROM page_views WHERE path = ?',
  downloadsSet:
    'INSERT INTO downloads (program_id, count) VALUES (?, ?) ON CONFLICT (program_id) DO UPDATE SET count = excluded.count',
  downloadsRemove: 'DELETE FROM downloads WHERE program_id = ?',
  ...DAILY_STATEMENTS,
  ...PERIOD_STATEMENTS,
}

/** A person's visit with nothing known about it (callers that have no request headers). */
const PLAIN_VISIT: VisitFacts = { bot: false, referrer: null }

/**
 * Page views and downloads, counted in memory (a page view never waits for the disk) and written in one
 * transaction about once a second and at a graceful stop; only counts that changed since the last write are sent.
 */
export function counterStore(db: DatabaseSync, writer: Writer, now: () => Date = () => new Date()) {
  const live: Counters = { views: {}, downloads: {} }
  /**
   * Daily figures not written yet, as increments (kind, Istanbul day, key → n): added to the stored rows, so a
   * day's row never has to be read back. Bots are left out here; the all-time totals above count as before.
   */
  let daily = new Map<string, number>()
  const today = dayClock(now)
  const addDaily = (kind: DailyKind, key: string) => {
    const id = `${kind}\u0000${today()}\u0000${key}`
    daily.set(id, (daily.get(id) ?? 0) + 1)
  }
  const written: Counters = { views: {}, downloads: {} }
  const load = (kind: Kind, sql: string) => {
    for (const row of db.prepare(sql).all())
      live[kind][String(row.k)] = written[kind][String(row.k)] = Number(row.n)
  }
  load('views', 'SELECT path AS k, count AS n FROM page_views')
  load('downloads', 'SELECT program_id AS k, count AS n FROM downloads')

  let running: Promise<void> = Promise.resolve()
  // The keys counted since the last flush; `update` may change any count, so after it every count is compared.
  // (At 10,000 pages comparing every count each second cost ~10 ms a second, growing with the site.)
  const touched = { views: new Set<string>(), downloads: new Set<string>() }
  let compareAll = false
  /** Sends what changed; on a failed write the counts stay marked as unwritten and go with the next flush. */
  const flush = (): Promise<void> => {
    const ops: WriteOp[] = []
    const sent: Counters = { views: {}, downloads: {} }
    const all = compareAll
    compareAll = false
    for (const kind of ['views', 'downloads'] as const) {
      const keys = all ? Object.keys(live[kind]) : [...touched[kind]]
      touched[kind].clear()
      for (const key of keys) {
        const n = live[kind][key]
        if (n !== undefined && written[kind][key] !== n)
          (ops.push({ stmt: `${kind}Set`, params: [key, n] }), (sent[kind][key] = n))
      }
      if (all)
        for (const key of Object.keys(written[kind])) {
          if (!(key in live[kind])) (ops.push({ stmt: `${kind}Remove`, params: [key] }), (sent[kind][key] = -1))
        }
      for (const [key, n] of Object.entries(sent[kind])) {
        if (n < 0) delete written[kind][key]
        else written[kind][key] = n
      }
    }
    const sentDaily = daily
    daily = new Map()
    for (const [id, n] of sentDaily) ops.push({ stmt: 'dailyAdd', params: [...id.split('\u0000'), n] })
    const write = writer.write(ops).catch((err: unknown) => {
      for (const kind of ['views', 'downloads'] as const)
        for (const key of Object.keys(sent[kind])) {
          delete written[kind][key]
          touched[kind].add(key)
        }
      // The increments go with the next flush (added to what was counted meanwhile).
      for (const [id, n] of sentDaily) daily.set(id, (daily.get(id) ?? 0) + n)
      throw err
    })
    running = running.then(() => write).catch((err: unknown) => log.error({ err }, 'Sayaçlar yazılamadı'))
    return running
  }
  const timer = setInterval(() => void flush(), COUNTER_FLUSH_MS)
  timer.unref()

  return {
    /** The live counts (change them through the functions below or `update`). */
    read: (): Counters => live,
    /** Counts one view of a public page (its view key, e.g. '/blog/slug'); a bot's only in the all-time total. */
    countView(path: string, visit: VisitFacts = PLAIN_VISIT) {
      live.views[path] = (live.views[path] ?? 0) + 1
      touched.views.add(path)
      if (visit.bot) return
      addDaily('view', path)
      addDaily('view-day', '')
      if (visit.referrer) addDaily('referrer', visit.referrer)
    },
    /** Counts one download of a program. */
    countDownload(programId: string, visit: VisitFacts = PLAIN_VISIT) {
      live.downloads[programId] = (live.downloads[programId] ?? 0) + 1
      touched.downloads.add(programId)
      if (visit.bot) return
      addDaily('download', programId)
      addDaily('download-day', '')
    },
    /** Counts one contact message on today's figures (the message itself is stored by the messages store). */
    countMessage() {
      addDaily('message', '')
    },
    /** Changes counts in memory (they are written with the next flush). */
    update<R>(fn: (counters: Counters) => R): R {
      compareAll = true
      return fn(live)
    },
    /** Writes the changed counts now (also called once a second and at a graceful stop). */
    flush,
    /** Sum of page views as stored in the database (the dashboard's figure), after writing pending counts. */
    async totalViews(): Promise<number> {
      await flush()
      return Number(db.prepare('SELECT coalesce(sum(count), 0) AS n FROM page_views').get()?.n ?? 0)
    },
    /** Stops the timer and writes the last counts. */
    stop(): Promise<void> {
      clearInterval(timer)
      return flush()
    },
  }
}
