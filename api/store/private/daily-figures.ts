import type { DatabaseSync } from 'node:sqlite'
import { daysBefore } from '../../lib/istanbul-day.ts'
import { KEPT_PERIODS, RANKED_KINDS, type PeriodSums } from './period-sums.ts'

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

/**
 * Reads of the daily figures for the admin's statistics (decision 323). Totals per day come from the per-day rows
 * (at most 366 small rows). A period's most counted keys add today's rows to the kept sums of its finished days
 * (`period_sums`, rolled forward once per closed day by the writer thread): one grouped read of at most the keys
 * seen in the period and today, whatever the period's length. A period the page does not offer starts from the
 * longest kept one inside it and adds the other finished days one at a time, giving the thread back between them,
 * and keeps that sum until the day changes.
 */
export function dailyFigures(db: DatabaseSync, sums: PeriodSums) {
  const perDay = db.prepare(
    'SELECT day, count AS n FROM daily_figures WHERE kind = ? AND key = ? AND day BETWEEN ? AND ?',
  )
  const topOfKept = db.prepare(
    'SELECT key, sum(n) AS n FROM (' +
      'SELECT key, count AS n FROM period_sums WHERE period = ? AND kind = ? ' +
      'UNION ALL SELECT key, count AS n FROM daily_figures WHERE kind = ? AND day = ?' +
      ') GROUP BY key ORDER BY n DESC, key LIMIT ?',
  )
  const keptSums = db.prepare('SELECT key, count AS n FROM period_sums WHERE period = ? AND kind = ?')
  const ofDay = db.prepare('SELECT key, count AS n FROM daily_figures WHERE kind = ? AND day = ?')
  /** Finished days' sums of periods the page does not offer, for one day only. */
  const other = new Map<string, Promise<Map<string, number>>>()

  const totalsOf = (kind: DailyKind, from: string, to: string) =>
    new Map(perDay.all(kind, '', from, to).map((r) => [String(r.day), Number(r.n)]))

  /** The longest kept period that fits in `days` (0: none). */
  const keptWithin = (days: number) => Math.max(0, ...KEPT_PERIODS.filter((p) => p <= days))

  function otherSums(kind: DailyKind, days: number, today: string): Promise<Map<string, number>> {
    const id = `${kind}|${days}|${today}`
    let found = other.get(id)
    if (!found) {
      for (const key of other.keys()) if (!key.endsWith(`|${today}`)) other.delete(key)
      const kept = keptWithin(days)
      found = (async () => {
        const sums = new Map(keptSums.all(kept, kind).map((r) => [String(r.key), Number(r.n)]))
        // The finished days before the kept period's: one day's rows per turn of the event loop.
        for (let back = Math.max(kept, 1); back < days; back++) {
          await new Promise((resolve) => setImmediate(resolve))
          for (const r of ofDay.all(kind, daysBefore(today, back)))
            sums.set(String(r.key), (sums.get(String(r.key)) ?? 0) + Number(r.n))
        }
        return sums
      })()
      found.catch(() => other.delete(id))
      other.set(id, found)
    }
    return found
  }

  /** The `limit` most counted keys of the `days` days up to `today` (included). */
  async function top(kind: DailyKind, days: number, today: string, limit: number): Promise<Ranked[]> {
    const kept = keptWithin(days)
    if (kept === days || days === 1)
      return topOfKept
        .all(kept, kind, kind, today, limit)
        .map((r) => ({ key: String(r.key), count: Number(r.n) }))
    const sums = new Map(await otherSums(kind, days, today))
    for (const r of ofDay.all(kind, today))
      sums.set(String(r.key), (sums.get(String(r.key)) ?? 0) + Number(r.n))
    return [...sums]
      .map(([key, count]) => ({ key, count }))
      .sort(byCount)
      .slice(0, limit)
  }

  return {
    /** Every day of the period (zeros included), and the `limit` most viewed pages, referrers and programs. */
    async summary(dayList: string[], limit = 10): Promise<DailySummary> {
      const from = dayList[0]!
      const to = dayList[dayList.length - 1]!
      await sums.ready(daysBefore(to, 1))
      const views = totalsOf('view-day', from, to)
      const downloads = totalsOf('download-day', from, to)
      const messages = totalsOf('message', from, to)
      const [pages, referrers, programs] = await Promise.all(
        RANKED_KINDS.map((kind) => top(kind, dayList.length, to, limit)),
      )
      return {
        days: dayList.map((date) => ({
          date,
          views: views.get(date) ?? 0,
          downloads: downloads.get(date) ?? 0,
          messages: messages.get(date) ?? 0,
        })),
        pages: pages!,
        referrers: referrers!,
        downloads: programs!,
      }
    },
  }
}

const byCount = (a: Ranked, b: Ranked) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
