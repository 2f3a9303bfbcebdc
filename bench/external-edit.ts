import { rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileOf, layoutOf, readCollection } from '../api/testing/content-files.ts'
import { entryText } from '../schema/content-layout.ts'
import { login, median, percentile, startServer } from './lib.ts'

/**
 * Edits from git go live (issue 11): a post's title changed in its own file while the server runs
 * (`content/blogs/<b>/<id>.json` since decision 333; `content/blogs.json` with CONTENT_FOLDERS=off), as a `git pull`
 * (a new file renamed over the old) or an editor saving in place would write it, timed until the API
 * (`GET /api/blogs/{id}`) and the public page (`/blog/{id}`) show it; median and p95 of RUNS edits, each
 * way, at SIZES posts. The bound the test uses is 5 s ('within a few seconds'). The anchor in the same
 * run is the same change saved through the admin API (save-to-live): what noticing the file adds on top.
 */
const RUNS = Number(process.env.RUNS ?? 10)
const SIZES = (process.env.SIZES ?? '0,1000').split(',').map(Number)
const port = Number(process.env.BENCH_PORT ?? 4313)

type Post = Record<string, unknown> & { id: string; title: string; status?: string }

/** Polls until `url` answers text containing `marker`; the time it took since `started`. */
async function until(url: string, marker: string, started: number): Promise<number> {
  for (;;) {
    const text = await (await fetch(url)).text()
    if (text.includes(marker)) return performance.now() - started
    if (performance.now() - started > 30_000) throw new Error(`${url} never showed ${marker}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}

for (const posts of SIZES) {
  const server = await startServer(port, {}, { posts })
  try {
    const dir = server.contentDir
    const id = readCollection<Post[]>(dir, 'blogs').find((p) => p.status !== 'draft')!.id
    // The file a maintainer edits: the post's own file in the folder layout the server moved the posts to (its
    // first start), the whole blogs.json in the one-file layout (CONTENT_FOLDERS=off).
    const layout = layoutOf(dir, 'blogs')
    const file = join(dir, fileOf('blogs', id, layout))
    const results: Record<string, { api: number[]; page: number[] }> = { rename: { api: [], page: [] }, inPlace: { api: [], page: [] } }
    for (let i = 0; i < RUNS * 2; i++) {
      const way = i % 2 === 0 ? 'rename' : 'inPlace'
      const all = readCollection<Post[]>(dir, 'blogs')
      const marker = `Dışarıdan ${Date.now()}-${i}`
      const post = all.find((p) => p.id === id)!
      post.title = `${String(post.title).replace(/ Dışarıdan .*$/, '')} ${marker}`
      const text = layout === 'folder' ? entryText(post) : JSON.stringify(all, null, 2)
      const started = performance.now()
      if (way === 'rename') {
        await writeFile(`${file}.pull`, text)
        await rename(`${file}.pull`, file)
      } else await writeFile(file, text)
      const [api, page] = await Promise.all([
        until(`${server.base}/api/blogs/${id}`, marker, started),
        until(`${server.base}/blog/${id}`, marker, started),
      ])
      results[way]!.api.push(api)
      results[way]!.page.push(page)
      await new Promise((r) => setTimeout(r, 300))
    }
    // The anchor: the same title change saved through the admin API, timed the same way.
    const cookie = await login(server.base)
    const anchor: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const post = readCollection<Post[]>(dir, 'blogs').find((p) => p.id === id)!
      const marker = `Yönetimden ${Date.now()}-${i}`
      const form = new FormData()
      for (const key of ['excerpt', 'author'] as const) form.set(key, String(post[key] ?? ''))
      form.set('title', `${String(post.title).replace(/ (Dışarıdan|Yönetimden) .*$/, '')} ${marker}`)
      form.set('status', 'published')
      form.set('tags', JSON.stringify(post.tags ?? []))
      form.set('contentStructure', JSON.stringify(post.contentStructure ?? []))
      const started = performance.now()
      const res = await fetch(`${server.base}/api/admin/blogs/${id}`, { method: 'PUT', headers: { cookie }, body: form })
      if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`)
      anchor.push(await until(`${server.base}/blog/${id}`, marker, started))
      await new Promise((r) => setTimeout(r, 300))
    }
    const label = posts || 'demo'
    console.log(`anchor, the same change saved through the admin API, ${label} posts: page median ${median(anchor).toFixed(0)} ms (p95 ${percentile(anchor, 95).toFixed(0)})`)
    for (const [way, r] of Object.entries(results))
      console.log(
        `external edit (${way === 'rename' ? 'new file renamed in, as git does' : 'written in place, as an editor does'}), ${label} posts: ` +
          `API median ${median(r.api).toFixed(0)} ms (p95 ${percentile(r.api, 95).toFixed(0)}), page median ${median(r.page).toFixed(0)} ms ` +
          `(p95 ${percentile(r.page, 95).toFixed(0)}) over ${RUNS} edits (bound: 5,000 ms)`,
      )
  } finally {
    await server.stop()
    await new Promise((r) => setTimeout(r, 1000))
  }
}
