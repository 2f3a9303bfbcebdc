import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { connect, createServer, type AddressInfo } from 'node:net'
import { promisify } from 'node:util'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { SERVER_ENV, SERVER_NODE_FLAGS } from './node-flags.ts'

const repo = join(import.meta.dirname, '..')
const ADMIN = { email: 'admin@ornek.com', password: 'Yonetici-Sifre-1' }
let root: string
let server: ChildProcess | null = null

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Starts the real server (api/server.ts) as npm start does, on a free port; resolves once it listens. */
async function startServer(): Promise<{
  base: string
  exited: Promise<number | null>
  output: () => string
}> {
  const port = await freePort()
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(repo, 'api', 'server.ts')], {
    env: {
      ...process.env,
      ...SERVER_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_DIR: join(root, 'content'),
      DATA_DIR: join(root, 'data'),
      SITE_BUILD_DIR: join(root, 'build'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'debug',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  server = child
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let out = ''
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      out += d
      const ready = /Sunucu hazır: http:\/\/localhost:(\d+)/.exec(out)
      if (ready) resolve(`http://127.0.0.1:${ready[1]}`)
    })
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)))
  })
  // The server's log without the answer lines: what a failing stop says about its stages.
  const output = () =>
    out
      .split('\n')
      .filter((l) => !l.includes('"status":'))
      .join('\n')
  return { base, exited, output }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'graceful-stop-'))
  await cp(join(repo, 'content'), join(root, 'content'), { recursive: true, preserveTimestamps: true })
})
afterAll(async () => {
  server?.kill('SIGKILL')
  await rm(root, { recursive: true, force: true })
})

it('SIGTERM during a burst of messages, saves and page views: exit 0, nothing acknowledged is lost', async () => {
  const { base, exited, output } = await startServer()
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie, ...headers },
      body: JSON.stringify(body),
    })
  const about = await (await fetch(`${base}/api/admin/hakkimizda`)).json()

  const ackedMessages: string[] = []
  const ackedViews: Record<string, number> = { '/': 0, '/iletisim': 0 }
  let ackedTitle = ''
  let ended = false
  const loop = async (step: (i: number) => Promise<void>) => {
    for (let i = 0; !ended; i++) await step(i).catch(() => {})
  }
  const burst = [
    ...Array.from({ length: 4 }, (_, lane) =>
      loop(async (i) => {
        const subject = `Kapanış ${lane}-${i}`
        const res = await json(
          'POST',
          '/api/contact',
          {
            name: 'Ziyaretçi',
            email: 'ziyaretci@ornek.com',
            phone: '+90 212 000 00 00',
            subject,
            message: 'Kapanış testi',
          },
          { 'x-forwarded-for': `10.8.${lane}.${i % 250}` },
        )
        if (res.status === 201) ackedMessages.push(subject)
      }),
    ),
    // Saves at a staff member's pace (a few a second), each one a publish and a queued git commit.
    loop(async (i) => {
      const res = await json('PUT', '/api/admin/hakkimizda', { ...about, title2: `Kapanış başlığı ${i}` })
      if (res.ok) ackedTitle = `Kapanış başlığı ${i}`
      await new Promise((r) => setTimeout(r, 300))
    }),
    ...Object.keys(ackedViews).map((path) =>
      loop(async () => {
        const res = await fetch(`${base}${path}`)
        await res.arrayBuffer()
        if (res.status === 200) ackedViews[path]!++
      }),
    ),
  ]
  const started = Date.now()
  while (ackedMessages.length <= 20 || ackedTitle === '' || ackedViews['/iletisim']! < 10) {
    if (Date.now() - started > 60_000) break
    await new Promise((r) => setTimeout(r, 100))
  }
  server!.kill('SIGTERM')
  const code = await exited
  ended = true
  await Promise.all(burst)
  expect(code, output()).toBe(0)
  expect(ackedMessages.length).toBeGreaterThan(20)
  expect(ackedTitle).not.toBe('')

  // Straight from the folders: the database, the content file and its git history.
  const db = new DatabaseSync(join(root, 'data', 'private.sqlite'))
  const subjects = new Set(
    db
      .prepare('SELECT subject FROM messages')
      .all()
      .map((r) => String(r.subject)),
  )
  expect(ackedMessages.filter((s) => !subjects.has(s))).toEqual([])
  for (const [path, n] of Object.entries(ackedViews)) {
    const row = db.prepare('SELECT count FROM page_views WHERE path = ?').get(path)
    expect(Number(row?.count ?? 0), `views of ${path}`).toBeGreaterThanOrEqual(n)
  }
  db.close()
  const onDisk = JSON.parse(await readFile(join(root, 'content', 'about.json'), 'utf8'))
  expect(onDisk.title2).toBe(ackedTitle)
  // The queued commits were made before the exit: the last commit holds the last acknowledged save.
  const git = promisify(execFile)
  const { stdout } = await git('git', ['-C', join(root, 'content'), 'show', 'HEAD:about.json'])
  expect(JSON.parse(stdout).title2).toBe(ackedTitle)

  // And the server comes back with all of it.
  const again = await startServer()
  const title = (await (await fetch(`${again.base}/api/admin/hakkimizda`)).json()).title2
  expect(title).toBe(ackedTitle)
  // A connection left idle longer than Node's default 5 s (as nginx's upstream pool and API clients leave them)
  // still takes the next request; an idle connection does not hold up the stop.
  const idle = await keptAliveConnection(again.base)
  expect(await idle.send('/')).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*\r\nKeep-Alive: timeout=65\r\n/)
  await new Promise((r) => setTimeout(r, 6000))
  expect(await idle.send('/api/contact-settings')).toMatch(
    /^HTTP\/1\.1 200 OK[\s\S]*\r\nKeep-Alive: timeout=65\r\n/,
  )
  server!.kill('SIGTERM')
  expect(await again.exited).toBe(0)
  idle.close()
}, 300_000)

