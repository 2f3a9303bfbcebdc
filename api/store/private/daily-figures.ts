import type { DatabaseSync } from 'node:sqlite'
import { daysBefore } from '../../lib/istanbul-day.ts'

/**
 * What a daily row counts (table daily_figures, migration 320): per page, program, referring site; and per day
 * totals of views and downloads under `view-day`/`download-day` (key ''), so a chart reads one row per day instead
 * of every page's row (10,000 pages × 90 days is 900,000 rows).
 */
export type DailyKind = 'view' | 'download' | 'referrer' | 'message' | 'view-day' | 'download-day'

/** The statement the writer thread runs: increments are added, so a flush never reads a row back. */
export const DAILY_STATEMENTS = {
  dailyAdd:
    'INSERT INTO daily_figures (kind, day, key, count) VALUES (?, ?, ?, ?) ' +
    'ON CONFLICT (kind, day, key) DO UPDATE SET count = count + excluded.count',
}

export type DayTotals = { date: string; views: number; downloads: number; messages: number }
export type Ranked = { key: string; count: number }
export type DailySummary = { days: DayTotals[]; pages: Ranked[]; referrers: Ranked[]; downloads: Ranked[] }

/** Sums of the finished days of a period, most first: computed once per period and day, then kept. */
type PastSums = { sums: Map<string, number>; ranked: Ranked[] }

/**
 * Reads of the daily figures for the admin's statistics. Totals per day come from the per-day rows. The most
 * counted pages of a period add today's rows (still changing) to the sums of the period's finished days, which
 * change only when the day does and are kept in memory: the first read of a period on a day scans its rows, the
 * next ones read only today's.
 */
export function dailyFigures(db: DatabaseSync) {
  const perDay = db.prepare(
    'SELECT day, count AS n FROM daily_figures WHERE kind = ? AND key = ? AND day BETWEEN ? AND ?',
  )
  const sumsOf = db.prepare(
    'SELECT key, sum(count) AS n FROM daily_figures WHERE kind = ? AND day BETWEEN ? AND ? GROUP BY key',
  )
  const ofDay = db.prepare('SELECT key, count AS n FROM daily_figures WHERE kind = ? AND day = ?')
  const past = new Map<string, PastSums>()
  /** Today's rows per kind, kept until the counters write daily figures again (`written`). */
  let todays = new Map<string, Map<string, number>>()

  const totalsOf = (kind: DailyKind, from: string, to: string) =>
    new Map(perDay.all(kind, '', from, to).map((r) => [String(r.day), Number(r.n)]))

  function pastSums(kind: DailyKind, from: string, lastFinished: string): PastSums {
    const id = `${kind}|${from}|${lastFinished}`
    let found = past.get(id)
    if (!found) {
      // Sums of other days are of no use any more.
      for (const key of past.keys()) if (!key.endsWith(`|${lastFinished}`)) past.delete(key)
      const sums = new Map<string, number>()
      if (from <= lastFinished)
        for (const r of sumsOf.all(kind, from, lastFinished)) sums.set(String(r.key), Number(r.n))
      const ranked = [...sums].map(([key, count]) => ({ key, count })).sort(byCount)
      found = { sums, ranked }
      past.set(id, found)
    }
    return found
  }

  /** The `limit` most counted keys from `from` to `today` (included). */
  function top(kind: DailyKind, from: string, today: string, limit: number): Ranked[] {
    const { sums, ranked } = pastSums(kind, from, daysBefore(today, 1))
    const todayKey = `${kind}|${today}`
    let now = todays.get(todayKey)
    if (!now)
      todays.set(todayKey, (now = new Map(ofDay.all(kind, today).map((r) => [String(r.key), Number(r.n)]))))
    // A key outside the past's first `limit` with nothing today cannot pass those: they are the only candidates.
    const candidates = new Set([...ranked.slice(0, limit).map((r) => r.key), ...now.keys()])
    return [...candidates]
      .map((key) => ({ key, count: (sums.get(key) ?? 0) + (now.get(key) ?? 0) }))
      .sort(byCount)
      .slice(0, limit)
  }

  return {
    /** The counters wrote daily figures: today's rows are read again on the next read. */
    written() {
      if (todays.size) todays = new Map()
    },
    /** Every day of the period (zeros included), and the `limit` most viewed pages, referrers and programs. */
    summary(dayList: string[], limit = 10): DailySummary {
      const from = dayList[0]!
      const to = dayList[dayList.length - 1]!
      const views = totalsOf('view-day', from, to)
      const downloads = totalsOf('download-day', from, to)
      const messages = totalsOf('message', from, to)
      return {
        days: dayList.map((date) => ({
          date,
          views: views.get(date) ?? 0,
          downloads: downloads.get(date) ?? 0,
          messages: messages.get(date) ?? 0,
        })),
        pages: top('view', from, to, limit),
        referrers: top('referrer', from, to, limit),
        downloads: top('download', from, to, limit),
      }
    },
    /** Computes the finished days' sums of the usual periods ahead (after start), so the first read is quick. */
    warm(today: string, periods: number[] = [7, 30, 90]) {
      for (const days of periods)
        for (const kind of ['view', 'referrer', 'download'] as const)
          pastSums(kind, daysBefore(today, days - 1), daysBefore(today, 1))
    },
  }
}

const byCount = (a: Ranked, b: Ranked) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
