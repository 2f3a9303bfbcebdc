import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { copyContent } from './testing/content-files.ts'

// A real server process killed with SIGKILL right after acknowledged saves whose commits have not been made:
// the restart commits each under its own author and message (issue 18, decision 025).
const repo = join(import.meta.dirname, '..')
const ADMIN = { email: 'admin@ornek.com', password: 'Yonetici-Sifre-1' }
let root: string
let server: ChildProcess | null = null
const content = () => join(root, 'content')
const gitIn = (...args: string[]) => execFileSync('git', args, { cwd: content(), encoding: 'utf8' }).trim()

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Starts api/server.ts on the test's folders; resolves with its address once it listens. */
async function startServer(): Promise<string> {
  const port = await freePort()
  const child = spawn(process.execPath, [join(repo, 'api', 'server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_DIR: content(),
      DATA_DIR: join(root, 'data'),
      SITE_BUILD_DIR: join(tmpdir(), 'content-git-crash-build'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      REBUILD: 'off',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  server = child
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d) => {
      out += d
      const ready = /Sunucu hazır: http:\/\/localhost:(\d+)/.exec(out)
      if (ready) resolve(`http://127.0.0.1:${ready[1]}`)
    })
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)))
  })
}

async function login(base: string) {
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  return res.headers.get('set-cookie')!.split(';')[0]!
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'content-git-crash-'))
  // In the test run's layout (the server's CONTENT_FOLDERS is the test's): no move's commit at the first start.
  await copyContent(join(repo, 'content'), content(), { preserveTimestamps: true })
})
afterAll(async () => {
  server?.kill('SIGKILL')
  await rm(root, { recursive: true, force: true })
})

it('kill -9 right after two acknowledged saves: the restart commits both, each under the admin, in order', async () => {
  let base = await startServer()
  const cookie = await login(base)
  // The server made CONTENT_DIR a repository (in the background): wait for its first commit.
  await expect.poll(() => gitIn('log', '--format=%s'), { timeout: 30_000 }).toBe('İçerik deposu oluşturuldu')
  const branch = gitIn('symbolic-ref', 'HEAD')
  // The branch's ref is locked (as a maintainer's git holds it for a moment): the saves' commits cannot land, so
  // the kill certainly comes after the answers and before the commits.
  const lock = join(content(), '.git', `${branch}.lock`)
  await writeFile(lock, '')
  const about = await (await fetch(`${base}/api/admin/hakkimizda`)).json()
  for (const title2 of ['Çökmeden önce 1', 'Çökmeden önce 2']) {
    const res = await fetch(`${base}/api/admin/hakkimizda`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...about, title2 }),
    })
    expect(res.status).toBe(200)
  }
  server!.kill('SIGKILL')
  await new Promise((resolve) => server!.once('exit', resolve))
  expect(gitIn('log', '--format=%s')).toBe('İçerik deposu oluşturuldu')
  await rm(lock)

  base = await startServer()
  await expect
    .poll(() => gitIn('log', '-3', '--format=%ae|%s'), { timeout: 5000, interval: 100 })
    .toBe(
      [
        `${ADMIN.email}|Hakkımızda sayfası güncellendi`,
        `${ADMIN.email}|Hakkımızda sayfası güncellendi`,
        'sunucu@localhost|İçerik deposu oluşturuldu',
      ].join('\n'),
    )
  // Each commit holds its own save: the first one's bytes came from the journal, the second's from the file.
  expect(JSON.parse(gitIn('show', 'HEAD~1:about.json')).title2).toBe('Çökmeden önce 1')
  expect(JSON.parse(gitIn('show', 'HEAD:about.json')).title2).toBe('Çökmeden önce 2')
  expect(gitIn('status', '--porcelain')).toBe('')
  // Nothing is left to commit twice at the next start.
  server!.kill('SIGTERM')
  await new Promise((resolve) => server!.once('exit', resolve))
  base = await startServer()
  const again = await login(base)
  const build = await (await fetch(`${base}/api/admin/build`, { headers: { cookie: again } })).json()
  expect(build.data.content.git).toMatchObject({ mode: 'commit', error: null })
  await (await fetch(`${base}/api/admin/history/about`, { headers: { cookie: again } })).json() // waits for commits
  expect(gitIn('rev-list', '--count', 'HEAD')).toBe('3')
  server!.kill('SIGTERM')
  // Three real server starts: 239 s alone at load 40, over 300 s in the suite there (it only timed out).
}, 600_000)
