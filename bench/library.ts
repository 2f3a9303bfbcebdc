import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { hashPassword } from '../api/auth/passwords.ts'
import { openDataStore } from '../api/store/data-store.ts'
import { followAutogroupNice } from './autogroup.ts'
import { cpuMs, median, percentile, rssMb, startServer } from './lib.ts'

/**
 * The members' library at scale (issue 31), against the real server:
 * 1. search at ITEMS items (each with a description and a page of PDF-like text in the index): GET
 *    /api/library/items with a rare word, a common word (every item matches), a Turkish-folded prefix, a
 *    category filter and a deep page; median and p95 of RUNS answers each, measured from the client;
 * 2. memory: the server's resident memory (VmRSS, sampled every 50 ms, and the peak) while a library admin uploads
 *    a FILE_MB file (a CSV, so the byte check streams through all of it) and a member downloads it.
 */
const ITEMS = Number(process.env.ITEMS ?? 10_000)
const RUNS = Number(process.env.RUNS ?? 50)
const FILE_MB = Number(process.env.FILE_MB ?? 200)
const PORT = Number(process.env.BENCH_PORT ?? 4331)

// Under bench/prioritized.sh every process this bench starts keeps its raised CPU share (bench/autogroup.ts).
followAutogroupNice()
const root = await mkdtemp(join(tmpdir(), 'bench-library-'))
const dataDir = join(root, 'data')
await mkdir(dataDir, { recursive: true })
const words = [
  'e-Fatura',
  'e-Arşiv',
  'e-Defter',
  'berat',
  'mali mühür',
  'özel entegratör',
  'KDV',
  'muhtasar',
  'ıslak imza',
  'şirket',
  'gümrük',
  'çek',
]
{
  const t0 = performance.now()
  const store = await openDataStore(dataDir)
  const cats = ['Kılavuzlar', 'Mevzuat', 'Şablonlar', 'Örnek Dosyalar'].map((name, i) =>
    store.library.categories.add({ id: `cat${i}`, name, at: new Date().toISOString() }),
  )
  const day = Date.UTC(2022, 0, 1)
  // Each add is its own transaction (as in the API); without fsyncs the 10,000 are quick to make.
  store.db.exec('PRAGMA synchronous = OFF')
  {
    for (let i = 0; i < ITEMS; i++) {
      const w = (k: number) => words[(i + k) % words.length]
      const page = Array.from(
        { length: 40 },
        (_, k) => `${w(k)} uygulamasında ${k + i} numaralı adım, ${w(k + 3)} ile birlikte yürütülür.`,
      ).join(' ')
      store.library.items.add({
        id: `item${String(i).padStart(6, '0')}`,
        title: `${w(0)} Kılavuzu ${i}`,
        description: `${w(1)} ve ${w(2)} için açıklama, belge ${i}.`,
        category: cats[i % cats.length]!.id,
        kind: 'link',
        file: null,
        url: `https://ornek.com/belge/${i}`,
        // A rare word in one item only.
        body: i === ITEMS - 17 ? `${page} zümrütçiçeği` : page,
        at: new Date(day + i * 60_000).toISOString(),
        by: { id: 'bench', name: 'Bench' },
      })
    }
  }
  const hash = await hashPassword('Kutuphane-1')
  await store.update('members', (m) => {
    m.push({
      id: 'libadmin',
      name: 'Kütüphane Yöneticisi',
      email: 'kadmin@ornek.com',
      role: 'library_admin',
      passwordHash: hash,
      created_at: new Date().toISOString(),
    })
    m.push({
      id: 'libuye',
      name: 'Üye',
      email: 'kuye@ornek.com',
      role: 'member',
      passwordHash: hash,
      created_at: new Date().toISOString(),
    })
  })
  await store.close()
  console.log(`${ITEMS} items stored in ${Math.round(performance.now() - t0)} ms`)
}

// The same searches in-process (the store's list(), as the route calls it): the query's own cost, without HTTP and
// without waiting for a core on a shared machine.
const QUERIES: [string, Record<string, string>][] = [
  ['rare word inside the text (1 hit)', { q: 'zumrutcicegi' }],
  ['common word (every item)', { q: 'uygulamasinda' }],
  ['Turkish-folded prefix "kilav"', { q: 'kilav' }],
  ['two words', { q: 'ozel entegrator' }],
  ['common word + category', { q: 'adim', category: 'cat2' }],
  ['newest first, no words', {}],
  ['common word, page 100', { q: 'uygulamasinda', page: '100' }],
]
{
  const store = await openDataStore(dataDir)
  console.log(`\n0. Search in-process (store, ms, median / p95 of ${RUNS}: wall clock, then CPU time)`)
  for (const [label, q] of QUERIES) {
    const times: number[] = []
    const cpu: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now()
      const c = process.cpuUsage()
      store.library.items.list({
        q: q.q ?? '',
        category: q.category ?? '',
        page: Number(q.page ?? 1),
        pageSize: 20,
      })
      times.push(performance.now() - t)
      const used = process.cpuUsage(c)
      cpu.push((used.user + used.system) / 1000)
    }
    // CPU time beside the wall clock: on a shared machine the difference is the wait for a core.
    console.log(
      `  ${label.padEnd(36)} ${median(times).toFixed(1).padStart(6)} / ${percentile(times, 95).toFixed(1).padStart(6)} ms,` +
        ` CPU ${median(cpu).toFixed(1).padStart(5)} / ${percentile(cpu, 95).toFixed(1).padStart(5)} ms`,
    )
  }
  await store.close()
}

