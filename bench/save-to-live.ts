import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { runAstroBuild } from '../api/publish/astro-build.ts'
import { login, median, repoRoot, startServer } from './lib.ts'

/**
 * Save-to-live: a blog post saved through the API, timed until the new text is served at /blog/{id}.
 * Baseline: a bare `astro build` of the same content, measured in the same run.
 */
const RUNS = Number(process.env.RUNS ?? 5)
const server = await startServer(Number(process.env.BENCH_PORT ?? 4301))
try {
  const cookie = await login(server.base)
  const posts = JSON.parse(await readFile(join(server.contentDir, 'blogs.json'), 'utf8')) as Array<Record<string, unknown>>
  const post = posts.find((p) => p.status !== 'draft')!
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const marker = `Ölçüm ${Date.now()}-${i}`
    const form = new FormData()
    form.set('title', `${post.title as string} ${marker}`)
    form.set('excerpt', post.excerpt as string)
    form.set('author', post.author as string)
    form.set('status', 'published')
    form.set('tags', JSON.stringify(post.tags))
    form.set('contentStructure', JSON.stringify(post.contentStructure))
    const started = performance.now()
    const res = await fetch(`${server.base}/api/admin/blogs/${post.id as string}`, { method: 'PUT', headers: { cookie }, body: form })
    if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`)
    for (;;) {
      const html = await (await fetch(`${server.base}/blog/${post.id as string}`)).text()
      if (html.includes(marker)) break
      await new Promise((r) => setTimeout(r, 20))
    }
    times.push(performance.now() - started)
  }

  const bare: number[] = []
  for (let i = 0; i < Math.min(RUNS, 3); i++) {
    const started = performance.now()
    await runAstroBuild({ repoRoot, outDir: join(server.root, `bare-${i}`), siteUrl: server.base, cacheDir: join(server.root, 'bare-cache') })
    bare.push(performance.now() - started)
  }
  const live = median(times)
  const build = median(bare)
  console.log(`save-to-live median: ${(live / 1000).toFixed(2)} s over ${RUNS} saves (${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`)
  console.log(`bare astro build median: ${(build / 1000).toFixed(2)} s`)
  console.log(`ratio save-to-live / bare build: ${(live / build).toFixed(2)}`)
} finally {
  server.stop()
}
