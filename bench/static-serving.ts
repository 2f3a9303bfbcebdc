import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Agent, request } from 'node:http'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { startServer } from './lib.ts'

/**
 * Throughput of the home page from our server (memory, precompressed) against a baseline measured in the same
 * run: Hono's serveStatic on the same build folder (reads the disk per request, no compression).
 */
const SECONDS = Number(process.env.SECONDS ?? 5)
const CONCURRENCY = 32

async function load(url: string): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY })
  let done = 0
  const end = Date.now() + SECONDS * 1000
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(url, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        res.resume()
        res.on('end', () => {
          if (res.statusCode !== 200) reject(new Error(`status ${res.statusCode}`))
          else resolve()
        })
      })
      req.on('error', reject)
      req.end()
    })
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        await one()
        done++
      }
    }),
  )
  agent.destroy()
  return done / SECONDS
}

const ours = await startServer(Number(process.env.BENCH_PORT ?? 4302), { REBUILD: 'off' })
const { dir } = JSON.parse(await readFile(join(ours.root, 'build', 'current.json'), 'utf8')) as { dir: string }
const baselineApp = new Hono().use('*', serveStatic({ root: dir }))
const baselinePort = Number(process.env.BENCH_PORT ?? 4302) + 1
const baseline = serve({ fetch: baselineApp.fetch, port: baselinePort, hostname: '127.0.0.1' })
try {
  await load(`${ours.base}/`) // warm-up
  const baseRate = await load(`http://127.0.0.1:${baselinePort}/index.html`)
  const ourRate = await load(`${ours.base}/`)
  console.log(`baseline (hono serveStatic from disk): ${baseRate.toFixed(0)} req/s`)
  console.log(`ours (memory, brotli, ETag): ${ourRate.toFixed(0)} req/s`)
  console.log(`ratio ours / baseline: ${(ourRate / baseRate).toFixed(2)}`)
} finally {
  baseline.close()
  ours.stop()
}