// The server's own time for each answer (its log line's 'ms': from the request reaching Node to the answer
// written), beside the client's: the difference is the wait for a core, the socket and the client's parsing.
const serverMs: number[] = []
const server = await startServer(
  PORT,
  { DATA_DIR: dataDir, REBUILD: 'off', LOG_LEVEL: 'info' },
  {
    onLogLine: (line) => {
      if (!line.includes('"route":"/api/library/items"')) return
      const ms = (JSON.parse(line) as { ms?: number }).ms
      if (typeof ms === 'number') serverMs.push(ms)
    },
  },
)
const base = server.base
async function memberCookie(email: string) {
  const res = await fetch(`${base}/api/library/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Kutuphane-1' }),
  })
  if (!res.ok) throw new Error(`login ${res.status}`)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}
const member = await memberCookie('kuye@ornek.com')
const librarian = await memberCookie('kadmin@ornek.com')

try {
  console.log(
    `\n1. Search over HTTP (ms, median / p95 of ${RUNS} answers: from the client; the server's own time per its log;` +
      ` the server's CPU time per answer)`,
  )
  const queries: [string, string][] = [
    ['rare word inside the text (1 hit)', 'q=zumrutcicegi'],
    ['common word (every item)', 'q=uygulamasinda'],
    ['Turkish-folded prefix "kilav"', 'q=kilav'],
    ['two words', 'q=ozel%20entegrator'],
    ['common word + category', 'q=adim&category=cat2'],
    ['newest first, no words', 'page=1'],
    ['common word, page 100', 'q=uygulamasinda&page=100'],
  ]
  for (const [label, query] of queries) {
    const times: number[] = []
    let total = 0
    serverMs.length = 0
    const cpu0 = await cpuMs(server.pid)
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now()
      const res = await fetch(`${base}/api/library/items?${query}&pageSize=20`, {
        headers: { cookie: member },
      })
      const body = (await res.json()) as { total: number }
      times.push(performance.now() - t)
      total = body.total
    }
    // The server's CPU time per answer: what the answer costs, whatever the wait for a core (includes its log line).
    const cpuPer = ((await cpuMs(server.pid)) - cpu0) / RUNS
    // The last log lines may still be on their way through the pipe.
    for (let wait = 0; serverMs.length < RUNS && wait < 50; wait++) await new Promise((r) => setTimeout(r, 20))
    console.log(
      `  ${label.padEnd(36)} client ${median(times).toFixed(1).padStart(6)} / ${percentile(times, 95).toFixed(1).padStart(6)} ms,` +
        ` server ${median(serverMs).toFixed(1).padStart(6)} / ${percentile(serverMs, 95).toFixed(1).padStart(6)} ms,` +
        ` server CPU ${cpuPer.toFixed(1)} ms per answer  (${total} found)`,
    )
  }

  // FILE_MB=0 skips the memory part (search figures only).
  if (FILE_MB > 0) {
    console.log(`\n2. Memory while a ${FILE_MB} MB file goes up and comes back down (server RSS, MB)`)
    const samples: number[] = []
    const sampler = setInterval(() => void rssMb(server.pid).then((mb) => samples.push(mb)), 50)
    const before = await rssMb(server.pid)
    const boundary = '----benchlibrary'
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBüyük hesap planı\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="büyük.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    )
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
    const line = Buffer.from('100;Kasa;Türk lirası kasası;0,00;0,00\n'.padEnd(64, ' ').slice(0, 63) + '\n')
    const lines = Math.floor((FILE_MB * 1024 * 1024) / line.length)
    async function* body() {
      yield head
      const chunk = Buffer.concat(Array.from({ length: 1024 }, () => line))
      for (let i = 0; i < lines; i += 1024)
        yield i + 1024 <= lines ? chunk : chunk.subarray(0, (lines - i) * line.length)
      yield tail
    }
    const up0 = performance.now()
    const created = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(`${base}/api/library/items`, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          cookie: librarian,
          origin: base,
        },
      })
      req.on('response', (res) => {
        let text = ''
        res.on('data', (c: Buffer) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
      })
      req.on('error', reject)
      void pipeline(Readable.from(body()), req).catch(reject)
    })
    const upMs = performance.now() - up0
    if (created.status !== 201) throw new Error(`upload ${created.status} ${created.text}`)
    const afterUpload = Math.max(...samples)
    const id = (JSON.parse(created.text) as { data: { id: string; size: number } }).data.id
    samples.length = 0
    const down0 = performance.now()
    let received = 0
    await new Promise<void>((resolve, reject) => {
      request(`${base}/api/library/items/${id}/file`, { headers: { cookie: member } }, (res) => {
        res.on('data', (c: Buffer) => (received += c.length))
        res.on('end', resolve)
        res.on('error', reject)
      }).end()
    })
    const downMs = performance.now() - down0
    clearInterval(sampler)
    const afterDownload = Math.max(...samples)
    const status = (await import('node:fs/promises')).readFile(`/proc/${server.pid}/status`, 'utf8')
    const hwm = Number(/VmHWM:\s+(\d+)/.exec(await status)![1]) / 1024
    console.log(`  before: ${before.toFixed(0)} MB`)
    console.log(
      `  upload of ${((lines * line.length) / 1048576).toFixed(0)} MB: ${(upMs / 1000).toFixed(1)} s, peak RSS meanwhile ${afterUpload.toFixed(0)} MB (+${(afterUpload - before).toFixed(0)} MB)`,
    )
    console.log(
      `  download of ${(received / 1048576).toFixed(0)} MB: ${(downMs / 1000).toFixed(1)} s, peak RSS meanwhile ${afterDownload.toFixed(0)} MB (+${(afterDownload - before).toFixed(0)} MB)`,
    )
    console.log(`  the process's peak RSS over its life (VmHWM): ${hwm.toFixed(0)} MB`)
  }
} finally {
  await server.stop()
  await rm(root, { recursive: true, force: true })
}
