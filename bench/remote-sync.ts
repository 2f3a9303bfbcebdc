import { execFileSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { editEntry, readCollection } from '../api/testing/content-files.ts'
import { login, median, startServer, type BenchServer } from './lib.ts'

/**
 * Issue 19: a maintainer's push live on the site. A bare repository as the content remote, a maintainer's clone,
 * the real server at POSTS posts (default 1,000) with CONTENT_GIT_REMOTE:
 * 1. webhook: the maintainer changes one post's title, commits and pushes; the bench sends the forge's signed webhook
 *    (Gitea's X-Gitea-Signature) and times from the webhook until /blog/{id} shows the title (goal ≤ 3 s);
 * 2. beside it, in the same run, the same kind of edit saved through the admin API, timed until live (the anchor);
 * 3. polling: a server with CONTENT_GIT_SYNC_SECONDS=INTERVAL and no webhook, timed from the push (goal ≤ interval + 3 s).
 * ROUNDS rounds each (default 7), medians and maxima.
 */
const POSTS = Number(process.env.POSTS ?? 1000)
const ROUNDS = Number(process.env.ROUNDS ?? 7)
const INTERVAL = Number(process.env.INTERVAL ?? 10)
const port = Number(process.env.BENCH_PORT ?? 4371)
const SECRET = 'bench-webhook-gizli-anahtar'
const env = { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'Bakımcı', GIT_AUTHOR_EMAIL: 'bakimci@ornek.com', GIT_COMMITTER_NAME: 'Bakımcı', GIT_COMMITTER_EMAIL: 'bakimci@ornek.com' }
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env, encoding: 'utf8' }).trim()
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
type Post = { id: string; title: string; excerpt: string; author: string; status: string; tags: string[]; contentStructure: unknown[] }

async function untilLive(server: BenchServer, id: string, title: string, since: number): Promise<number> {
  for (;;) {
    const html = await (await fetch(`${server.base}/blog/${id}`)).text()
    if (html.includes(title)) return performance.now() - since
    if (performance.now() - since > 60_000) throw new Error(`not live after 60 s: ${title}`)
    await sleep(20)
  }
}

/** A server on the remote's content, the remote holding its first commit, and a maintainer's clone. */
async function setUp(root: string, extraEnv: Record<string, string>) {
  const bare = join(root, 'icerik.git')
  git(root, 'init', '-q', '--bare', bare)
  const server = await startServer(port, { CONTENT_GIT_REMOTE: bare, ...extraEnv }, { posts: POSTS })
  // The server made the repository and its first commit: the remote starts from it.
  for (let i = 0; !git(server.contentDir, 'log', '--oneline', '-1').length && i < 100; i++) await sleep(100)
  const branch = git(server.contentDir, 'symbolic-ref', '--short', 'HEAD')
  git(server.contentDir, 'push', '-q', bare, `HEAD:refs/heads/${branch}`)
  git(bare, 'symbolic-ref', 'HEAD', `refs/heads/${branch}`)
  const maintainer = join(root, 'bakimci')
  git(root, 'clone', '-q', bare, maintainer)
  const published = readCollection<Post[]>(maintainer, 'blogs').filter((p) => p.status === 'published')
  /**
   * The maintainer changes post `i`'s title in the clone, commits and pushes: in the post's own file in the folder
   * layout the server moved the posts to (decision 333), in blogs.json with CONTENT_FOLDERS=off.
   */
  const push = async (i: number, title: string) => {
    git(maintainer, 'pull', '-q', '--ff-only')
    await editEntry<Post>(maintainer, 'blogs', published[i]!.id, (post) => void (post.title = title))
    git(maintainer, 'commit', '-qam', `Başlık düzeltildi (ölçüm ${i})`)
    git(maintainer, 'push', '-q')
  }
  return { server, published, push }
}

const results: string[] = []
// 1 and 2: webhook, beside admin saves.
{
  const root = await mkdtemp(join(tmpdir(), 'bench-remote-sync-'))
  const { server, published, push } = await setUp(root, { CONTENT_GIT_SYNC_SECONDS: '0', CONTENT_GIT_WEBHOOK_SECRET: SECRET })
  try {
    const cookie = await login(server.base)
    const hook: number[] = []
    const admin: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const title = `Bakımcı ölçümü ${round} ${Date.now()}`
      await push(round, title)
      const body = JSON.stringify({ ref: 'refs/heads/main', round })
      const t0 = performance.now()
      const res = await fetch(`${server.base}/api/git/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gitea-signature': createHmac('sha256', SECRET).update(body).digest('hex') },
        body,
      })
      if (res.status >= 300) throw new Error(`webhook ${res.status} ${await res.text()}`)
      hook.push(await untilLive(server, published[round]!.id, title, t0))
      await sleep(1000)
      // The anchor: another post's title saved through the admin API.
      const post = (await (await fetch(`${server.base}/api/admin/blogs/${published[ROUNDS + round]!.id}`, { headers: { cookie } })).json()).data as Post
      const staffTitle = `Yönetici ölçümü ${round} ${Date.now()}`
      const form = new FormData()
      for (const key of ['excerpt', 'author', 'status'] as const) form.set(key, post[key])
      form.set('title', staffTitle)
      form.set('tags', JSON.stringify(post.tags))
      form.set('contentStructure', JSON.stringify(post.contentStructure))
      const t1 = performance.now()
      const saved = await fetch(`${server.base}/api/admin/blogs/${post.id}`, { method: 'PUT', headers: { cookie }, body: form })
      if (!saved.ok) throw new Error(`save ${saved.status} ${await saved.text()}`)
      admin.push(await untilLive(server, post.id, staffTitle, t1))
      await sleep(1000)
    }
    const f = (xs: number[]) => `median ${median(xs).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms (${xs.map((x) => x.toFixed(0)).join(', ')})`
    results.push(`${POSTS} posts, maintainer push → webhook → live: ${f(hook)} (goal ≤ 3,000 ms)`)
    results.push(`${POSTS} posts, the same edit saved through the admin API → live: ${f(admin)}`)
    console.log(results.join('\n'))
  } finally {
    await server.stop()
    await sleep(1000)
    await rm(root, { recursive: true, force: true })
  }
}
// 3: polling only.
{
  const root = await mkdtemp(join(tmpdir(), 'bench-remote-sync-'))
  const { server, published, push } = await setUp(root, { CONTENT_GIT_SYNC_SECONDS: String(INTERVAL) })
  try {
    const poll: number[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const title = `Bakımcı ölçümü (yoklama) ${round} ${Date.now()}`
      await push(round, title)
      const t0 = performance.now()
      poll.push(await untilLive(server, published[round]!.id, title, t0))
      // Pushes at different points of the interval.
      await sleep(1000 + Math.random() * INTERVAL * 1000)
    }
    const line = `${POSTS} posts, maintainer push → live with polling every ${INTERVAL} s, no webhook: median ${median(poll).toFixed(0)} ms, max ${Math.max(...poll).toFixed(0)} ms (${poll.map((x) => x.toFixed(0)).join(', ')}) (goal ≤ ${INTERVAL * 1000 + 3000} ms)`
    console.log(line)
  } finally {
    await server.stop()
    await sleep(1000)
    await rm(root, { recursive: true, force: true })
  }
}
