import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readPublishState } from '../api/publish/publish-state.ts'
import { login, median, memoryBreakdown, rssMb, startServer, type BenchServer, titleSaveForm } from './lib.ts'

/**
 * Issue 33: what a save costs as the site grows. For the demo content and generated sites of 1,000 and 10,000
 * posts (bench/lib.ts makeContent): save-to-live of one post (median of RUNS saves a second apart) and the bytes
 * the server process wrote to disk for each save (write_bytes of /proc/<pid>/io, which also counts its reaped git
 * children: content, export, host files, manifests, journal, git objects); at 10,000 posts also back-to-back
 * saves (the next one as soon as the last is live), and the RSS after 100 saves and a crawl of every page, with
 * the V8 heap and external memory. Each figure is printed with its goal and its ratio to the demo.
 */
const RUNS = Number(process.env.RUNS ?? 7)
const SIZES = (process.env.SIZES ?? '0,1000,10000').split(',').map(Number)
const SAVES_BEFORE_RSS = Number(process.env.SAVES_BEFORE_RSS ?? 100)
const port = Number(process.env.BENCH_PORT ?? 4334)
const TOKEN = 'olcum-anahtari-0123456789abcdef'
const MB = 1024 * 1024
// BENCH_KEEP_ROOT=/some/dir: each size's server folder is kept in /some/dir/<posts> and reused by later runs (a
// restart adopts the live export), so `PREPARE=1` can render the 10,000-post site once outside the measurement lock
// and the timed run starts in seconds. The kept content carries the earlier runs' saves (titles only).
const KEEP_ROOT = process.env.BENCH_KEEP_ROOT
// PREPARE=1: start each size's server (the first full render) and stop: nothing measured.
const PREPARE = process.env.PREPARE === '1'
// MEMORY_ONLY=1: only the largest size's memory (100 saves, a crawl); SNAPSHOT=1 adds a heap snapshot after it
// (Heap.*.heapsnapshot in the server's folder; the snapshot itself costs the process ~100 MB, so measure first).
const MEMORY_ONLY = process.env.MEMORY_ONLY === '1'
const SNAPSHOT = process.env.SNAPSHOT === '1'
// CPU_PROF=/some/dir: the server runs under --cpu-prof (a .cpuprofile there when it stops), to see what a save costs.
const CPU_PROF = process.env.CPU_PROF

async function ioOf(pid: number): Promise<{ write: number; cancelled: number; wchar: number }> {
  const text = await readFile(`/proc/${pid}/io`, 'utf8')
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)![1])
  return { write: field('write_bytes'), cancelled: field('cancelled_write_bytes'), wchar: field('wchar') }
}

