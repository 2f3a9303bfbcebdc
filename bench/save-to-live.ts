import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readCollectionSync } from '../schema/content-folder-read.ts'
import { login, median, percentile, rssMb, startServer, titleSaveForm } from './lib.ts'

/**
 * Save-to-live at 5 (demo), 1,000 and 10,000 blog posts: a post saved through the admin API, timed until its new
 * title is served at /blog/{id}; median and p95 of RUNS saves. At the largest size also the server's RSS after
 * warm-up and the size of /blog. Targets (issue 9): median ≤ 150 ms demo, ≤ 500 ms at 1,000 and 10,000;
 * RSS ≤ 400 MB; /blog ≤ 100 KB.
 */
const RUNS = Number(process.env.RUNS ?? 7)
const SIZES = (process.env.SIZES ?? '0,1000,10000').split(',').map(Number)
const port = Number(process.env.BENCH_PORT ?? 4311)

// Issue 18 asks for saves a second apart; issue 9's runs used 200 ms.
const PAUSE = Number(process.env.PAUSE_MS ?? 1000)

for (const posts of SIZES) {
  const server = await startServer(port, {}, { posts })
  try {
    const cookie = await login(server.base)
    const all = readCollectionSync(server.contentDir, 'blogs') as Record<string, unknown>[]
    const post = all.find((p) => p.status !== 'draft')!
    const times: number[] = []
    const answers: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const marker = `Ölçüm ${Date.now()}-${i}`
      const form = titleSaveForm(post, marker)
      const started = performance.now()
      const res = await fetch(`${server.base}/api/admin/blogs/${post.id as string}`, { method: 'PUT', headers: { cookie }, body: form })
      if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`)
      answers.push(performance.now() - started)
      for (;;) {
        const html = await (await fetch(`${server.base}/blog/${post.id as string}`)).text()
        if (html.includes(marker)) break
        await new Promise((r) => setTimeout(r, 5))
      }
      times.push(performance.now() - started)
      await new Promise((r) => setTimeout(r, PAUSE))
    }
    const status = (await (await fetch(`${server.base}/api/admin/build`, { headers: { cookie } })).json()).data
    const blogKb = (await (await fetch(`${server.base}/blog`)).arrayBuffer()).byteLength / 1024
    const label = posts || 'demo'
    console.log(
      `save-to-live ${label} posts: median ${median(times).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms; the save's answer: median ${median(answers).toFixed(0)} ms ` +
        `(${RUNS} saves: ${times.map((t) => t.toFixed(0)).join(', ')}); last publish ${status.lastDurationMs} ms, ` +
        `${status.pages.length} pages; start-up ${(server.startMs / 1000).toFixed(1)} s; /blog ${blogKb.toFixed(0)} KB`,
    )
    if (posts === Math.max(...SIZES)) {
      // Warm-up: every list page and a thousand posts, twice, then the resident memory.
      for (let round = 0; round < 2; round++)
        for (let i = 0; i < Math.min(all.length, 1000); i++) await (await fetch(`${server.base}/blog/${all[i]!.id as string}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer()
      console.log(`RSS at ${label} posts after warm-up: ${(await rssMb(server.pid)).toFixed(0)} MB (target ≤ 400 MB)`)
    }
  } finally {
    await server.stop()
    await new Promise((r) => setTimeout(r, 1000))
  }
}
