/**
 * Issue 32: what the statistics and the SEO advice cost.
 * 1. GET /api/admin/stats/daily (7, 30, 90 and 365 days, and 45, 100, 340 days the page does not offer: 100 and 340 as far from the kept periods as
 *    a period gets) with one
 *    year of daily rows for 10,000 pages (3.65 million view rows, plus referrers and downloads), through the real
 *    app in-process, each period's first read and later ones, and the reads after a day closed while its roll runs:
 *    goal ≤ 100 ms.
 * 2. GET /api/admin/seo with findings stored for 10,000 pages: goal ≤ 200 ms.
 * 3. The home page's p99 on the real server during a 200/s burst of counted page views (a person's user agent,
 *    a referring site): goal ≤ 20 ms; counting stays off the request path.
 * Run: node bench/stats-seo.ts   (PAGES, DAYS, BURST_SECONDS to change the sizes)
 */
import { daysBefore, istanbulDay } from '../api/lib/istanbul-day.ts'
import { KEPT_PERIODS } from '../api/store/private/period-sums.ts'
import { prepareSeoAnswers } from '../api/seo/seo-answers.ts'
import { createTestApp, loginCookie, addUser } from '../api/testing/test-helpers.ts'
import { spawn } from 'node:child_process'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { ADMIN, median, startServer } from './lib.ts'

const PAGES = Number(process.env.PAGES ?? 10_000)
const DAYS = Number(process.env.DAYS ?? 365)
const BURST_SECONDS = Number(process.env.BURST_SECONDS ?? 10)
const ONLY_BURST = process.env.ONLY_BURST === '1'
const RUNS = 15

