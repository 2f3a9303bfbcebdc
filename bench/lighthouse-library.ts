/**
 * Issue 31's bar: Lighthouse (mobile) on /kutuphane logged out and logged in (a member with the demo library):
 * performance ≥ 95, accessibility and best practices 100 (SEO is not asked: the page is noindex on purpose).
 * Lighthouse starts Debian's Chromium itself, as in lighthouse-pages.ts. Logged in: a member first logs in with
 * puppeteer-core in a Chromium profile folder (HttpOnly session cookie, the stored member in localStorage), then
 * Lighthouse runs on that profile with --disable-storage-reset so it keeps them. RUNS runs per state (default 3),
 * the median performance reported.
 * Run: node bench/lighthouse-library.ts   (PORT 4383; RUNS; KEEP=<folder> keeps the reports; CHROME_PATH defaults
 * to /usr/bin/chromium). For figures on the shared machine: flock /work/measure.lock bench/prioritized.sh node …
 */
import { spawn } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import puppeteer from 'puppeteer-core'
import { followAutogroupNice } from './autogroup.ts'
import { ADMIN, repoRoot, startServer } from './lib.ts'

const port = Number(process.env.PORT ?? 4383)
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const RUNS = Number(process.env.RUNS ?? 3)
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

async function lighthouse(url: string, report: string, profile: string | null) {
  const flags = `--headless=new --no-sandbox${profile ? ` --user-data-dir=${profile}` : ''}`
  // Not spawnSync: the bench's event loop must keep running meanwhile (followAutogroupNice's timer).
  const lh = spawn(
    join(repoRoot, 'node_modules', '.bin', 'lighthouse'),
    [
      url,
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      `--chrome-flags=${flags}`,
      ...(profile ? ['--disable-storage-reset'] : []),
      // With KEEP, the trace too (<report>-0.trace.json): where the main thread's time went.
      ...(process.env.KEEP ? ['--save-assets'] : []),
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 600_000 },
  )
  const status = await new Promise<number | null>((done) => lh.on('close', done))
  if (status !== 0) throw new Error(`lighthouse failed on ${url}`)
  const lhr = JSON.parse(await readFile(report, 'utf8'))
  const scores: Record<string, number> = {}
  const misses: string[] = []
  for (const id of CATEGORIES) {
    scores[id] = Math.round(lhr.categories[id].score * 100)
    for (const ref of lhr.categories[id].auditRefs) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit.score !== null && audit.score < 1)
        misses.push(`${id}: ${ref.id} (${audit.displayValue ?? Math.round(audit.score * 100)})`)
    }
  }
  // Lighthouse's own measure of how fast this machine's CPU was during the run (a quiet desktop: 1,000–2,500).
  const tbt = Math.round(lhr.audits['total-blocking-time'].numericValue as number)
  const lcp = (lhr.audits['largest-contentful-paint'].numericValue as number) / 1000
  return { scores, misses, benchmarkIndex: Math.round(lhr.environment.benchmarkIndex as number), tbt, lcp }
}

// Under bench/prioritized.sh: Chromium, which chrome-launcher starts in a session of its own, gets the bench's raised
// CPU share too (bench/autogroup.ts).
const stopFollowing = followAutogroupNice()
const server = await startServer(port)
const loadBefore = loadavg()
try {
  const admin = await fetch(`${server.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const cookie = (admin.headers.get('set-cookie') ?? '').split(';')[0]!
  await fetch(`${server.base}/api/admin/library-members`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: server.base },
    body: JSON.stringify({ name: 'Ece Kaya', email: 'lighthouse@ornek.com', password: 'Kutuphane-1', role: 'member' }),
  })
  const url = `${server.base}/kutuphane`
  const run = async (state: string, profile: string | null) => {
    const runs = []
    for (let i = 0; i < RUNS; i++) {
      // KEEP=<folder>: each run's full report stays there (the server's folder is removed at the end).
      const report = process.env.KEEP
        ? join(process.env.KEEP, `${state.replace(' ', '-')}-${i + 1}.json`)
        : join(server.root, 'lighthouse.json')
      runs.push(await lighthouse(url, report, profile))
    }
    runs.sort((a, b) => a.scores.performance! - b.scores.performance!)
    const mid = runs[Math.floor((runs.length - 1) / 2)]!
    console.log(
      state.padEnd(12),
      CATEGORIES.map((c) => String(mid.scores[c]).padStart(4)).join(''),
      `  performance of the ${RUNS} runs: ${runs.map((r) => `${r.scores.performance} (TBT ${r.tbt} ms, LCP ${r.lcp.toFixed(1)} s)`).join(', ')}`,
      `(benchmarkIndex ${runs.map((r) => r.benchmarkIndex).join(', ')}; load ${loadavg()[0]!.toFixed(1)})`,
      mid.misses.length ? `; ${mid.misses.join('; ')}` : '',
    )
  }
  console.log('state        perf a11y  b-p')
  await run('logged out', null)
  const profile = join(server.root, 'chromium-profile')
  const browser = await puppeteer.launch({ executablePath: chrome, headless: true, userDataDir: profile, args: ['--no-sandbox'] })
  try {
    const page = await browser.newPage()
    await page.goto(url)
    await page.locator('#library-email').fill('lighthouse@ornek.com')
    await page.locator('#library-password').fill('Kutuphane-1')
    await page.locator('form.library-login button[type=submit]').click()
    await page.waitForSelector('#library-all')
  } finally {
    await browser.close()
  }
  await run('logged in', profile)
} finally {
  await server.stop()
  stopFollowing()
}
const loadAfter = loadavg()
console.log(
  `load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after (2 cores)`,
)
