import { login, median, percentile, startServer } from './lib.ts'

/**
 * Issue 19: what merging costs a save. A post saved through the admin API with the version it loaded is timed until
 * its new title is served (the anchor), beside the same save made over someone else's newer save of another field
 * (If-Match names the older version: the server finds that version and merges). Alternating, a second apart, at
 * the demo content and 1,000 posts. Goal: the merged save adds ≤ 50 ms to save-to-live (median).
 */
const RUNS = Number(process.env.RUNS ?? 9)
const SIZES = (process.env.SIZES ?? '0,1000').split(',').map(Number)
const port = Number(process.env.BENCH_PORT ?? 4311)
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

type Post = { id: string; title: string; excerpt: string; author: string; status: string; tags: string[]; contentStructure: unknown[]; version: string }

for (const posts of SIZES) {
  const server = await startServer(port, {}, { posts })
  try {
    const cookie = await login(server.base)
    const list = (await (await fetch(`${server.base}/api/admin/blogs`, { headers: { cookie } })).json()).data as { id: string; status: string }[]
    const id = list.find((p) => p.status === 'published')!.id
    const load = async () => (await (await fetch(`${server.base}/api/admin/blogs/${id}`, { headers: { cookie } })).json()).data as Post
    const save = async (post: Post, change: Partial<Post>, version: string) => {
      const fields = { ...post, ...change }
      const form = new FormData()
      for (const key of ['title', 'excerpt', 'author', 'status'] as const) form.set(key, fields[key])
      form.set('tags', JSON.stringify(fields.tags))
      form.set('contentStructure', JSON.stringify(fields.contentStructure))
      const res = await fetch(`${server.base}/api/admin/blogs/${id}`, { method: 'PUT', headers: { cookie, 'if-match': version }, body: form })
      if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`)
      return res.headers.get('x-content-merged') === '1'
    }
    const timed = async (post: Post, version: string, mustMerge: boolean) => {
      const marker = `Ölçüm ${Date.now()}`
      const started = performance.now()
      const merged = await save(post, { title: `${post.title.replace(/ Ölçüm \d+$/, '')} ${marker}` }, version)
      answered.push(performance.now() - started)
      if (merged !== mustMerge) throw new Error(`merged: ${merged}, expected ${mustMerge}`)
      for (;;) {
        if ((await (await fetch(`${server.base}/blog/${id}`)).text()).includes(marker)) break
        await pause(5)
      }
      return performance.now() - started
    }
    const [plain, merged]: number[][] = [[], []]
    const answered: number[] = []
    for (let i = 0; i < RUNS; i++) {
      // Both timed saves follow someone else's save of the summary by the same pause: only the version differs.
      for (const stale of [false, true]) {
        const seen = await load()
        await save(seen, { excerpt: `Başkasının özeti ${i} ${stale}` }, seen.version)
        await pause(1000)
        const editor = stale ? seen : await load()
        ;(stale ? merged : plain).push(await timed(editor, editor.version, stale))
        await pause(1000)
      }
    }
    const label = posts || 'demo'
    const added = median(merged) - median(plain)
    console.log(
      `merged save at ${label} posts: save-to-live median ${median(merged).toFixed(0)} ms (p95 ${percentile(merged, 95).toFixed(0)}) ` +
        `vs plain save ${median(plain).toFixed(0)} ms (p95 ${percentile(plain, 95).toFixed(0)}): merging adds ${added.toFixed(0)} ms ` +
        `(goal ≤ 50); ${RUNS} each; answers ${answered.map((t) => t.toFixed(0)).join(', ')} ms`,
    )
  } finally {
    await server.stop()
    await pause(1000)
  }
}
