import { execFile } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import { join } from 'node:path'
import { readCollectionSync } from '../schema/content-folder-read.ts'
import { readPublishState } from '../api/publish/publish-state.ts'
import { login, median, memoryBreakdown, rssMb, startServer, type BenchServer, saveUntilLive } from './lib.ts'

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
// After each timed save, how long the bytes of its commit and background work are given to land (SETTLE_MS).
const SETTLE_MS = Number(process.env.SETTLE_MS ?? 1000)
// BENCH_KEEP_ROOT=/some/dir: each size's server folder is kept in /some/dir/<posts> and reused by later runs (a
// restart adopts the live export), so `PREPARE=1` can render the 10,000-post site once outside the measurement lock
// and the timed run starts in seconds. The kept content carries the earlier runs' saves (titles only).
const KEEP_ROOT = process.env.BENCH_KEEP_ROOT
// PREPARE=1: start each size's server (the first full render) and stop: nothing measured.
const PREPARE = process.env.PREPARE === '1'
// MEMORY_ONLY=1: only the largest size's memory (100 saves, a crawl); SNAPSHOT=1 adds a heap snapshot after it
// (Heap.*.heapsnapshot in the server's folder; the snapshot itself costs the process ~100 MB, so measure first).
const MEMORY_ONLY = process.env.MEMORY_ONLY === '1'
// MEMORY=0: no memory part (100 saves and a crawl at the largest size), for a run that must stay short.
const SNAPSHOT = process.env.SNAPSHOT === '1'
// CPU_PROF=/some/dir: the server runs under --cpu-prof (a .cpuprofile there when it stops), to see what a save costs.
const CPU_PROF = process.env.CPU_PROF

async function ioOf(pid: number): Promise<{ write: number; cancelled: number; wchar: number }> {
  const text = await readFile(`/proc/${pid}/io`, 'utf8')
  const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)![1])
  return { write: field('write_bytes'), cancelled: field('cancelled_write_bytes'), wchar: field('wchar') }
}

/** What a written file is, by where it lies in the server's folder (content/, data/, build/). */
function kindOf(path: string): string {
  if (path.startsWith('content/.git/objects/')) return 'git objects'
  if (path.startsWith('content/.git/')) return 'git index, refs, logs, item index'
  if (path.startsWith('content/')) return 'content files'
  if (path.startsWith('data/')) return 'database files touched (size, not bytes written)'
  if (/^build\/[^/]+\/(_headers|_redirects|_nginx)/.test(path) || path === 'build/nginx-maps.conf') return 'host files (_headers, _nginx.conf, _redirects)'
  if (path.startsWith('build/manifests/') || path.startsWith('build/publish-state')) return 'manifest and publish state'
  if (path.startsWith('build/')) return 'export pages (.br, .gz with them)'
  return 'other'
}

/**
 * The files of the server's folder written since `sinceMs` (mtime), summed by kind: a breakdown of write_bytes.
 * Files written whole are counted by their size; SQLite's files are rewritten in place (pages, a WAL that is
 * reused), so their part is the rest: write_bytes minus the files counted (with temporary files removed since).
 */
async function writtenSince(root: string, sinceMs: number): Promise<Map<string, number>> {
  // find is much faster than a walk in JavaScript over a 10,000-post export (three trees of ~33,000 files).
  // An old export tree being removed meanwhile makes find say 'No such file' and exit 1: what it listed stands.
  const { stdout } = await promisify(execFile)(
    'find', ['.', '-type', 'f', '-newermt', `@${(sinceMs / 1000).toFixed(3)}`, '-printf', '%s %P\\n'],
    { cwd: root, maxBuffer: 64 * MB },
  ).catch((err: { stdout?: string; code?: number }) => {
    if (err.code === 1 && typeof err.stdout === 'string') return { stdout: err.stdout }
    throw err
  })
  const out = new Map<string, number>()
  for (const line of stdout.split('\n').filter(Boolean)) {
    const at = line.indexOf(' ')
    const kind = kindOf(line.slice(at + 1))
    out.set(kind, (out.get(kind) ?? 0) + Number(line.slice(0, at)))
  }
  return out
}

async function metric(server: BenchServer, name: string): Promise<number> {
  const text = await (
    await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text()
  const line = text.split('\n').find((l) => l.startsWith(`${name} `))
  return line ? Number(line.split(' ')[1]) / MB : NaN
}

/** git processes the server started so far, by command (site_git_processes_total). */
async function gitProcesses(server: BenchServer): Promise<Map<string, number>> {
  const text = await (
    await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  ).text()
  const out = new Map<string, number>()
  for (const line of text.split('\n').filter((l) => l.startsWith('site_git_processes_total{')))
    out.set(/command="([^"]*)"/.exec(line)?.[1] ?? '', Number(line.slice(line.lastIndexOf(' ') + 1)))
  return out
}