it('SIGTERM right after a save is answered: the save goes live in the export and into git, no error is logged, the next start recovers nothing', async () => {
  for (let round = 0; round < 2; round++) {
    const { base, exited, output } = await startServer()
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    })
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!
    const about = await (await fetch(`${base}/api/admin/hakkimizda`)).json()
    const title = `Durdurmadan hemen önce ${round} ${Date.now()}`
    const saved = await fetch(`${base}/api/admin/hakkimizda`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...about, title2: title }),
    })
    expect(saved.status).toBe(200)
    // At once: the save's publish (X-Publish) is still queued behind its debounce.
    server!.kill('SIGTERM')
    expect(await exited, output()).toBe(0)
    const lines = output().split('\n').filter((l) => l.startsWith('{'))
    expect(lines.filter((l) => /"level":"(error|fatal)"/.test(l)), 'errors logged while stopping').toEqual([])
    // The export nginx serves carries the save; so does git's last commit.
    expect(await readFile(join(root, 'build', 'live', 'hakkimizda', 'index.html'), 'utf8')).toContain(title)
    const { stdout } = await promisify(execFile)('git', ['-C', join(root, 'content'), 'show', 'HEAD:about.json'])
    expect(JSON.parse(stdout).title2).toBe(title)

    // The next start finds nothing to recover.
    const again = await startServer()
    await expect.poll(async () => (await fetch(`${again.base}/readyz`)).status, { timeout: 60_000 }).toBe(200)
    expect(again.output()).not.toMatch(/Yarım kalan kayıt|kurtarıldı/)
    server!.kill('SIGTERM')
    expect(await again.exited, again.output()).toBe(0)
  }
}, 600_000)

/** One raw HTTP/1.1 connection to `base`, kept alive: send() writes a GET and resolves with its whole answer. */
async function keptAliveConnection(base: string) {
  const { hostname, port } = new URL(base)
  const socket = connect(Number(port), hostname)
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let got = ''
  let waiting: { done: (text: string) => void; fail: (err: Error) => void } | null = null
  // An answer is complete once its head and content-length bytes are in.
  const complete = () => {
    const end = got.indexOf('\r\n\r\n')
    const length = /\r\ncontent-length: (\d+)/i.exec(got.slice(0, end))
    return end >= 0 && length && Buffer.byteLength(got.slice(end + 4), 'latin1') >= Number(length[1])
  }
  socket.on('data', (d) => {
    got += d.toString('latin1')
    if (waiting && complete()) waiting.done(got)
  })
  let closed = false
  socket.on('error', () => {})
  socket.on('close', () => {
    closed = true
    waiting?.fail(new Error(`the server closed the connection: ${got}`))
  })
  return {
    send: (path: string) =>
      new Promise<string>((done, fail) => {
        if (closed) return fail(new Error('the server had closed the idle connection'))
        got = ''
        waiting = { done, fail }
        socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`)
      }),
    close: () => socket.destroy(),
  }
}