async function metric(server: BenchServer, name: string): Promise<number> {
  const text = await (
    await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text()
  const line = text.split('\n').find((l) => l.startsWith(`${name} `))
  return line ? Number(line.split(' ')[1]) / MB : NaN
}

/** Every sample of a labelled metric, in MB. */
async function metricLines(server: BenchServer, name: string): Promise<[string, number][]> {
  const text = await (
    await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text()
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`))
    .map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1)) / MB])
}

type Post = Record<string, unknown>
/** Saves the post with a new title through the admin API and waits until /blog/{id} shows it: ms. */
async function saveUntilLive(
  server: BenchServer,
  cookie: string,
  post: Post,
  marker: string,
): Promise<number> {
  const form = titleSaveForm(post, marker)
  const started = performance.now()
  const res = await fetch(`${server.base}/api/admin/blogs/${post.id as string}`, {
    method: 'PUT',
    headers: { cookie },
    body: form,
  })
  if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`)
  for (;;) {
    const html = await (await fetch(`${server.base}/blog/${post.id as string}`)).text()
    if (html.includes(marker)) return performance.now() - started
    await new Promise((r) => setTimeout(r, 5))
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
const fmtMs = (ms: number) => `${(ms / 1000).toFixed(3)} s`
const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met')
const results = new Map<number, { live: number; back?: number; bytes: number }>()

for (const posts of SIZES) {
  const label = posts ? `${posts} posts` : 'demo'
  const keepRoot = KEEP_ROOT ? join(KEEP_ROOT, String(posts)) : undefined
  const server = await startServer(
    port,
    {
      METRICS_TOKEN: TOKEN,
      // The first full render of 10,000 posts took over 10 minutes (the default limit) on a loaded machine.
      PUBLISH_TIME_LIMIT_SECONDS: process.env.PUBLISH_TIME_LIMIT_SECONDS ?? '3600',
      NODE_OPTIONS: [SNAPSHOT ? '--heapsnapshot-signal=SIGUSR2' : '', CPU_PROF ? `--cpu-prof --cpu-prof-dir=${CPU_PROF}` : ''].join(' ').trim(),
    },
    { posts, keepRoot },
  )
  try {
    console.log(
      `${label}: server up in ${(server.startMs / 1000).toFixed(1)} s${server.reused ? ' (kept folder)' : ''}`,
    )
    if (PREPARE) continue
    if (MEMORY_ONLY && posts !== Math.max(...SIZES)) continue
    const cookie = await login(server.base)
    const all = JSON.parse(await readFile(join(server.contentDir, 'blogs.json'), 'utf8')) as Post[]
    const post = all.find((p) => p.status !== 'draft')!
    const blogsMb = (await readFile(join(server.contentDir, 'blogs.json'))).length / MB
    // The first save after a start also waits for the spare export trees being linked: one save before measuring.
    await saveUntilLive(server, cookie, post, `Isınma ${Date.now()}`)
    await pause(3000)
    if (!MEMORY_ONLY) {
      const times: number[] = []
      const bytes: number[] = []
      const wchars: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const before = await ioOf(server.pid)
        times.push(await saveUntilLive(server, cookie, post, `Ölçüm ${Date.now()}-${i}`))
        // The save's git commit and background work (spare trees) settle within the pause.
        await pause(1000)
        const after = await ioOf(server.pid)
        bytes.push(after.write - before.write - (after.cancelled - before.cancelled))
        wchars.push(after.wchar - before.wchar)
      }
      const demo = results.get(0)
      const live = median(times)
      const ratio = (v: number, d?: number) => (d ? ` (${(v / d).toFixed(2)}× the demo)` : '')
      console.log(
        `${label}: save-to-live median ${fmtMs(live)}${ratio(live, demo?.live)} [${times.map((t) => t.toFixed(0)).join(', ')} ms]; ` +
          `start-up ${(server.startMs / 1000).toFixed(1)} s; blogs.json ${blogsMb.toFixed(1)} MB`,
      )
      console.log(
        `${label}: bytes written per save (write_bytes) median ${(median(bytes) / MB).toFixed(2)} MB ` +
          `[${bytes.map((b) => (b / MB).toFixed(2)).join(', ')}]; wchar (also sockets) median ${(median(wchars) / MB).toFixed(2)} MB` +
          (posts >= 10000 ? `; goal ≤ 1 MB: ${verdict(median(bytes) <= MB)}` : ''),
      )
      if (posts === 0) console.log(`demo: goal save-to-live ≤ 0.10 s: ${verdict(live <= 100)}`)
      if (posts >= 10000 && demo)
        console.log(`${label}: goal save-to-live ≤ 1.5× the demo: ${verdict(live <= 1.5 * demo.live)}`)
      const entry: { live: number; back?: number; bytes: number } = { live, bytes: median(bytes) }
      if (posts === Math.max(...SIZES) || posts === 0) {
        // Back-to-back: the next save as soon as the last one is live.
        const back: number[] = []
        for (let i = 0; i < RUNS; i++)
          back.push(await saveUntilLive(server, cookie, post, `Ardışık ${Date.now()}-${i}`))
        entry.back = median(back)
        console.log(
          `${label}: back-to-back save-to-live median ${fmtMs(entry.back)} [${back.map((t) => t.toFixed(0)).join(', ')} ms]` +
            (posts && demo?.back
              ? `; ${(entry.back / demo.live).toFixed(2)}× the demo's save-to-live, ${(entry.back / demo.back).toFixed(2)}× its back-to-back; ` +
                `goal ≤ 2× the demo: ${verdict(entry.back <= 2 * demo.live)}`
              : ''),
        )
      }
      results.set(posts, entry)
    }
    if (posts === Math.max(...SIZES) && posts > 0) {
      for (let i = 0; i < SAVES_BEFORE_RSS; i++)
        await saveUntilLive(server, cookie, post, `Bellek ${Date.now()}-${i}`)
      const afterSaves = await rssMb(server.pid)
      // A crawl of every page (the export's pages), as a search engine would.
      const state = (await readPublishState(join(server.root, 'build')))!
      const paths = Object.keys(state.pages)
      for (let i = 0; i < paths.length; i += 8)
        await Promise.all(
          paths
            .slice(i, i + 8)
            .map(async (p) =>
              (
                await fetch(`${server.base}${p}`, { headers: { 'accept-encoding': 'br, gzip' } })
              ).arrayBuffer(),
            ),
        )
      const rss = await rssMb(server.pid)
      const [heap, external] = [
        await metric(server, 'nodejs_heap_size_used_bytes'),
        await metric(server, 'nodejs_external_memory_bytes'),
      ]
      console.log(
        `${label}: RSS after ${SAVES_BEFORE_RSS} saves ${afterSaves.toFixed(0)} MB, after a crawl of ${paths.length} pages ${rss.toFixed(0)} MB ` +
          `(heap used ${heap.toFixed(0)} MB, external ${external.toFixed(0)} MB); goal ≤ 300 MB: ${verdict(rss <= 300)}`,
      )
      const breakdown = Object.entries(await memoryBreakdown(server.pid))
        .sort(([, a], [, b]) => b - a)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      console.log(`${label}: resident memory by mapping (MB): ${breakdown.join(', ')}`)
      const spaces = (await metricLines(server, 'nodejs_heap_space_size_used_bytes')).map(
        ([k, v]) => `${/space="(\w+)"/.exec(k)?.[1]} ${v.toFixed(0)}`,
      )
      console.log(
        `${label}: V8 heap total ${(await metric(server, 'nodejs_heap_size_total_bytes')).toFixed(0)} MB; used by space (MB): ${spaces.join(', ')}`,
      )
      const status = await readFile(`/proc/${server.pid}/status`, 'utf8')
      console.log(
        `${label}: ${['VmHWM', 'RssAnon', 'RssFile'].map((k) => new RegExp(`${k}:\\s+\\d+ kB`).exec(status)?.[0]).join(', ')}`,
      )
      // HOLD_S=n: the server stays up n more seconds (pid printed) for an analysis by hand (pmap, gdb's malloc_stats).
      if (process.env.HOLD_S) {
        console.log(
          `${label}: holding server pid ${server.pid} at ${server.base} for ${process.env.HOLD_S} s`,
        )
        await pause(Number(process.env.HOLD_S) * 1000)
      }
      if (SNAPSHOT) {
        process.kill(server.pid, 'SIGUSR2')
        await pause(60_000)
        console.log(
          `${label}: heap snapshot written to ${server.root} (RSS now ${(await rssMb(server.pid)).toFixed(0)} MB)`,
        )
      }
    }
  } finally {
    await server.stop()
    await pause(1000)
  }
}