/** CPU time of the server and its reaped children (git), user + system, in ms (/proc/<pid>/stat; 10 ms ticks). */
async function cpuWithChildrenMs(pid: number): Promise<{ own: number; children: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number)
  return { own: (f[11]! + f[12]!) * 10, children: (f[13]! + f[14]!) * 10 }
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
    const all = readCollectionSync(server.contentDir, 'blogs') as Post[]
    const post = all.find((p) => p.status !== 'draft')!
    // The posts' bytes on disk: blogs.json, or the sum of the post files (CONTENT_FOLDERS=on).
    const blogsMb = Buffer.byteLength(JSON.stringify(all, null, 2)) / MB
    // The first save after a start also waits for the spare export trees being linked: one save before measuring.
    await saveUntilLive(server, cookie, post, `Isınma ${Date.now()}`)
    await pause(3000)
    if (!MEMORY_ONLY) {
      const times: number[] = []
      const bytes: number[] = []
      const wchars: number[] = []
      const parts = new Map<string, number[]>()
      const forks: number[] = []
      const forksBy = new Map<string, number>()
      const cpuOwn: number[] = []
      const cpuChildren: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const gitBefore = await gitProcesses(server)
        const cpuBefore = await cpuWithChildrenMs(server.pid)
        const before = await ioOf(server.pid)
        const since = Date.now()
        times.push(await saveUntilLive(server, cookie, post, `Ölçüm ${Date.now()}-${i}`))
        // The save's git commit and background work (spare trees) settle within the pause.
        await pause(SETTLE_MS)
        const after = await ioOf(server.pid)
        const written = after.write - before.write - (after.cancelled - before.cancelled)
        bytes.push(written)
        wchars.push(after.wchar - before.wchar)
        const cpuAfter = await cpuWithChildrenMs(server.pid)
        cpuOwn.push(cpuAfter.own - cpuBefore.own)
        cpuChildren.push(cpuAfter.children - cpuBefore.children)
        let n = 0
        for (const [command, count] of await gitProcesses(server)) {
          const d = count - (gitBefore.get(command) ?? 0)
          n += d
          if (d) forksBy.set(command, (forksBy.get(command) ?? 0) + d)
        }
        forks.push(n)
        const files = await writtenSince(server.root, since)
        let counted = 0
        for (const [kind, size] of files) {
          if (!kind.startsWith('database')) counted += size
          parts.set(kind, [...(parts.get(kind) ?? []), size])
        }
        parts.set('rest: SQLite (journal, sessions) and temporary files', [...(parts.get('rest: SQLite (journal, sessions) and temporary files') ?? []), Math.max(0, written - counted)])
      }
      const demo = results.get(0)
      const live = median(times)
      const ratio = (v: number, d?: number) => (d ? ` (${(v / d).toFixed(2)}× the demo)` : '')
      console.log(
        `${label}: save-to-live median ${fmtMs(live)}${ratio(live, demo?.live)} [${times.map((t) => t.toFixed(0)).join(', ')} ms]; ` +
          `start-up ${(server.startMs / 1000).toFixed(1)} s; posts ${blogsMb.toFixed(1)} MB`,
      )
      console.log(
        `${label}: bytes written per save (write_bytes) median ${(median(bytes) / MB).toFixed(2)} MB ` +
          `[${bytes.map((b) => (b / MB).toFixed(2)).join(', ')}]; wchar (also sockets) median ${(median(wchars) / MB).toFixed(2)} MB` +
          (posts >= 10000 ? `; goal ≤ 1 MB: ${verdict(median(bytes) <= MB)}` : ''),
      )
      // By kind, medians over the saves (a kind a save did not write counts 0 for it).
      console.log(
        `${label}: written per save by kind (MB, medians): ` +
          [...parts]
            .map(([kind, sizes]) => `${kind} ${(median([...sizes, ...Array(RUNS - sizes.length).fill(0)]) / MB).toFixed(3)}`)
            .join('; '),
      )
      console.log(
        `${label}: per save (each with the second after it): git processes median ${median(forks)} [${forks.join(', ')}] ` +
          `(${RUNS} saves: ${[...forksBy].map(([c, n]) => `${c} ${n}`).join(', ')}); server CPU median ${median(cpuOwn)} ms, ` +
          `its git children ${median(cpuChildren)} ms`,
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
    if (posts === Math.max(...SIZES) && posts > 0 && process.env.MEMORY !== '0') {
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
