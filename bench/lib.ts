import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readFile, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../api/node-flags.ts'

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

/** A copy of content/ whose blogs.json holds `posts` published posts made from the demo posts (0 = as it is). */
export async function makeContent(root: string, posts = 0): Promise<string> {
  const dir = join(root, 'content')
  await cp(join(repoRoot, 'content'), dir, { recursive: true })
  if (posts > 0) {
    const demo = JSON.parse(await readFile(join(dir, 'blogs.json'), 'utf8')) as Record<string, unknown>[]
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
    await writeFile(join(dir, 'blogs.json'), JSON.stringify(many.reverse(), null, 1))
  }
  return dir
}

export type BenchServer = Awaited<ReturnType<typeof startServer>>

/** Starts the real server (node api/server.ts) on a temporary content copy and waits until it answers. */
export async function startServer(
  port: number,
  extraEnv: Record<string, string> = {},
  options: { posts?: number; onLogLine?: (line: string) => void; wrapper?: string[] } = {},
) {
  const root = await mkdtemp(join(tmpdir(), 'bench-'))
  const contentDir = await makeContent(root, options.posts)
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
  const [command, ...args] = [...(options.wrapper ?? []), process.execPath, ...SERVER_NODE_FLAGS, join(repoRoot, 'api', 'server.ts')]
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
    const ok = await fetch(`${base}/api/admin/me`).then(() => true, () => false)
    if (ok) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    base,
    root,
    contentDir,
    pid: child.pid!,
    startMs: performance.now() - started,
    liveDir: join(root, 'build', 'live'),
    /** Stops the server and removes its folders (content, data, export) once it has exited. */
    stop: async () => {
      const exited = new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
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
  const res = await fetch(`${base}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  if (!res.ok) throw new Error(`login ${res.status}`)
  return (res.headers.get('set-cookie') ?? '').split(';')[0]!
}

/** A post's admin form with its title marked (`<title> <marker>`), published: the save the save benches time. */
export function titleSaveForm(post: Record<string, unknown>, marker: string): FormData {
  const form = new FormData()
  form.set('title', `${post.title as string} ${marker}`)
  form.set('excerpt', post.excerpt as string)
  form.set('author', post.author as string)
  form.set('status', 'published')
  form.set('tags', JSON.stringify(post.tags))
  form.set('contentStructure', JSON.stringify(post.contentStructure))
  return form
}
