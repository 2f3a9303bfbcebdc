/**
 * Issue 32: what counting one page view costs the thread serving pages, apart from the machine's load: the bot
 * check and referring domain (visitFacts, as fast-site.ts calls it) and the in-memory counts (countView), for a
 * million views of 1,000 pages from a handful of browsers and referrers; then the once-a-second flush's main-thread
 * part (building the writer's ops; the writer thread commits them). No SQLite call happens on a view.
 * Run: node bench/count-view.ts   (VIEWS)
 */
import { visitFacts } from '../api/stats/visit.ts'
import { createTestApp } from '../api/testing/test-helpers.ts'

const VIEWS = Number(process.env.VIEWS ?? 1_000_000)
const t = await createTestApp({ now: () => new Date() })
const counters = t.deps.data.counters
const agents = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
]
const referers = [
  undefined,
  'https://www.google.com/',
  'https://www.linkedin.com/feed/',
  'https://haber.ornek.com.tr/a/1',
]
const paths = Array.from({ length: 1000 }, (_, i) => `/blog/yazi-${i}`)

for (let round = 0; round < 3; round++) {
  const cpu = process.cpuUsage()
  const start = performance.now()
  for (let i = 0; i < VIEWS; i++) {
    const facts = visitFacts({
      userAgent: agents[i % agents.length],
      referer: referers[(i >> 2) % referers.length],
      host: 'www.netiz.com.tr',
    })
    counters.countView(paths[i % paths.length]!, facts)
  }
  const took = performance.now() - start
  const used = process.cpuUsage(cpu)
  const flushStart = performance.now()
  const flushed = counters.flush()
  const flushMain = performance.now() - flushStart
  await flushed
  console.log(
    `round ${round + 1}: ${VIEWS.toLocaleString('en')} views in ${took.toFixed(0)} ms wall, ` +
      `${((used.user + used.system) / 1000).toFixed(0)} ms CPU: ${((took * 1e6) / VIEWS).toFixed(0)} ns per view; ` +
      `flush of 1,000 pages' counts: ${flushMain.toFixed(1)} ms on this thread before the writer takes it`,
  )
}
await t.cleanup()
