import type { DatabaseSync } from 'node:sqlite'
import { daysBefore } from '../../lib/istanbul-day.ts'
import { log } from '../../lib/log.ts'
import type { WriteOp, Writer } from './writer.ts'

/**
 * The periods (days, today included) whose finished days' sums are kept (decision 323): the ones the statistics
 * page offers (7, 30, 90) and a year, and between them one every 20 days, so that any period of 1–366 days is at
 * most 10 days from one and a read sums at most that many days' rows besides the kept sums (decision 325).
 */
export const KEPT_PERIODS = [
  7, 14, 30, 50, 70, 90, 110, 130, 150, 170, 190, 210, 230, 250, 270, 290, 310, 330, 350, 365,
] as const

/** The kinds ranked in a period (its most viewed pages, referring sites, downloaded programs). */
export const RANKED_KINDS = ['view', 'referrer', 'download'] as const

/** The writer thread's statements: one day's rows added to (sign 1) or taken from (sign -1) a period's sums. */
export const PERIOD_STATEMENTS = {
  periodAddDay:
    'INSERT INTO period_sums (period, kind, key, count) SELECT ?, kind, key, ? * count FROM daily_figures ' +
    "WHERE day = ? AND kind IN ('view', 'referrer', 'download') " +
    'ON CONFLICT (period, kind, key) DO UPDATE SET count = count + excluded.count',
  periodPrune: 'DELETE FROM period_sums WHERE period = ? AND count <= 0',
  periodClear: 'DELETE FROM period_sums WHERE period = ?',
  periodCopy:
    'INSERT INTO period_sums (period, kind, key, count) SELECT ?, kind, key, count FROM period_sums WHERE period = ?',
  periodState:
    'INSERT INTO period_sums_state (period, first, last) VALUES (?, ?, ?) ' +
    'ON CONFLICT (period) DO UPDATE SET first = excluded.first, last = excluded.last',
}

const nextDay = (day: string) => daysBefore(day, -1)

/**
 * Keeps `period_sums` at "the finished days of each kept period" as days close. Every step is one writer-thread
 * transaction of one day's rows (at 10,000 pages, 10,000 rows), so the thread serving pages never runs it and other
 * writes (messages, counters) pass between steps. A day's rows are final once the counters wrote what was counted
 * before midnight (`flushCounters` first: the writer commits in order).
 */
