import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { readCollectionSync } from '../schema/content-folder-read.ts'
import { login, median, percentile, rssMb, startServer, type BenchServer, saveUntilLive } from './lib.ts'

/**
 * Issue 33 point 4, the 100,000-post stretch: on a content folder of POSTS generated posts (default 100,000;
 * bench/lib.ts makeContent, one `blogs.json` that the first start moves into a file per post, then renders every
 * page):
 * 1. the server's start-up time (the first start) and its restart on the same folder (the live export adopted);
 * 2. save-to-live of one post through the admin API, median of RUNS (11) saves a second apart, timed until
 *    /blog/{id} shows the new title; goal ≤ 0.3 s;
 * 3. `/blog` and an old post's page (not the saved one), REQUESTS (200) sequential GETs each, timed on the client
 *    around fetch and the body's read: median and p95; and cold: the first request to each of COLD (5) old posts'
 *    pages nobody requested since the start; goal ≤ 5 ms (medians);
 * 4. the server's RSS (VmRSS) after those saves and requests; goal ≤ 600 MB;
 * 5. `.git` against the content's JSON files after SAVES_GIT (1,000) saves of POSTS posts, through the content store
 *    with git on (bench/git-history.ts PARTS=size, not over HTTP); goal ≤ 3×. SAVES_GIT=0 skips it.
 * Ends with a summary of each figure, its goal and whether it is met.
 */
const POSTS = Number(process.env.POSTS ?? 100_000)
const RUNS = Number(process.env.RUNS ?? 11)
const REQUESTS = Number(process.env.REQUESTS ?? 200)
const COLD = Number(process.env.COLD ?? 5)
const SAVES_GIT = Number(process.env.SAVES_GIT ?? 1000)
const port = Number(process.env.BENCH_PORT ?? 4361)
// BENCH_KEEP_ROOT=/some/dir: the server's folder (content, data, export) is kept in /some/dir/<POSTS> and reused by
// later runs (a restart adopts the live export instead of rendering 100,000 posts again), as in cost-flat.ts;
// PREPARE=1 only makes it (the first start, timed and recorded there) and stops. Without it the folder is a
// temporary one, removed at the end, and every run does the first start and the restart.
const KEEP_ROOT = process.env.BENCH_KEEP_ROOT
const PREPARE = process.env.PREPARE === '1'
// The first start of 100,000 posts (the move to a file each and a full render) takes far longer than the
// 10,000-post one (126 s at load ~6): limits in hours, both overridable.
process.env.BENCH_START_TIMEOUT_S ??= '7200'
const PUBLISH_TIME_LIMIT_SECONDS = process.env.PUBLISH_TIME_LIMIT_SECONDS ?? '7200'

type Post = Record<string, unknown>

