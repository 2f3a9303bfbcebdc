import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../api/node-flags.ts'
import { readCollectionSync } from '../schema/content-folder-read.ts'
import { entryPath, entryText, orderPath, orderText } from '../schema/content-layout.ts'

export const repoRoot = join(import.meta.dirname, '..')
export const ADMIN = { email: 'admin@ornek.com', password: 'Yonetici-Sifre-1' }

export function median(values: number[]): number {
  return percentile(values, 50)
}

/** The p-th percentile (nearest rank). */
export function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!
}

/**
 * A copy of content/ holding `posts` published posts made from the demo posts (0 = as it is). The generated posts
 * are written in one `blogs.json`, as a deployment not moved yet has them: the server's first start moves them to a
 * file each (decision 333) unless it runs with `CONTENT_FOLDERS=off`.
 */
export async function makeContent(root: string, posts = 0): Promise<string> {
  const dir = join(root, 'content')
  await cp(join(repoRoot, 'content'), dir, { recursive: true })
  if (posts > 0) {
    const demo = readCollectionSync(dir, 'blogs') as Record<string, unknown>[]
    await rm(join(dir, 'blogs'), { recursive: true, force: true })
    const start = Date.parse('2020-01-01T09:00:00Z')
    const many = Array.from({ length: posts }, (_, i) => {
      const base = demo[i % demo.length]!
      return {
        ...base,
        id: `${base.id as string}-${i}`,
        title: `${base.title as string} ${i}`,
        status: 'published',
        createdAt: new Date(start + i * 3_600_000).toISOString(),
      }
    })
    many.reverse()
    // One blogs.json under 64 MB (the limit of a content file: about 30,000 posts) is what a deployment not moved
    // yet has, and its first start moves it; a larger archive can only exist a file per post (decision 333), and
    // CONTENT_FOLDERS=off keeps one file whatever its size.
    const oneFile = process.env.CONTENT_FOLDERS === 'off' || posts <= 25_000
    if (oneFile) await writeFile(join(dir, 'blogs.json'), JSON.stringify(many, null, 1))
    else {
      for (let i = 0; i < many.length; i += 500)
        await Promise.all(
          many.slice(i, i + 500).map(async (post) => {
            const path = join(dir, entryPath('blogs', post.id))
            await mkdir(dirname(path), { recursive: true })
            await writeFile(path, entryText(post))
          }),
        )
      await writeFile(join(dir, orderPath('blogs')), orderText(many.map((post) => post.id)))
    }
  }
  return dir
}

export type BenchServer = Awaited<ReturnType<typeof startServer>>

/** Starts the real server (node api/server.ts) on a temporary content copy and waits until it answers. */
export async function startServer(
  port: number,
  extraEnv: Record<string, string> = {},
  options: { posts?: number; onLogLine?: (line: string) => void; wrapper?: string[]; keepRoot?: string } = {},
) {
  // keepRoot (BENCH_KEEP_ROOT_<posts> in cost-flat.ts): a folder prepared once and kept (content, data, export): a
  // restart on it with unchanged site code adopts the live export instead of rendering every page again, so a
  // 10,000-post server starts in seconds and the start-up (20 minutes on a loaded machine) is kept out of the
  // measurement lock. Never removed by `stop`.
  const kept = options.keepRoot
  const reuse =
    kept !== undefined &&
    (await stat(join(kept, 'content')).then(
      () => true,
      () => false,
    ))
  const root = kept ?? (await mkdtemp(join(tmpdir(), 'bench-')))
  if (kept) await mkdir(kept, { recursive: true })
  const contentDir = reuse ? join(root, 'content') : await makeContent(root, options.posts)
  const env = {
    ...process.env,
    ...SERVER_ENV,
    PORT: String(port),
    CONTENT_DIR: contentDir,
    DATA_DIR: join(root, 'data'),
    SITE_BUILD_DIR: join(root, 'build'),
    SITE_URL: `http://localhost:${port}`,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    ...extraEnv,
  }
  const started = performance.now()
  // onLogLine: the server's JSON log lines (stdout), e.g. to read each answer's own time ('ms') beside the client's.
  // A wrapper (the memory bench's `heaptrack`) runs the server under an analysis tool.
  const [command, ...args] = [
    ...(options.wrapper ?? []),
    process.execPath,
    ...SERVER_NODE_FLAGS,
    // BENCH_NODE_FLAGS='--a --b': more flags for the server, to compare settings in one bench (not for the figures).
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    join(repoRoot, 'api', 'server.ts'),
  ]
  const child: ChildProcess = spawn(command!, args, {
    env,
    stdio: ['ignore', options.onLogLine ? 'pipe' : 'ignore', 'inherit'],
  })
  if (options.onLogLine) {
    let rest = ''
    child.stdout!.setEncoding('utf8').on('data', (text: string) => {
      const lines = (rest + text).split('\n')
      rest = lines.pop()!
      for (const line of lines) options.onLogLine!(line)
    })
  }
  const base = `http://127.0.0.1:${port}`
  // A 10,000-post start on a loaded machine can take longer: BENCH_START_TIMEOUT_S.
  const deadline = Date.now() + Number(process.env.BENCH_START_TIMEOUT_S ?? 600) * 1000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited')
    const ok = await fetch(`${base}/api/admin/me`).then(
      () => true,
      () => false,
    )
    if (ok) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    root,
    contentDir,
    pid: child.pid!,
    startMs: performance.now() - started,
    /** Started on a kept folder prepared earlier (keepRoot): the live export was adopted, not rendered. */
    reused: reuse,
    liveDir: join(root, 'build', 'live'),
    /** Stops the server and removes its folders (content, data, export) once it has exited. */
    stop: async () => {
      const exited = new Promise((resolve) =>
        child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
      )
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
      if (kept) return
      await rm(root, { recursive: true, force: true, maxRetries: 3 })
    },
  }
}

