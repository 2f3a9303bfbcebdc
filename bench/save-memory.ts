import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readCollectionSync } from '../schema/content-folder-read.ts'
import { login, memoryBreakdown, rssMb, startServer, titleSaveForm } from './lib.ts'

/**
 * Issue 33 point 3: memory that does not grow with saves. One post of the demo content saved SAVES times (default
 * 4,000) through the admin API, each waited for until live (no previews, no page views), and every STEP saves the
 * server's RSS, V8 heap and external memory (/metrics, process.memoryUsage()). Goal: after 4,000 saves RSS within
 * +30 MB of its value after the first 100.
 */
const SAVES = Number(process.env.SAVES ?? 4000)
const STEP = Number(process.env.STEP ?? 100)
const WAIT_PAGE = (process.env.WAIT ?? 'page') === 'page'
const port = Number(process.env.BENCH_PORT ?? 4333)
const TOKEN = 'olcum-anahtari-0123456789abcdef'

// SNAPSHOTS=100,600: heap snapshots (Heap.*.heapsnapshot in the bench's folder) after those saves, for the analysis.
const SNAPSHOTS = new Set((process.env.SNAPSHOTS ?? '').split(',').filter(Boolean).map(Number))
// WRAPPER='heaptrack -o /tmp/x': the server under heaptrack (native allocations; RSS is then the wrapper's).
const wrapper = process.env.WRAPPER?.split(' ')
const server = await startServer(port, { METRICS_TOKEN: TOKEN, ...(SNAPSHOTS.size ? { NODE_OPTIONS: '--heapsnapshot-signal=SIGUSR2' } : {}) }, { wrapper })
// Stopped by hand (kill <bench pid>): the server and its folders go too.
process.once('SIGTERM', () => void server.stop().finally(() => process.exit(143)))
try {
  const cookie = await login(server.base)
  const all = readCollectionSync(server.contentDir, 'blogs') as Record<string, unknown>[]
  const post = all.find((p) => p.status !== 'draft')!
  const metric = async (name: string) => {
    const text = await (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text()
    const line = text.split('\n').find((l) => l.startsWith(`${name} `))
    return line ? Number(line.split(' ')[1]) / 1024 / 1024 : NaN
  }
  const metricLines = async (name: string) => {
    const text = await (await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text()
    return text
      .split('\n')
      .filter((l) => l.startsWith(`${name}{`))
      .map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))] as const)
  }
  const sample = async (saves: number) => {
    const [rss, heap, external] = [await rssMb(server.pid), await metric('nodejs_heap_size_used_bytes'), await metric('nodejs_external_memory_bytes')]
    // Where the RSS is (smaps): the main malloc heap against anonymous mappings (V8 pages, large Buffers, arenas).
    // V8's committed pages by space (old, new, large objects, code): which one holds the RSS that is not live data.
    const spaces = (await metricLines('nodejs_heap_space_size_total_bytes'))
      .map(([labels, bytes]) => `${/space="(\w+)"/.exec(labels)?.[1]?.replace(/_space$/, '')} ${(bytes / 1024 / 1024).toFixed(0)}`)
      .join(', ')
    const parts = Object.entries(await memoryBreakdown(server.pid))
      .filter(([, mb]) => mb >= 1)
      .map(([kind, mb]) => `${kind} ${mb.toFixed(0)}`)
      .join(', ')
    console.log(`after ${String(saves).padStart(5)} saves: RSS ${rss.toFixed(0)} MB, heap used ${heap.toFixed(0)} MB, external ${external.toFixed(0)} MB (${parts}; V8 committed: ${spaces}) at ${new Date().toISOString().slice(11, 19)}, load ${(await readFile('/proc/loadavg', 'utf8')).split(' ')[0]}`)
    return rss
  }
  await sample(0)
  let base = NaN
  let last = NaN
  const started = performance.now()
  for (let i = 1; i <= SAVES; i++) {
    const marker = `Bellek ${i}`
    const form = titleSaveForm(post, marker)
    const res = await fetch(`${server.base}/api/admin/blogs/${post.id as string}`, { method: 'PUT', headers: { cookie }, body: form })
    if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`)
    const publish = res.headers.get('x-publish')
    // Until live: the build status polled (WAIT=status), or the page itself read as a browser would (WAIT=page, as
    // issue 33's measurement). WAIT=page polls the cheap status first and then reads the page, with `br` and
    // without, until it shows the save: polling the page itself every 5 ms made the server answer hundreds of page
    // reads per save on a loaded machine (0.45 s of the server's CPU per demo save), which is not the save's cost.
    for (;;) {
      const status = (await (await fetch(`${server.base}/api/admin/build`, { headers: { cookie } })).json()).data
      if (status.generation >= Number(publish)) break
      await new Promise((r) => setTimeout(r, 20))
    }
    while (WAIT_PAGE) {
      const html = await (await fetch(`${server.base}/blog/${post.id as string}`, { headers: { 'accept-encoding': 'br, gzip' } })).arrayBuffer()
      if (html.byteLength && (await (await fetch(`${server.base}/blog/${post.id as string}`)).text()).includes(marker)) break
      await new Promise((r) => setTimeout(r, 20))
    }
    if (i % STEP === 0) {
      last = await sample(i)
      if (i === STEP) base = last
    }
    if (SNAPSHOTS.has(i)) {
      process.kill(server.pid, 'SIGUSR2')
      await new Promise((r) => setTimeout(r, 20_000))
    }
  }
  console.log(
    `${SAVES} saves in ${((performance.now() - started) / 1000).toFixed(0)} s: RSS ${base.toFixed(0)} → ${last.toFixed(0)} MB ` +
      `(+${(last - base).toFixed(0)} MB after the first ${STEP}; goal ≤ +30 MB) ${last - base <= 30 ? 'met' : 'NOT met'}`,
  )
} finally {
  await server.stop()
}