/** One GET timed on the client, fetch and the body's read (Node's fetch asks for gzip/br and decompresses): ms. */
async function timedGet(url: string): Promise<{ ms: number; bytes: number; status: number }> {
  const started = performance.now()
  const res = await fetch(url)
  const body = await res.arrayBuffer()
  return { ms: performance.now() - started, bytes: body.byteLength, status: res.status }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
const fmtS = (ms: number) => `${(ms / 1000).toFixed(3)} s`
const fmtMs = (ms: number) => `${ms.toFixed(2)} ms`
const verdict = (ok: boolean) => (ok ? 'met' : 'not met')
const label = `${POSTS} posts`
/** The summary's lines: figure, goal (empty: reported only) and whether it is met. */
const summary: { name: string; value: string; goal?: string; met?: boolean }[] = []
const FIRST_START_FILE = 'stretch-first-start.json'
// The machine's load (2 cores, shared), printed with the summary: figures are read with it.
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')
const loadAtStart = load()

const keepRoot = KEEP_ROOT ? join(KEEP_ROOT, String(POSTS)) : await mkdtemp(join(tmpdir(), 'bench-stretch-'))
const serverEnv = { PUBLISH_TIME_LIMIT_SECONDS }
let server = await startServer(port, serverEnv, { posts: POSTS, keepRoot })
await assertServed(server)
/**
 * The server answers once it listens; the posts must also be live (a content file it refused, e.g. one blogs.json
 * over the 64 MB limit, would leave an empty blog and a meaningless run): the newest and the oldest post's pages.
 */
async function assertServed(s: BenchServer): Promise<void> {
  const posts = readCollectionSync(s.contentDir, 'blogs') as Post[]
  for (const post of [posts[0]!, posts.at(-1)!]) {
    const status = (await fetch(`${s.base}/blog/${post.id as string}`)).status
    if (status !== 200) throw new Error(`${label}: /blog/${post.id as string} answered ${status}: the posts are not live`)
  }
}
/** PREPARE=1: the server stopped (a temporary folder removed), nothing measured. */
async function stopAndExit(): Promise<never> {
  await server.stop()
  if (!KEEP_ROOT) await rm(keepRoot, { recursive: true, force: true, maxRetries: 3 })
  process.exit(0)
}
try {
  // 1. Start-up: the first start on a new folder (recorded in the kept folder for later runs), then a restart.
  let firstStart: { ms: number; at: string } | undefined
  const firstInThisRun = !server.reused
  if (firstInThisRun) {
    firstStart = { ms: server.startMs, at: new Date().toISOString() }
    console.log(`${label}: first start (move to a file per post, full render) ${fmtS(server.startMs)}`)
    if (KEEP_ROOT) await writeFile(join(keepRoot, FIRST_START_FILE), JSON.stringify({ posts: POSTS, ...firstStart }))
    if (PREPARE) {
      console.log(`${label}: prepared in ${keepRoot}; nothing measured (PREPARE=1)`)
      await stopAndExit()
    }
    await server.stop()
    await pause(1000)
    server = await startServer(port, serverEnv, { posts: POSTS, keepRoot })
    await assertServed(server)
  } else {
    firstStart = await readFile(join(keepRoot, FIRST_START_FILE), 'utf8').then(
      (text) => JSON.parse(text) as { ms: number; at: string },
      () => undefined,
    )
    if (PREPARE) {
      console.log(`${label}: ${keepRoot} already prepared (restart ${fmtS(server.startMs)}); nothing measured (PREPARE=1)`)
      await stopAndExit()
    }
  }
  console.log(`${label}: restart on the kept folder ${fmtS(server.startMs)}`)
  summary.push({
    name: 'first start (move to a file per post, full render)',
    value: firstStart
      ? `${fmtS(firstStart.ms)}${firstInThisRun ? '' : ` (recorded by the run that prepared the kept folder, ${firstStart.at})`}`
      : 'unknown (kept folder prepared without this bench)',
  })
  summary.push({ name: 'restart on the kept folder', value: fmtS(server.startMs) })

  const cookie = await login(server.base)
  const all = (readCollectionSync(server.contentDir, 'blogs') as Post[]).filter((p) => p.status !== 'draft')
  const byAge = [...all].sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)))
  // The saved post: the newest (first on /blog); the read post and the cold ones: the oldest, far down the list.
  const newest = byAge[byAge.length - 1]!
  // A kept folder carries earlier runs' saves: their markers are taken off the title the saves start from.
  const saved: Post = { ...newest, title: String(newest.title).replace(/( (Isınma|Ölçüm) [\d-]+)+$/, '') }
  const read = byAge[0]!
  const cold = byAge.slice(1, 1 + COLD)
  console.log(`${label}: saving ${saved.id as string}, reading ${read.id as string}; ${all.length} published posts`)

  // 2. Save-to-live. The first save after a start also waits for the spare export trees: one save before measuring.
  await saveUntilLive(server, cookie, saved, `Isınma ${Date.now()}`)
  await pause(3000)
  const saves: number[] = []
  for (let i = 0; i < RUNS; i++) {
    saves.push(await saveUntilLive(server, cookie, saved, `Ölçüm ${Date.now()}-${i}`))
    await pause(1000)
  }
  const live = median(saves)
  console.log(
    `${label}: save-to-live median ${fmtS(live)} [${saves.map((t) => t.toFixed(0)).join(', ')} ms]; ` +
      `goal ≤ 0.3 s: ${verdict(live <= 300)}`,
  )
  summary.push({ name: `save-to-live (median of ${RUNS})`, value: fmtS(live), goal: '≤ 0.3 s', met: live <= 300 })

  // 3. Answer times: cold first (pages nobody asked for since the start), then REQUESTS sequential GETs each.
  const colds: number[] = []
  for (const post of cold) {
    const r = await timedGet(`${server.base}/blog/${post.id as string}`)
    if (r.status !== 200) throw new Error(`/blog/${post.id as string}: ${r.status}`)
    colds.push(r.ms)
  }
  console.log(
    `${label}: cold post page (first request since the start, ${colds.length} old posts) median ${fmtMs(median(colds))} ` +
      `[${colds.map((t) => t.toFixed(1)).join(', ')} ms]; goal ≤ 5 ms: ${verdict(median(colds) <= 5)}`,
  )
  summary.push({
    name: `cold post page (first request since the start, ${colds.length} posts)`,
    value: `median ${fmtMs(median(colds))}, worst ${fmtMs(Math.max(...colds))}`,
    goal: '≤ 5 ms',
    met: median(colds) <= 5,
  })
  for (const [name, path] of [
    ['/blog', '/blog'],
    ['post page', `/blog/${read.id as string}`],
  ] as const) {
    const times: number[] = []
    let bytes = 0
    for (let i = 0; i < REQUESTS; i++) {
      const r = await timedGet(`${server.base}${path}`)
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`)
      times.push(r.ms)
      bytes = r.bytes
    }
    const m = median(times)
    const p95 = percentile(times, 95)
    console.log(
      `${label}: ${name} (${path}, ${(bytes / 1024).toFixed(0)} KB) median ${fmtMs(m)}, p95 ${fmtMs(p95)} over ${REQUESTS} ` +
        `sequential GETs (first ${fmtMs(times[0]!)}); goal ≤ 5 ms: ${verdict(m <= 5)}`,
    )
    summary.push({
      name: `${name} answer (${REQUESTS} GETs)`,
      value: `median ${fmtMs(m)}, p95 ${fmtMs(p95)}`,
      goal: '≤ 5 ms (median)',
      met: m <= 5,
    })
  }

  // 4. Memory after those saves and requests.
  const rss = await rssMb(server.pid)
  const status = await readFile(`/proc/${server.pid}/status`, 'utf8')
  const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024
  console.log(`${label}: server RSS ${rss.toFixed(0)} MB (peak VmHWM ${hwm.toFixed(0)} MB); goal ≤ 600 MB: ${verdict(rss <= 600)}`)
  summary.push({
    name: 'server RSS after the saves and requests',
    value: `${rss.toFixed(0)} MB (peak ${hwm.toFixed(0)} MB)`,
    goal: '≤ 600 MB',
    met: rss <= 600,
  })
} finally {
  await server.stop()
  if (!KEEP_ROOT) await rm(keepRoot, { recursive: true, force: true, maxRetries: 3 })
}

// 5. `.git` against the content after SAVES_GIT saves: bench/git-history.ts's size part, the server stopped.
if (SAVES_GIT > 0) {
  const lines: string[] = []
  const started = performance.now()
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, 'git-history.ts')], {
      env: { ...process.env, PARTS: 'size', SAVES: String(SAVES_GIT), POSTS: String(POSTS) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let rest = ''
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      const parts = (rest + text).split('\n')
      rest = parts.pop()!
      for (const line of parts) {
        lines.push(line)
        // The content store's own JSON log lines (the move to a file per post) are left out.
        if (!line.startsWith('{')) console.log(`${label}: git-history: ${line}`)
      }
    })
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (code !== 0) throw new Error(`bench/git-history.ts exited with ${code}`)
  // Its lines: `<n> saves: .git <a> MB, content <b> MB, <r>×` every 100 saves and at the end, then `size: … worst …×`.
  const last = lines.filter((l) => /^\d+ saves: /.test(l)).at(-1)
  const m = last && /^(\d+) saves: \.git ([\d.]+) MB, content ([\d.]+) MB, ([\d.]+)×/.exec(last)
  if (!m) throw new Error(`no size line from bench/git-history.ts: ${lines.join(' | ')}`)
  const worst = /worst \.git\/content ([\d.]+)×/.exec(lines.find((l) => l.startsWith('size:')) ?? '')?.[1]
  const ratio = Number(m[4])
  console.log(
    `${label}: .git ${m[2]} MB against the content's ${m[3]} MB after ${m[1]} saves: ${ratio.toFixed(2)}× ` +
      `(worst ${worst ?? '?'}×; ${((performance.now() - started) / 1000).toFixed(0)} s); goal ≤ 3×: ${verdict(ratio <= 3)}`,
  )
  summary.push({
    name: `.git against the content after ${m[1]} saves`,
    value: `${ratio.toFixed(2)}× (.git ${m[2]} MB, content ${m[3]} MB; worst ${worst ?? '?'}×)`,
    goal: '≤ 3×',
    met: ratio <= 3,
  })
}

console.log(`\n${label} stretch (issue 33 point 4), summary (load average at start ${loadAtStart}, now ${load()}):`)
for (const s of summary)
  console.log(`- ${s.name}: ${s.value}${s.goal ? `; goal ${s.goal}: ${verdict(s.met!)}` : ''}`)
