/**
 * Issue 32: the home page's latency while views come in at a steady 200/s (each one counted per day, with its
 * referrer), on the real server. One request every 5 ms on schedule over keep-alive connections (node:http, not
 * fetch), whatever earlier ones are doing; latency per request from send to the last byte.
 * Run: node bench/home-burst.ts   (RATE, SECONDS, BOT=1)
 */
import { Agent, get } from 'node:http'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { percentile, startServer } from './lib.ts'

const RATE = Number(process.env.RATE ?? 200)
const SECONDS = Number(process.env.SECONDS ?? 15)
// BOT=1: a bot's user agent, left out of the daily figures (the same run without the daily counting).
const headers = {
  'user-agent': process.env.BOT
    ? 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
    : 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  referer: 'https://www.google.com/',
  'accept-encoding': 'br, gzip',
}
const server = await startServer(4232 + 1001, { REBUILD: 'off' })
const agent = new Agent({ keepAlive: true, maxSockets: 32 })
const one = () =>
  new Promise<number>((resolve, reject) => {
    const t0 = performance.now()
    get(`${server.base}/`, { agent, headers }, (res) => {
      res.resume()
      res.on('end', () => resolve(performance.now() - t0))
    }).on('error', reject)
  })
try {
  for (let i = 0; i < 200; i++) await one()
  const latencies: Promise<number>[] = []
  const sentAt: number[] = []
  const loop = monitorEventLoopDelay({ resolution: 1 })
  loop.enable()
  const start = performance.now()
  await new Promise<void>((done) => {
    const timer = setInterval(() => {
      const due = Math.min(RATE * SECONDS, Math.floor(((performance.now() - start) / 1000) * RATE))
      while (latencies.length < due) (sentAt.push(performance.now() - start), latencies.push(one()))
      if (latencies.length >= RATE * SECONDS) (clearInterval(timer), done())
    }, 1)
  })
  const all = await Promise.all(latencies)
  const took = (performance.now() - start) / 1000
  console.log(
    `home at ${RATE}/s for ${SECONDS} s (${(all.length / took).toFixed(0)}/s sent): p50 ${percentile(all, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(all, 99).toFixed(1)} ms, max ${Math.max(...all).toFixed(1)} ms; ` +
      `the client's longest event-loop delay ${(loop.max / 1e6).toFixed(1)} ms`,
  )
  // DETAIL=1: when the slowest requests were sent (a stall shows as a run of them at one moment).
  if (process.env.DETAIL)
    for (const i of [...all.keys()].sort((a, b) => all[b]! - all[a]!).slice(0, 12))
      console.log(`  sent at ${(sentAt[i]! / 1000).toFixed(3)} s: ${all[i]!.toFixed(1)} ms`)
} finally {
  agent.destroy()
  await server.stop()
}
