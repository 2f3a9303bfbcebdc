import { execFileSync, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../api/node-flags.ts'
import { openContentStore } from '../api/store/content-store.ts'
import { withEdit } from '../api/store/versions/edit-context.ts'
import { fileOf, layoutOf, readCollection } from '../api/testing/content-files.ts'
import { entryText } from '../schema/content-layout.ts'
import { ADMIN, makeContent, median, repoRoot } from './lib.ts'

/**
 * Content history in git over time (issue 18, decision 025):
 * 1. SAVES saves (default 1,000) of one post each among POSTS posts (default 1,000, generated from the demo),
 *    through the content store with git on, a save after the previous commit; the repository's size (.git) against
 *    the content's (its JSON files) every 100 saves and at the end. Goal: ≤ 3×.
 * 2. Start-up of the real server on a content repository with COMMITS commits of history (default 5,000, made with
 *    git fast-import) against one with 10 commits and the same files; alternating, ROUNDS times each. Goal: within
 *    2 s. Also the whole-history `git log -p` the upload index still reads at start (in the background).
 * Both in the layout the server now keeps posts in (a file per post, decision 333).
 * Save-to-live on the demo is bench/save-to-live.ts (SIZES=0).
 */
const SAVES = Number(process.env.SAVES ?? 1000)
const POSTS = Number(process.env.POSTS ?? 1000)
const COMMITS = Number(process.env.COMMITS ?? 5000)
const ROUNDS = Number(process.env.ROUNDS ?? 2)
const port = Number(process.env.BENCH_PORT ?? 4312)
const PARTS = (process.env.PARTS ?? 'size,start').split(',')

const gitIn = (cwd: string, args: string[], input?: string | Buffer) =>
  execFileSync('git', args, { cwd, input, encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 })

async function sizeOf(path: string): Promise<number> {
  const info = await stat(path)
  if (!info.isDirectory()) return info.size
  let total = 0
  for (const name of await readdir(path)) total += await sizeOf(join(path, name))
  return total
}
/** The content folder's JSON files, in sub-folders too (a post's file, `blogs/_sira.json`), .git left out. */
async function jsonFiles(dir: string): Promise<string[]> {
  const all = await readdir(dir, { recursive: true })
  return all.filter((path) => path.endsWith('.json') && path !== '.git' && !path.startsWith('.git/')).sort()
}
async function contentBytes(dir: string) {
  let total = 0
  for (const path of await jsonFiles(dir)) total += (await stat(join(dir, path))).size
  return total
}
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`

const root = await mkdtemp(join(tmpdir(), 'bench-git-'))
try {
  if (PARTS.includes('size')) await repositorySize()
  if (PARTS.includes('start')) await startUp()
} finally {
  await rm(root, { recursive: true, force: true })
}

async function repositorySize() {
  const dir = await makeContent(join(root, 'size'), POSTS)
  // folders: as the server now runs (CONTENT_FOLDERS=on): the store moves makeContent's blogs.json to a file per post.
  const store = await openContentStore(dir, () => {}, { git: {}, folders: true })
  await store.settled()
  const author = { name: 'Ayşe Yılmaz', email: 'ayse@ornek.com' }
  let worst = 0
  const started = performance.now()
  for (let i = 1; i <= SAVES; i++) {
    await withEdit({ author }, () =>
      store.update('blogs', (posts) => {
        const post = posts[(i * 7919) % posts.length]!
        post.title = `${post.title.replace(/ \(düzenleme \d+\)$/, '')} (düzenleme ${i})`
      }),
    )
    await store.settled()
    if (i % 100 === 0 || i === SAVES) {
      const git = await sizeOf(join(dir, '.git'))
      const content = await contentBytes(dir)
      worst = Math.max(worst, git / content)
      console.log(`${i} saves: .git ${mb(git)}, content ${mb(content)}, ${(git / content).toFixed(2)}×`)
    }
  }
  const seconds = (performance.now() - started) / 1000
  const commits = gitIn(dir, ['rev-list', '--count', 'HEAD']).trim()
  const objects = gitIn(dir, ['count-objects', '-v']).replace(/\n/g, ', ')
  console.log(
    `size: ${SAVES} saves of ${POSTS} posts in ${seconds.toFixed(0)} s (${((seconds * 1000) / SAVES).toFixed(0)} ms ` +
      `a save and its commit); ${commits} commits; worst .git/content ${worst.toFixed(2)}× (goal ≤ 3×); ${objects}`,
  )
  store.close()
}

/** A content repository whose HEAD holds the demo files, after `commits` commits each changing a post's title. */
async function historyRepo(name: string, commits: number) {
  const dir = await makeContent(join(root, name))
  gitIn(dir, ['init', '-q'])
  const files = await jsonFiles(dir)
  const posts = readCollection<{ id: string; title: string }[]>(dir, 'blogs')
  const original = posts[0]!.title
  // The folder layout's history, what a deployment now has (decision 333): each commit changes the post's own file.
  const layout = layoutOf(dir, 'blogs')
  const postFile = fileOf('blogs', posts[0]!.id, layout)
  const postText = () => (layout === 'folder' ? entryText(posts[0]) : JSON.stringify(posts, null, 2))
  const chunks: Buffer[] = []
  const data = (text: string | Buffer) => {
    const bytes = typeof text === 'string' ? Buffer.from(text) : text
    chunks.push(Buffer.from(`data ${bytes.length}\n`), bytes, Buffer.from('\n'))
  }
  for (let i = 0; i < commits; i++) {
    const last = i === commits - 1
    posts[0]!.title = last ? original : `${original} ${i}`
    const at = 1_700_000_000 + i * 60
    chunks.push(Buffer.from(`commit refs/heads/main\nauthor Ayşe <ayse@ornek.com> ${at} +0300\n`))
    chunks.push(Buffer.from(`committer Ayşe <ayse@ornek.com> ${at} +0300\n`))
    data(`Blog yazısı güncellendi: ${posts[0]!.title}`)
    const changed = i === 0 ? files : [postFile]
    for (const file of changed) {
      chunks.push(Buffer.from(`M 100644 inline ${file}\n`))
      data(file === postFile ? postText() : await readFile(join(dir, file)))
    }
  }
  gitIn(dir, ['fast-import', '--quiet'], Buffer.concat(chunks))
  gitIn(dir, ['symbolic-ref', 'HEAD', 'refs/heads/main'])
  gitIn(dir, ['reset', '-q', '--hard', 'main'])
  gitIn(dir, ['gc', '-q'])
  return dir
}

/** Starts api/server.ts on `contentDir`: ms until it answers. */
async function timeStart(contentDir: string, build: string) {
  const data = await mkdtemp(join(root, 'data-'))
  const env = {
    ...process.env,
    ...SERVER_ENV,
    PORT: String(port),
    CONTENT_DIR: contentDir,
    DATA_DIR: data,
    SITE_BUILD_DIR: build,
    SITE_URL: `http://localhost:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  }
  const started = performance.now()
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(repoRoot, 'api', 'server.ts')], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const base = `http://127.0.0.1:${port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited')
    if (
      await fetch(`${base}/api/admin/me`).then(
        () => true,
        () => false,
      )
    )
      break
    await new Promise((r) => setTimeout(r, 50))
  }
  const ready = performance.now() - started
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  return { ready }
}

async function startUp() {
  const small = await historyRepo('small', 10)
  const large = await historyRepo('large', COMMITS)
  const build = join(root, 'build')
  await mkdir(build, { recursive: true })
  // The first start builds the site for these files; later starts (same files, same build folder) reuse it.
  await timeStart(small, build)
  const results: Record<string, number[]> = { small: [], large: [] }
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, dir] of [
      ['large', large],
      ['small', small],
    ] as const) {
      const r = await timeStart(dir, build)
      results[name]!.push(r.ready)
      console.log(`${name}: ready ${(r.ready / 1000).toFixed(2)} s`)
    }
  }
  const scan = (dir: string) => {
    const t = performance.now()
    const out = gitIn(dir, ['log', '-p', '-U0', '--format=', '--no-color', '--', '.'])
    return { ms: performance.now() - t, bytes: out.length }
  }
  const [s, l] = [scan(small), scan(large)]
  const m = (name: string) => median(results[name]!) / 1000
  console.log(
    `start: 10 commits ready ${m('small').toFixed(2)} s, ${COMMITS} commits ready ${m('large').toFixed(2)} s; ` +
      `difference ${(m('large') - m('small')).toFixed(2)} s (goal ≤ 2 s). ` +
      `Whole-history git log -p (upload index, background): ${s.ms.toFixed(0)} ms / ${mb(s.bytes)} vs ` +
      `${l.ms.toFixed(0)} ms / ${mb(l.bytes)}; .git ${mb(await sizeOf(join(small, '.git')))} vs ` +
      `${mb(await sizeOf(join(large, '.git')))}`,
  )
}
