import { serve } from '@hono/node-server'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BlogPost } from '#schema/blog.ts'
import { createApp } from '../api/app.ts'
import { readCollection, writeCollection } from '../api/testing/content-files.ts'
import { generatedPosts } from '../api/testing/test-content.ts'
import { addUser, PASSWORD } from '../api/testing/test-helpers.ts'
import { median, repoRoot } from './lib.ts'

/**
 * The admin's first page of posts at POSTS (10,000) generated posts, over HTTP from the real app: time of the first
 * (cold) request and median of RUNS warm ones, and the body size; beside the old unpaged list (every post with its
 * body, as GET /api/admin/blogs answered before paging; GET /api/blogs still answers it for published posts).
 */
const POSTS = Number(process.env.POSTS ?? 10_000)
const RUNS = Number(process.env.RUNS ?? 20)
const PORT = Number(process.env.PORT ?? 4302)

const root = await mkdtemp(join(tmpdir(), 'bench-admin-list-'))
const contentDir = join(root, 'content')
await cp(join(repoRoot, 'content'), contentDir, { recursive: true })
// The generated posts in the layout content/ is in (a file per post, decision 333), read as the server reads them.
const demo = readCollection<BlogPost[]>(contentDir, 'blogs')
await writeCollection(contentDir, 'blogs', generatedPosts(demo, POSTS))
const { app, deps } = await createApp({
  contentDir,
  dataDir: join(root, 'data'),
  sessionSecret: 'bench-'.repeat(8),
  contentVersioning: { folders: true },
})
const user = await addUser(deps.data)
const server = serve({ fetch: app.fetch, port: PORT, hostname: '127.0.0.1' })
const base = `http://127.0.0.1:${PORT}`

const login = await fetch(`${base}/api/admin/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email: user.email, password: PASSWORD }),
})
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!

/** One GET: milliseconds until the whole body is read, and its size in bytes. */
async function timed(path: string): Promise<{ ms: number; bytes: number }> {
  const start = performance.now()
  const res = await fetch(`${base}${path}`, { headers: { cookie } })
  const body = await res.arrayBuffer()
  if (!res.ok) throw new Error(`${path}: ${res.status}`)
  return { ms: performance.now() - start, bytes: body.byteLength }
}

async function measure(path: string, runs: number) {
  const cold = await timed(path)
  const warm: number[] = []
  for (let i = 0; i < runs; i++) warm.push((await timed(path)).ms)
  return { cold: cold.ms, median: median(warm), bytes: cold.bytes }
}

/** Saves one post (the store copies the whole collection), then measures: only that post is folded again. */
async function afterSave(path: string) {
  await deps.content.update('blogs', (posts) => {
    posts[0]!.title = `${posts[0]!.title} (güncellendi)`
  })
  return measure(path, RUNS)
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (n: number) => `${n.toFixed(1)} ms`
const rows: [string, Awaited<ReturnType<typeof measure>>][] = [
  ['admin first page (GET /api/admin/blogs)', await measure('/api/admin/blogs', RUNS)],
  [
    'admin search q=istanbul (Turkish fold over 10k)',
    await measure('/api/admin/blogs?q=%C4%B0STANBUL', RUNS),
  ],
  ['admin page 100 of 200 (pageSize 50)', await measure('/api/admin/blogs?page=100', RUNS)],
  [
    'public search, a word of many bodies (GET /api/blog-search?q=berat)',
    await measure('/api/blog-search?q=berat', RUNS),
  ],
  ['public search again after one post was saved', await afterSave('/api/blog-search?q=berat')],
  ['anchor: unpaged list with bodies (GET /api/blogs)', await measure('/api/blogs', 5)],
]
console.log(`${POSTS} posts, ${RUNS} warm runs each (first = cold, includes building the search text)`)
for (const [name, r] of rows)
  console.log(`${name}: cold ${ms(r.cold)}, median ${ms(r.median)}, ${kb(r.bytes)}`)
const first = rows[0]![1]
const anchor = rows.at(-1)![1]
console.log(
  `ratio first page / unpaged list: time ${(first.median / anchor.median).toFixed(3)}, size ${(first.bytes / anchor.bytes).toFixed(4)}`,
)
server.close()
await rm(root, { recursive: true, force: true })
