import type { DatabaseSync } from 'node:sqlite'

/** What a daily row counts (table daily_figures, migration 320). */
export type DailyKind = 'view' | 'download' | 'referrer' | 'message'

/** The statement the writer thread runs: increments are added, so a flush never reads a row back. */
export const DAILY_STATEMENTS = {
  dailyAdd:
    'INSERT INTO daily_figures (kind, day, key, count) VALUES (?, ?, ?, ?) ' +
    'ON CONFLICT (kind, day, key) DO UPDATE SET count = count + excluded.count',
}

export type DayTotals = { date: string; views: number; downloads: number; messages: number }
export type Ranked = { key: string; count: number }
export type DailySummary = { days: DayTotals[]; pages: Ranked[]; referrers: Ranked[]; downloads: Ranked[] }

/**
 * Reads of the daily figures for the admin's statistics: totals per day and the most counted keys of a period
 * (first and last Istanbul day, both included). Each read is one range of the primary key per kind.
 */
export function dailyFigures(db: DatabaseSync) {
  const perDay = db.prepare(
    'SELECT day, sum(count) AS n FROM daily_figures WHERE kind = ? AND day BETWEEN ? AND ? GROUP BY day',
  )
  const top = db.prepare(
    'SELECT key, sum(count) AS n FROM daily_figures WHERE kind = ? AND day BETWEEN ? AND ? ' +
      'GROUP BY key ORDER BY n DESC, key LIMIT ?',
  )
  const totalsOf = (kind: DailyKind, from: string, to: string) =>
    new Map(perDay.all(kind, from, to).map((r) => [String(r.day), Number(r.n)]))
  const topOf = (kind: DailyKind, from: string, to: string, limit: number): Ranked[] =>
    top.all(kind, from, to, limit).map((r) => ({ key: String(r.key), count: Number(r.n) }))
  return {
    /** Every day of the period (zeros included), and the `limit` most viewed pages, referrers and programs. */
    summary(dayList: string[], limit = 10): DailySummary {
      const from = dayList[0]!
      const to = dayList[dayList.length - 1]!
      const views = totalsOf('view', from, to)
      const downloads = totalsOf('download', from, to)
      const messages = totalsOf('message', from, to)
      return {
        days: dayList.map((date) => ({
          date,
          views: views.get(date) ?? 0,
          downloads: downloads.get(date) ?? 0,
          messages: messages.get(date) ?? 0,
        })),
        pages: topOf('view', from, to, limit),
        referrers: topOf('referrer', from, to, limit),
        downloads: topOf('download', from, to, limit),
      }
    },
  }
}