if (!ONLY_BURST) {
  let clock = new Date()
  const t = await createTestApp({ now: () => clock })
  const email = (await addUser(t.deps.data, 'admin')).email
  let cookie = await loginCookie(t, email)
  let db = t.deps.data.db

  // 1. One year of daily rows: every page viewed every day (the worst case), ten referrers, a hundred programs.
  let seeded = performance.now()
  const today = istanbulDay(new Date())
  const insert = db.prepare('INSERT INTO daily_figures (kind, day, key, count) VALUES (?, ?, ?, ?)')
  db.exec('BEGIN')
  for (let d = 0; d < DAYS; d++) {
    const day = daysBefore(today, d)
    let views = 0
    let downloads = 0
    for (let p = 0; p < PAGES; p++) {
      const n = 1 + ((p * 7 + d) % 50)
      insert.run('view', day, `/blog/yazi-${p}`, n)
      views += n
    }
    for (let r = 0; r < 10; r++) insert.run('referrer', day, `site-${r}.com.tr`, 1 + r)
    for (let g = 0; g < 100; g++) {
      insert.run('download', day, `program-${g}`, 1 + (g % 5))
      downloads += 1 + (g % 5)
    }
    insert.run('view-day', day, '', views)
    insert.run('download-day', day, '', downloads)
    insert.run('message', day, '', 3)
  }
  db.exec('COMMIT')
  console.log(
    `seeded ${(DAYS * (PAGES + 113)).toLocaleString('en')} daily rows in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  )

  // Wall time per read, and the CPU time the process spent on it (on a loaded machine the wall time is mostly
  // waiting for a core; the CPU time is what the read costs).
  let cpuTimes: number[] = []
  async function timed(path: string, runs = RUNS): Promise<number[]> {
    const times: number[] = []
    cpuTimes = []
    for (let i = 0; i < runs; i++) {
      const cpu = process.cpuUsage()
      const start = performance.now()
      const res = await t.app.request(path, { headers: { cookie } })
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`)
      times.push(performance.now() - start)
      const used = process.cpuUsage(cpu)
      cpuTimes.push((used.user + used.system) / 1000)
    }
    return times
  }
  const fmt = (times: number[]) =>
    `median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms ` +
    `(CPU median ${median(cpuTimes).toFixed(1)} ms, max ${Math.max(...cpuTimes).toFixed(1)} ms)`
  // How long the thread serving pages was held at once (the event loop's longest delay) during each part.
  const loop = monitorEventLoopDelay({ resolution: 1 })
  const held = () => {
    const ms = loop.max / 1e6
    loop.reset()
    return `longest event-loop delay ${ms.toFixed(1)} ms`
  }
  loop.enable()

  // The kept sums of the periods are built once (an upgrade finding a year of rows): the rows were seeded behind
  // the store's back, so its record of what the sums hold is cleared and the store reopened. A 7-day read does not
  // wait for that build (it reads its 7 days' rows); a year's read does (365 days' rows are too many to sum).
  db.exec('DELETE FROM period_sums; DELETE FROM period_sums_state')
  loop.reset()
  let start = performance.now()
  await t.restart()
  db = t.deps.data.db
  const during = await timed('/api/admin/stats/daily?days=7', 1)
  const built = await timed('/api/admin/stats/daily?days=365', 1)
  console.log(
    `kept sums built from ${DAYS} days (an upgrade, in the writer thread): ${(performance.now() - start).toFixed(0)} ms; ` +
      `a 7-day read meanwhile ${during[0]!.toFixed(1)} ms, a year's read waited ${built[0]!.toFixed(0)} ms; ${held()}`,
  )
  const periods = [7, 30, 90, 365, 45, 100, 340]
  for (const days of periods) {
    // Each period's first read, then RUNS more (a period the page does not offer is as cheap the first time).
    const first = await timed(`/api/admin/stats/daily?days=${days}`, 1)
    console.log(
      `stats/daily?days=${days}: first ${first[0]!.toFixed(1)} ms (CPU ${cpuTimes[0]!.toFixed(1)} ms), ` +
        `then ${fmt(await timed(`/api/admin/stats/daily?days=${days}`))}; ${held()}`,
    )
  }

  // A day closes: today's rows join the kept sums and the oldest day leaves each period (2 writer-thread steps per
  // kept period). Reads do not wait for it: the first ones read the closed day's and the leaving day's rows too.
  clock = new Date(clock.getTime() + 86_400_000)
  cookie = await loginCookie(t, email)
  const yesterday = istanbulDay(clock.getTime() - 86_400_000)
  const rolled = () =>
    db.prepare('SELECT count(*) AS n FROM period_sums_state WHERE last = ?').get(yesterday)?.n ===
    KEPT_PERIODS.length
  loop.reset()
  start = performance.now()
  for (const days of [30, 7, 90, 365, 45]) {
    const first = await timed(`/api/admin/stats/daily?days=${days}`, 1)
    console.log(
      `first read of ${days} days after the day closed (the roll under way: ${rolled() ? 'no' : 'yes'}): ` +
        `${first[0]!.toFixed(1)} ms (CPU of the process, writer thread included: ${cpuTimes[0]!.toFixed(1)} ms)`,
    )
  }
  const whileRolling: number[] = []
  while (!rolled()) {
    whileRolling.push(...(await timed('/api/admin/stats/daily?days=30', 1)))
    if (performance.now() - start > 600_000) throw new Error('the roll did not end')
  }
  console.log(
    `the roll took ${(performance.now() - start).toFixed(0)} ms; ${whileRolling.length} 30-day reads meanwhile: ` +
      `median ${median(whileRolling).toFixed(1)} ms, max ${Math.max(0, ...whileRolling).toFixed(1)} ms; ${held()}`,
  )
  for (const days of [7, 30, 90, 365])
    console.log(
      `next day, stats/daily?days=${days}: ${fmt(await timed(`/api/admin/stats/daily?days=${days}`))}; ${held()}`,
    )

  // 2. SEO findings stored for every page (a long title and a short description on each: every page is listed).
  seeded = performance.now()
  const findings = JSON.stringify([
    {
      code: 'title-long',
      severity: 'warning',
      message: 'Başlık 79 karakter; arama sonuçlarında 65 karakterden sonrası kesilir.',
    },
    {
      code: 'description-short',
      severity: 'warning',
      message: 'Açıklama 40 karakter; 70–160 karakter arası önerilir.',
    },
  ])
  // Stored as the recorder stores a whole-site publish's checks (one save), then one page changed by a publish.
  const row = (p: number, checkedAt: string) => ({
    path: `/blog/yazi-${p}`,
    title: `Yazı ${p}: e-Fatura ve e-Arşiv hakkında bilmeniz gerekenler | Netiz`,
    description: `Yazı ${p} özeti`,
    findings: JSON.parse(findings) as never,
    checkedAt,
  })
  t.deps.data.seo.save(
    Array.from({ length: PAGES }, (_, p) => row(p, new Date().toISOString())),
    [],
  )
  console.log(
    `seeded ${PAGES.toLocaleString('en')} SEO rows in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  )
  const seoPaths = {
    "the dashboard's 6 worst": '/api/admin/seo?limit=6',
    "one editor's page": '/api/admin/seo?path=/blog/yazi-5000',
    [`every page with findings (${PAGES.toLocaleString('en')})`]: '/api/admin/seo',
  }
  for (const round of [1, 2, 3]) {
    // A publish changed one page: the recorder stores its row, then makes the report and the full list's answer
    // (prepareSeoAnswers, as it does after each publish's checks), before any read.
    t.deps.data.seo.save([row(round * 7, new Date().toISOString())], [])
    const cpu = process.cpuUsage()
    const preparing = performance.now()
    prepareSeoAnswers(t.deps)
    const used = process.cpuUsage(cpu)
    console.log(
      `seo (publish ${round}): answers prepared after the checks were stored in ${(performance.now() - preparing).toFixed(1)} ms ` +
        `(CPU ${((used.user + used.system) / 1000).toFixed(1)} ms), off the read path`,
    )
    loop.reset()
    for (const [name, path] of Object.entries(seoPaths)) {
      const first = await timed(path, 1)
      const firstCpu = cpuTimes[0]!
      console.log(
        `seo (after publish ${round}), ${name}: first ${first[0]!.toFixed(1)} ms (CPU ${firstCpu.toFixed(1)} ms), ` +
          `then ${fmt(await timed(path))}; ${held()}`,
      )
    }
  }
  await t.cleanup()
}

// 3. The home page on the real server while every answer is a counted view (wrk: at least 200/s, usually far
// more), against the same with a bot's user agent (not counted in the daily figures): counting must cost nothing.
const HUMAN =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
function wrk(base: string, userAgent: string): Promise<{ p99: number; rps: number }> {
  return new Promise((resolve, reject) => {
    const args = [
      '-t1',
      '-c4',
      `-d${BURST_SECONDS}s`,
      '--latency',
      '-H',
      `User-Agent: ${userAgent}`,
      '-H',
      'Referer: https://www.google.com/',
      '-H',
      'Accept-Encoding: br, gzip',
      `${base}/`,
    ]
    const child = spawn('/usr/bin/wrk', args)
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.on('error', reject)
    child.on('close', () => {
      const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out)
      const rps = /Requests\/sec:\s+([\d.]+)/.exec(out)
      if (!p99 || !rps) return reject(new Error(out))
      const scale = { us: 0.001, ms: 1, s: 1000 }[p99[2] as 'us' | 'ms' | 's']
      resolve({ p99: Number(p99[1]) * scale, rps: Number(rps[1]) })
    })
  })
}
const server = await startServer(4232 + 1000, { REBUILD: 'off' })
try {
  const bot = await wrk(server.base, BOT)
  const human = await wrk(server.base, HUMAN)
  const cookie = (
    (
      await fetch(`${server.base}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).headers.get('set-cookie') ?? ''
  ).split(';')[0]!
  const daily = await (
    await fetch(`${server.base}/api/admin/stats/daily?days=1`, { headers: { cookie } })
  ).json()
  console.log(
    `home, bot user agent (not counted daily): ${bot.rps.toFixed(0)}/s, p99 ${bot.p99.toFixed(1)} ms`,
  )
  console.log(
    `home, counted views with a referrer: ${human.rps.toFixed(0)}/s, p99 ${human.p99.toFixed(1)} ms; views counted today: ${daily.data.days[0].views}`,
  )
} finally {
  await server.stop()
}
