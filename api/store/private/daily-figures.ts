import type { DatabaseSync } from 'node:sqlite'
import { daysBefore } from '../../lib/istanbul-day.ts'
import { RANKED_KINDS, type PeriodSums } from './period-sums.ts'

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

/** Days from `from` to `to`, both included ('YYYY-MM-DD'; none when `from` is after `to`). */
type Span = { from: string; to: string }
const DAY_MS = 86_400_000
const lengthOf = (s: Span) =>
  s.from > s.to ? 0 : Math.round((Date.parse(s.to) - Date.parse(s.from)) / DAY_MS) + 1
const NONE: Span = { from: '9999-12-31', to: '0000-01-01' }
const span = (from: string, to: string): Span => (from > to ? NONE : { from, to })
const later = (a: string, b: string) => (a > b ? a : b)
const earlier = (a: string, b: string) => (a < b ? a : b)

/**
 * How a period's sums are read (decision 325): the kept sums of one kept period (days `kept`, as its state row
 * says they stand now), plus the daily rows of the period's days they lack, minus those of the days they hold
 * outside the period. Any state is exact: the roll commits the sums with their state, so a read never waits for it.
 */
type Plan = { period: number; add: [Span, Span]; take: [Span, Span]; cost: number }

/** The plan for period `want` from kept days `kept` (of kept period `period`; -1: no kept sums, every day read). */
function planFrom(period: number, kept: Span, want: Span): Plan {
  if (period < 0 || kept.from > kept.to)
    return { period: -1, add: [want, NONE], take: [NONE, NONE], cost: lengthOf(want) }
  const add: [Span, Span] = [
    span(want.from, earlier(want.to, daysBefore(kept.from, 1))),
    span(later(want.from, daysBefore(kept.to, -1)), want.to),
  ]
  const take: [Span, Span] = [
    span(kept.from, earlier(kept.to, daysBefore(want.from, 1))),
    span(later(kept.from, daysBefore(want.to, -1)), kept.to),
  ]
  const cost = [...add, ...take].reduce((n, s) => n + lengthOf(s), 0)
  return { period, add, take, cost }
}

/**
 * A plan reading more days than this waits for a roll that is under way (a first start after an upgrade, a long
 * stop) instead of summing them on the thread that serves pages; a month of 10,000 pages' rows costs ~170 ms.
 */
const MOST_DAYS_READ = 31

/**
 * Reads of the daily figures for the admin's statistics (decisions 323, 325). Totals per day come from the per-day
 * rows (at most 366 small rows). A period's most counted keys start from the kept sums nearest to it
 * (`period_sums`: finished days of the kept periods, rolled forward per closed day by the writer thread) and add or
 * take the daily rows of the days that differ: an offered period whose roll is done reads its kept sums and today's
 * rows; before the roll of a closed day is done, also that day's rows and the one that left; a period the page
 * does not offer, at most ~11 days' rows (the kept periods are spaced for that). One grouped SQL per kind, all in
 * one read transaction, so what the state says and the sums hold are the same commit.
 */
export function dailyFigures(db: DatabaseSync, sums: PeriodSums) {
  const perDay = db.prepare(
    'SELECT day, count AS n FROM daily_figures WHERE kind = ? AND key = ? AND day BETWEEN ? AND ?',
  )
  const states = db.prepare('SELECT period, first, last FROM period_sums_state')
  const rows = 'SELECT key, count AS n FROM daily_figures WHERE kind = ? AND day BETWEEN ? AND ?'
  const minus = 'SELECT key, -count AS n FROM daily_figures WHERE kind = ? AND day BETWEEN ? AND ?'
  const topOf = db.prepare(
    'SELECT key, sum(n) AS n FROM (' +
      'SELECT key, count AS n FROM period_sums WHERE period = ? AND kind = ? ' +
      `UNION ALL ${rows} UNION ALL ${rows} UNION ALL ${minus} UNION ALL ${minus}` +
      ') GROUP BY key HAVING sum(n) > 0 ORDER BY n DESC, key LIMIT ?',
  )

  const totalsOf = (kind: DailyKind, from: string, to: string) =>
    new Map(perDay.all(kind, '', from, to).map((r) => [String(r.day), Number(r.n)]))

  /**
   * The cheapest plan for `want` from the kept sums as they stand (reading every day when none is nearer), and
   * whether some kept sums hold today or later (the clock was set back: today's rows grew after they were summed,
   * so those sums are not used and the roll, which rebuilds them, is waited for).
   */
  function bestPlan(want: Span): { plan: Plan; setBack: boolean } {
    let plan = planFrom(-1, NONE, want)
    let setBack = false
    for (const r of states.all()) {
      const kept = span(String(r.first), String(r.last))
      if (kept.to >= want.to) {
        setBack ||= kept.from <= kept.to
        continue
      }
      const from = planFrom(Number(r.period), kept, want)
      if (from.cost < plan.cost) plan = from
    }
    return { plan, setBack }
  }

  function top(kind: DailyKind, plan: Plan, limit: number): Ranked[] {
    const params: (string | number)[] = [plan.period, kind]
    for (const s of [...plan.add, ...plan.take]) params.push(kind, s.from, s.to)
    return topOf.all(...params, limit).map((r) => ({ key: String(r.key), count: Number(r.n) }))
  }

  /** Reads in one snapshot: the state rows and the sums they describe come from the same commit of the roll. */
  function inOneRead<T>(fn: () => T): T {
    db.exec('BEGIN')
    try {
      return fn()
    } finally {
      db.exec('COMMIT')
    }
  }

  return {
    /** Every day of the period (zeros included), and the `limit` most viewed pages, referrers and programs. */
    async summary(dayList: string[], limit = 10): Promise<DailySummary> {
      const from = dayList[0]!
      const to = dayList[dayList.length - 1]!
      const want = { from, to }
      const yesterday = daysBefore(to, 1)
      // The roll of closed days goes on in the writer thread; a read does not wait for it, unless the kept sums
      // are far from every period (first start after an upgrade, a long stop) and it would sum many days here.
      if (!sums.isThrough(yesterday)) {
        const now = inOneRead(() => bestPlan(want))
        if (now.setBack || now.plan.cost > MOST_DAYS_READ) await sums.ready(yesterday)
        else sums.start(yesterday)
      }
      return inOneRead(() => {
        const { plan } = bestPlan(want)
        const views = totalsOf('view-day', from, to)
        const downloads = totalsOf('download-day', from, to)
        const messages = totalsOf('message', from, to)
        const [pages, referrers, programs] = RANKED_KINDS.map((kind) => top(kind, plan, limit))
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
      })
    },
  }
}
