import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, expect, it } from 'vitest'
import { daysBefore, istanbulDay } from '../../lib/istanbul-day.ts'
import { openDataStore, type DataStore } from '../data-store.ts'
import { DB_FILE } from './database.ts'
import { KEPT_PERIODS } from './period-sums.ts'

let dir: string
let data: DataStore | null = null
afterEach(async () => {
  await data?.close()
  await rm(dir, { recursive: true, force: true })
})

/** A small seeded generator: the same steps on every run, so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    return seed / 0x7fffffff
  }
}

// Decision 323: the kept sums of the 7/30/90/365-day periods are rolled forward per closed day. Whatever the days
// do (quiet days, a stop of weeks, a clock set back, a restart), a period's ranking must equal the plain sum of its
// daily rows.
it('ranks every period as the plain sum of its daily rows, through quiet days, long jumps, a clock set back and restarts', async () => {
  dir = await mkdtemp(join(tmpdir(), 'period-sums-'))
  let clock = new Date('2026-01-05T09:00:00Z')
  const now = () => clock
  data = await openDataStore(dir, { now })
  const next = random(32)
  const paths = ['/', '/blog/a', '/blog/b', '/hakkimizda', '/iletisim', '/programlar']
  const referrers = ['google.com', 'bing.com', 'ornek.com.tr']
  const plain = (kind: string, from: string, to: string) =>
    data!.db
      .prepare(
        'SELECT key, sum(count) AS n FROM daily_figures WHERE kind = ? AND day BETWEEN ? AND ? GROUP BY key ORDER BY n DESC, key',
      )
      .all(kind, from, to)
      .map((r) => ({ key: String(r.key), count: Number(r.n) }))
  for (let step = 0; step < 60; step++) {
    const r = next()
    // Mostly the next day or the same day; now and then a stop of weeks, or the clock set back a few days.
    const days =
      r < 0.1 ? 20 + Math.floor(next() * 80) : r < 0.15 ? -Math.ceil(next() * 5) : Math.floor(next() * 3)
    clock = new Date(clock.getTime() + days * 86_400_000 + Math.floor(next() * 3_600_000))
    if (step % 17 === 16) {
      await data.close()
      data = await openDataStore(dir, { now })
    }
    for (let v = Math.floor(next() * 12); v > 0; v--) {
      const path = paths[Math.floor(next() * next() * paths.length)]!
      const referrer = next() < 0.5 ? referrers[Math.floor(next() * referrers.length)]! : null
      data.counters.countView(path, { bot: false, referrer })
    }
    await data.counters.flush()
    // Whatever the roll has done so far, each kept period's sums are those of the days its state names (decision
    // 325: reads take any state as it stands; a new period starts from a neighbour's sums). Not for sums that hold
    // today or later (the clock set back: today's rows grow after they were summed; reads do not use them).
    const today = istanbulDay(clock)
    data.db.exec('BEGIN')
    try {
      for (const st of data.db
        .prepare('SELECT period, first, last FROM period_sums_state WHERE last < ?')
        .all(today))
        expect(
          data.db
            .prepare('SELECT kind, key, count FROM period_sums WHERE period = ? ORDER BY kind, key')
            .all(st.period)
            .map((r) => ({ ...r })),
          `step ${step}, kept period ${String(st.period)}: ${String(st.first)}..${String(st.last)}`,
        ).toEqual(
          data.db
            .prepare(
              "SELECT kind, key, sum(count) AS count FROM daily_figures WHERE kind IN ('view', 'referrer', 'download') " +
                'AND day BETWEEN ? AND ? GROUP BY kind, key HAVING sum(count) > 0 ORDER BY kind, key',
            )
            .all(st.first, st.last)
            .map((r) => ({ ...r })),
        )
    } finally {
      data.db.exec('COMMIT')
    }
    for (const period of [1, 2, 7, 8, 30, 45, 90, 200, 365, 366]) {
      const dayList = Array.from({ length: period }, (_, i) => daysBefore(today, period - 1 - i))
      const summary = await data.daily.summary(dayList, 100)
      const from = dayList[0]!
      expect(summary.pages, `step ${step}, ${today}, ${period} days`).toEqual(plain('view', from, today))
      expect(summary.referrers, `step ${step}, ${today}, ${period} days`).toEqual(
        plain('referrer', from, today),
      )
    }
  }
  // Nothing at zero is kept.
  expect(data.db.prepare('SELECT count(*) AS n FROM period_sums WHERE count <= 0').get()?.n).toBe(0)
}, 240_000)

// Decision 325: a read after midnight does not wait for the roll of the closed day. The roll is held here (another
// connection keeps the write lock, so the writer thread cannot commit a step): the read must answer, right, from the
// kept sums as they stand plus the rows of the days they lack.
it("answers a period's ranking while the closed day's roll cannot commit, from the sums as they stand", async () => {
  dir = await mkdtemp(join(tmpdir(), 'period-sums-'))
  let clock = new Date('2026-03-10T09:00:00Z')
  data = await openDataStore(dir, { now: () => clock })
  const days = (n: number, today: string) => Array.from({ length: n }, (_, i) => daysBefore(today, n - 1 - i))
  // A year's read with no kept sums yet waits for the first roll: afterwards every period is through 9 March.
  await data.daily.summary(days(365, '2026-03-10'))
  const through = () =>
    data!.db
      .prepare('SELECT DISTINCT last FROM period_sums_state')
      .all()
      .map((r) => String(r.last))
  expect(through()).toEqual(['2026-03-09'])
  expect(data.db.prepare('SELECT count(*) AS n FROM period_sums_state').get()?.n).toBe(KEPT_PERIODS.length)
  data.counters.countView('/blog/a', { bot: false, referrer: 'google.com' })
  data.counters.countView('/blog/a', { bot: false, referrer: null })
  data.counters.countView('/', { bot: false, referrer: null })
  await data.counters.flush()

  const blocker = new DatabaseSync(join(dir, DB_FILE))
  blocker.exec('BEGIN IMMEDIATE')
  try {
    // 10 March has closed; its roll cannot commit while the blocker holds the lock.
    clock = new Date('2026-03-11T09:00:00Z')
    for (const n of [7, 30, 45]) {
      const summary = await data.daily.summary(days(n, '2026-03-11'))
      expect(summary.pages, `${n} days`).toEqual([
        { key: '/blog/a', count: 2 },
        { key: '/', count: 1 },
      ])
      expect(summary.referrers, `${n} days`).toEqual([{ key: 'google.com', count: 1 }])
    }
    expect(through()).toEqual(['2026-03-09'])
  } finally {
    blocker.exec('ROLLBACK')
    blocker.close()
  }
}, 120_000)
