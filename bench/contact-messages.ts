import { spawn } from 'node:child_process'
import { mkdir, mkdtemp } from 'node:fs/promises'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDataStore } from '../api/store/data-store.ts'
import { transaction } from '../api/store/private/database.ts'
import { login, median, startServer } from './lib.ts'

/**
 * Contact messages at scale, against the real server with STORED (100,000) messages already in its database:
 * 1. messages accepted per second (CONCURRENCY clients, each message from its own X-Forwarded-For address, as many
 *    visitors would send them; the per-address limit still applies);
 * 2. the home page's p99 (wrk, 1 thread, 10 connections) with no burst, then during a BURST/s stream of messages;
 * 3. the admin inbox's and archive's first page (and a search) at that size.
 */
const STORED = Number(process.env.STORED ?? 100_000)
const SEND = Number(process.env.SEND ?? 5_000)
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 64)
const BURST = Number(process.env.BURST ?? 200)
const SECONDS = Number(process.env.SECONDS ?? 10)
const PORT = Number(process.env.BENCH_PORT ?? 4310)

const dataDir = join(await mkdtemp(join(tmpdir(), 'bench-contact-')), 'data')
await mkdir(dataDir, { recursive: true })
{
  const t0 = performance.now()
  const store = await openDataStore(dataDir)
  const day = Date.UTC(2020, 0, 1)
  transaction(store.db, () =>
    store.messages.addMany(
      Array.from({ length: STORED }, (_, i) => ({
        id: `seed${String(i).padStart(8, '0')}`,
        name: `Gönderen ${i}`,
        email: `kisi${i}@ornek.com`,
        phone: '+90 212 555 00 00',
        subject: `Teklif talebi ${i}`,
        message: `Merhaba, e-fatura ve e-arşiv geçişi için bilgi almak istiyoruz. Talep numarası ${i}.`,
        createdAt: new Date(day + i * 60_000).toISOString(),
        // Every other message is read: the archive is as big as the inbox.
        readAt: i % 2 ? new Date(day + i * 60_000 + 3_600_000).toISOString() : null,
      })),
    ),
  )
  await store.close()
  console.log(
    `seeded ${STORED.toLocaleString('en')} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  )
}

const server = await startServer(PORT, {
  DATA_DIR: dataDir,
  REBUILD: 'off',
  ...(process.env.PROFILE_DIR
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.PROFILE_DIR}` }
    : {}),
})
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY })
let sent = 0
const address = () => `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`
function sendOne(): Promise<number> {
  const body = JSON.stringify({
    name: 'Bench Gönderen',
    email: 'bench@ornek.com',
    phone: '+90 212 555 00 00',
    subject: 'Yük testi',
    message: 'Bu mesaj bir yük testinden geliyor.',
  })
  const forwarded = address()
  sent++
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.base}/api/contact`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwarded },
      },
      (res) => {
        res.resume()
        res.on('end', () =>
          res.statusCode === 201 ? resolve(201) : reject(new Error(`status ${res.statusCode}`)),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** wrk's p99 and rate for the home page over SECONDS. */
function wrk(): Promise<{ p99: number; rps: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/wrk', ['-t1', '-c10', `-d${SECONDS}s`, '--latency', `${server.base}/`])
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

async function timed(url: string, cookie: string, runs = 7): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const res = await fetch(url, { headers: { cookie } })
    const body = (await res.json()) as { data: unknown[]; total: number }
    if (!res.ok || body.data.length === 0) throw new Error(`${url}: ${res.status}`)
    times.push(performance.now() - t0)
  }
  return times
}

try {
  // 1. Throughput: SEND messages, CONCURRENCY at a time.
  await Promise.all(Array.from({ length: 20 }, () => sendOne())) // warm-up
  const t0 = performance.now()
  let next = 0
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < SEND) await sendOne()
    }),
  )
  const perSecond = SEND / ((performance.now() - t0) / 1000)

  // 2. Home page p99: alone, then beside a steady BURST/s of messages.
  const quiet = await wrk()
  let burstSent = 0
  const timer = setInterval(() => {
    for (let i = 0; i < BURST / 20; i++) void sendOne().then(() => burstSent++)
  }, 50)
  const busy = await wrk()
  clearInterval(timer)
  const burstRate = burstSent / SECONDS

  // 3. Inbox and archive first pages at this size.
  const cookie = await login(server.base)
  const inbox = await timed(`${server.base}/api/admin/contact`, cookie)
  const archive = await timed(`${server.base}/api/admin/contact/archive`, cookie)
  const search = await timed(
    `${server.base}/api/admin/contact?q=${encodeURIComponent('NUMARASI 1000')}`,
    cookie,
  )
  const ms = (v: number) => `${v.toFixed(1)} ms`
  console.log(`stored before the run: ${STORED.toLocaleString('en')} messages`)
  console.log(
    `messages accepted: ${perSecond.toFixed(0)}/s (${SEND} messages, ${CONCURRENCY} concurrent, distinct addresses)`,
  )
  console.log(`home page p99 with no burst: ${ms(quiet.p99)} (${quiet.rps.toFixed(0)} req/s, wrk -t1 -c10)`)
  console.log(
    `home page p99 during ${burstRate.toFixed(0)} messages/s: ${ms(busy.p99)} (${busy.rps.toFixed(0)} req/s); ratio ${(busy.p99 / quiet.p99).toFixed(2)}`,
  )
  console.log(`inbox first page: median ${ms(median(inbox))}, max ${ms(Math.max(...inbox))}`)
  console.log(`archive first page: median ${ms(median(archive))}, max ${ms(Math.max(...archive))}`)
  console.log(`inbox search (full scan): median ${ms(median(search))}, max ${ms(Math.max(...search))}`)
} finally {
  agent.destroy()
  await server.stop()
}
