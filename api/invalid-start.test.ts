import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'

const repo = join(import.meta.dirname, '..')
const ADMIN = { email: 'admin@ornek.com', password: 'Yonetici-Sifre-1' }
let root: string
let server: ChildProcess | null = null
let log = ''

const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bakımcı', '-c', 'user.email=bakimci@ornek.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim()

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

/** Starts the real server (api/server.ts, as `npm start` does) and resolves with its address once it listens. */
async function startServer(): Promise<string> {
  const port = await freePort()
  const child = spawn(process.execPath, [join(repo, 'api', 'server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_DIR: join(root, 'content'),
      DATA_DIR: join(root, 'data'),
      SITE_BUILD_DIR: join(root, 'build'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  server = child
  return new Promise((resolve, reject) => {
    const collect = (d: Buffer) => {
      log += d
      const ready = /Sunucu hazır: http:\/\/localhost:(\d+)/.exec(log)
      if (ready) resolve(`http://127.0.0.1:${ready[1]}`)
    }
    child.stdout!.on('data', collect)
    child.stderr!.on('data', collect)
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${log}`)))
  })
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'invalid-start-'))
  const content = join(root, 'content')
  await cp(join(repo, 'content'), content, { recursive: true })
  // The maintainer's repository: the last valid about page has its own title.
  const about = JSON.parse(await readFile(join(content, 'about.json'), 'utf8'))
  await writeFile(join(content, 'about.json'), JSON.stringify({ ...about, title2: 'Son geçerli hakkımızda' }, null, 2))
  gitIn(content, 'init', '-q')
  gitIn(content, 'add', '-A')
  gitIn(content, 'commit', '-qm', 'İçerik')
  // A pull while the server was stopped left about.json cut short.
  await writeFile(join(content, 'about.json'), '{\n  "title1": "",\n  "title2": "Yarım kal')
})
afterAll(async () => {
  server?.kill('SIGKILL')
  await rm(root, { recursive: true, force: true })
})

it('a server started with an invalid about.json starts, serves the last valid about page and names the file', async () => {
  const base = await startServer()
  const page = await (await fetch(`${base}/hakkimizda`)).text()
  expect(page).toContain('Son geçerli hakkımızda')
  expect(page).not.toContain('Yarım kal')
  const api = await (await fetch(`${base}/api/admin/hakkimizda`)).json()
  expect(JSON.stringify(api)).toContain('Son geçerli hakkımızda')
  expect(log).toContain('about.json reddedildi')
  expect(log).not.toContain('Unexpected end of JSON input')
  const login = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!
  const build = await (await fetch(`${base}/api/admin/build`, { headers: { cookie } })).json()
  expect(build.data.content.errors).toMatchObject([
    { file: 'about.json', field: '', message: 'Geçersiz JSON (satır 3): dosya yarım kalmış ya da bozuk' },
  ])
  // A wrong field is named too: the maintainer fixes the JSON but sets a number; the running server refuses it.
  await writeFile(join(root, 'content', 'about.json'), JSON.stringify({ title2: 42 }))
  await expect
    .poll(async () => (await (await fetch(`${base}/api/admin/build`, { headers: { cookie } })).json()).data.content.errors, {
      timeout: 10_000,
    })
    .toEqual([expect.objectContaining({ file: 'about.json', field: 'title2', message: expect.any(String) })])
}, 120_000)