/** Resident memory of a process in MB (Linux /proc). */
export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024
}

/** CPU time a process has used so far, user + system, in ms (Linux /proc; 10 ms ticks). */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** Logs in and returns the session cookie. */
export async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  if (!res.ok) throw new Error(`login ${res.status}`)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}

/** A post's admin form with its title marked (`<title> <marker>`), published: the save the save benches time. */
export function titleSaveForm(post: Record<string, unknown>, marker: string): FormData {
  const form = new FormData()
  // Earlier saves' markers (a word and a Date.now(), kept in the title by a kept folder's content) are taken off
  // first, so the title does not grow run after run past the 300 characters a title may have.
  form.set('title', `${String(post.title).replace(/( [A-Za-zÇĞİÖŞÜçğıöşü]+ \d{13}(-\d+)?)+$/u, '')} ${marker}`)
  form.set('excerpt', post.excerpt as string)
  form.set('author', post.author as string)
  form.set('status', 'published')
  form.set('tags', JSON.stringify(post.tags))
  form.set('contentStructure', JSON.stringify(post.contentStructure))
  return form
}

/**
 * Saves `post` with its title plus `marker` through the admin API and waits until /blog/{id} shows it (read every
 * 5 ms, as a visitor would reload): ms from the save's request.
 */
export async function saveUntilLive(server: BenchServer, cookie: string, post: Record<string, unknown>, marker: string): Promise<number> {
  const form = titleSaveForm(post, marker)
  const started = performance.now()
  const res = await fetch(`${server.base}/api/admin/blogs/${post.id as string}`, {
    method: 'PUT',
    headers: { cookie },
    body: form,
  })
  if (!res.ok) throw new Error(`save ${res.status} ${await res.text()}`)
  for (;;) {
    const html = await (await fetch(`${server.base}/blog/${post.id as string}`)).text()
    if (html.includes(marker)) return performance.now() - started
    await new Promise((r) => setTimeout(r, 5))
  }
}

/**
 * Where a process's resident memory is (Linux /proc/<pid>/smaps), in MB: the main malloc heap (`[heap]`), anonymous
 * mappings by size class (V8's heap pages are 256 KB chunks; glibc's thread arenas reserve 64 MB each; large
 * Buffers and brotli windows are their own mappings above MALLOC_MMAP_THRESHOLD_), files (code, mapped libraries)
 * and the threads' stacks. For the memory analysis of issue 33.
 */
export async function memoryBreakdown(pid: number): Promise<Record<string, number>> {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8')
  const out: Record<string, number> = {}
  let kind = ''
  for (const line of text.split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \d+\s*(.*)$/.exec(line)
    if (head) {
      const size = (parseInt(head[2]!, 16) - parseInt(head[1]!, 16)) / 1024 / 1024
      const name = head[3]!.trim()
      kind = name === '[heap]' ? 'malloc main heap [heap]' : name.startsWith('[stack') ? 'stacks' : name.startsWith('/') ? 'files (code, libraries)' : name ? name : size >= 60 ? 'anon ≥ 60 MB (thread arenas, reservations)' : size >= 1 ? 'anon 1–60 MB' : 'anon < 1 MB'
      continue
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line)
    if (rss) out[kind] = (out[kind] ?? 0) + Number(rss[1]) / 1024
  }
  return out
}