export function periodSums(db: DatabaseSync, writer: Writer, flushCounters: () => Promise<void>) {
  const stateOf = db.prepare('SELECT first, last FROM period_sums_state WHERE period = ?')
  let through = ''
  let running: Promise<void> | null = null
  let wanted = ''

  /** Days with ranked rows (a day with views or downloads has its per-day total row), oldest first. */
  const daysWithRows = db.prepare(
    "SELECT DISTINCT day FROM daily_figures WHERE kind IN ('view-day', 'download-day') AND day BETWEEN ? AND ? ORDER BY day",
  )
  const dataDays = (from: string, to: string) =>
    from > to ? [] : daysWithRows.all(from, to).map((r) => String(r.day))

  const allStates = db.prepare('SELECT period, first, last FROM period_sums_state')
  const daysFrom = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000)
  /**
   * Another kept period whose sums can start `period` (its days begin at or before `first` and end between the day
   * before `first` and `yesterday`), if fewer days' steps away than building it day by day.
   */
  function nearestSource(period: number, first: string, yesterday: string) {
    let best: { period: number; first: string; last: string } | null = null
    let cost = daysFrom(first, yesterday) + 1
    for (const r of allStates.all()) {
      const other = { period: Number(r.period), first: String(r.first), last: String(r.last) }
      if (other.period === period || other.first > first || other.last > yesterday) continue
      if (other.last < daysBefore(first, 1) || other.first > other.last) continue
      const steps = daysFrom(other.first, first) + daysFrom(other.last, yesterday)
      if (steps < cost) ((best = other), (cost = steps))
    }
    return best
  }

  /** Rolls one period to `yesterday`; returns its last ops (state only), for the caller to send with the others. */
  async function rollOne(period: number, yesterday: string): Promise<WriteOp[]> {
    const first = daysBefore(yesterday, period - 2)
    const row = stateOf.get(period)
    let have = row ? { first: String(row.first), last: String(row.last) } : null
    // Ops sent with the next day's step (or at the end): an empty start costs no commit of its own.
    let ops: WriteOp[] = []
    // Nothing to keep (first start, a long stop, a clock set back): start the period from the kept period whose days
    // are fewest steps away (a new period is built from its neighbour), or empty.
    if (!have || have.last < daysBefore(first, 1) || have.first > first || have.last > yesterday) {
      const from = nearestSource(period, first, yesterday)
      have = from ? { first: from.first, last: from.last } : { first, last: daysBefore(first, 1) }
      ops = [{ stmt: 'periodClear', params: [period] }]
      if (from) ops.push({ stmt: 'periodCopy', params: [period, from.period] })
    }
    // Days that left the period, then days that closed since; days without rows change nothing.
    for (const day of dataDays(have.first, daysBefore(first, 1))) {
      await writer.write([
        ...ops,
        { stmt: 'periodAddDay', params: [period, -1, day] },
        { stmt: 'periodPrune', params: [period] },
        { stmt: 'periodState', params: [period, nextDay(day), have.last] },
      ])
      ops = []
    }
    for (const day of dataDays(nextDay(have.last), yesterday)) {
      await writer.write([
        ...ops,
        { stmt: 'periodAddDay', params: [period, 1, day] },
        { stmt: 'periodState', params: [period, first, day] },
      ])
      ops = []
    }
    if (!row || String(row.first) !== first || String(row.last) !== yesterday)
      ops.push({ stmt: 'periodState', params: [period, first, yesterday] })
    return ops
  }

  async function rollTo(yesterday: string) {
    await flushCounters()
    const last: WriteOp[] = []
    // Longest first: a new shorter period then starts from the longer one just rolled.
    for (const period of [...KEPT_PERIODS].reverse()) last.push(...(await rollOne(period, yesterday)))
    await writer.write(last)
    through = yesterday
  }

  let stopped = false
  /** The one roll loop: it follows `wanted` (which a later call may move) until the sums are through it. */
  function run(): Promise<void> {
    running ??= (async () => {
      try {
        while (!stopped && through !== wanted) await rollTo(wanted)
      } finally {
        running = null
      }
    })()
    return running
  }

  /**
   * Resolves once every kept period holds its finished days up to `yesterday` (at once when it already does).
   * One roll at a time; a roll asked for meanwhile runs after it.
   */
  function ready(yesterday: string): Promise<void> {
    if (stopped) return Promise.resolve()
    wanted = yesterday
    if (through === yesterday && !running) return Promise.resolve()
    return run().then(() => (stopped || through === yesterday ? undefined : ready(yesterday)))
  }

  return {
    ready,
    /** Whether every kept period holds its finished days up to `yesterday` and no roll runs. */
    isThrough: (yesterday: string): boolean => through === yesterday && !running,
    /** Resolves when no roll runs (a graceful stop waits for it). */
    idle: (): Promise<void> => (running ? running.catch(() => {}) : Promise.resolve()),
    /** No roll starts from now on (a graceful stop); the one running ends after its current step. */
    stop() {
      stopped = true
    },
    /**
     * Starts a roll without waiting for it (the daily timer, the start, a read): a failure is logged and retried
     * later. Reads call it each time: it only moves what the running roll aims at.
     */
    start(yesterday: string) {
      if (stopped) return
      wanted = yesterday
      if (through === yesterday && !running) return
      run().catch((err: unknown) => log.error({ err }, 'İstatistik dönem toplamları güncellenemedi'))
    },
  }
}
export type PeriodSums = ReturnType<typeof periodSums>
