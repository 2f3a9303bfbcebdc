import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type AddressInfo } from 'node:net'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { FOLDER_COLLECTIONS } from '#schema/content-layout.ts'
import { copyContent, readCollection } from './testing/content-files.ts'

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

/** Starts the real server (api/server.ts) on the test's folders; resolves with its address once it listens. */
async function startServer(): Promise<string> {
  const port = await freePort()
  const child = spawn(process.execPath, [join(repo, 'api', 'server.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      CONTENT_DIR: join(root, 'content'),
      DATA_DIR: join(root, 'data'),
      // Shared between runs: the site is built once, a later run with the same content reuses it.
      SITE_BUILD_DIR: join(tmpdir(), 'crash-recovery-build'),
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

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'crash-recovery-'))
  await copyContent(join(repo, 'content'), join(root, 'content'), { preserveTimestamps: true })
})
afterAll(async () => {
  server?.kill('SIGKILL')
  await rm(root, { recursive: true, force: true })
})

it('kill -9 during a burst of messages, admin saves and member changes loses nothing acknowledged', async () => {
  let base = await startServer()
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
  const ackedMembers: string[] = []
  let ackedTitle = ''
  let killed = false
  const loop = async (step: (i: number) => Promise<void>) => {
    for (let i = 0; !killed; i++) await step(i).catch(() => {})
  }
  const burst = [
    // Contact messages from many visitors, 8 at a time.
    ...Array.from({ length: 8 }, (_, lane) =>
      loop(async (i) => {
        const subject = `Çökme ${lane}-${i}`
        const res = await json(
          'POST',
          '/api/contact',
          {
            name: 'Ziyaretçi',
            email: 'ziyaretci@ornek.com',
            phone: '+90 212 000 00 00',
            subject,
            message: 'Kesinti testi',
          },
          { 'x-forwarded-for': `10.9.${lane}.${i % 250}` },
        )
        if (res.status === 201) ackedMessages.push(subject)
      }),
    ),
    // Content saves, one after another: the file must hold the last acknowledged title or the one in flight.
    loop(async (i) => {
      const res = await json('PUT', '/api/admin/hakkimizda', { ...about, title2: `Başlık ${i}` })
      if (res.ok) ackedTitle = `Başlık ${i}`
    }),
    // Member creations and renames.
    loop(async (i) => {
      const res = await json('POST', '/api/admin/library-members', {
        name: `Üye ${i}`,
        email: `uye${i}@ornek.com`,
        password: 'uye-sifre-123',
      })
      if (res.status !== 201) return
      const id = (await res.json()).data.id as string
      ackedMembers.push(id)
    }),
  ]
  // Kill mid-burst once every kind of write has been acknowledged a few times (slower on a loaded machine).
  const started = Date.now()
  while (ackedMessages.length <= 20 || ackedMembers.length <= 2 || ackedTitle === '') {
    if (Date.now() - started > 60_000) break
    await new Promise((r) => setTimeout(r, 100))
  }
  await new Promise((r) => setTimeout(r, 300))
  server!.kill('SIGKILL')
  killed = true
  await Promise.all(burst)
  expect(ackedMessages.length).toBeGreaterThan(20)
  expect(ackedMembers.length).toBeGreaterThan(2)
  expect(ackedTitle).not.toBe('')

  // Every file and the database are readable.
  for (const name of await readdir(join(root, 'content'))) {
    if (name.endsWith('.json')) JSON.parse(await readFile(join(root, 'content', name), 'utf8'))
  }
  // Posts and projects stored one file each: every item file and the order file (readCollection parses each).
  for (const name of FOLDER_COLLECTIONS) readCollection(join(root, 'content'), name)
  const db = new DatabaseSync(join(root, 'data', 'private.sqlite'))
  expect(db.prepare('PRAGMA integrity_check').get()?.integrity_check).toBe('ok')
  db.close()

  base = await startServer()
  const again = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  })
  const cookie2 = again.headers.get('set-cookie')!.split(';')[0]!
  const get = async (path: string) => (await fetch(`${base}${path}`, { headers: { cookie: cookie2 } })).json()
  const stored = new Set<string>()
  for (let page = 1; ; page++) {
    const res = await get(`/api/admin/contact?pageSize=500&page=${page}&q=${encodeURIComponent('Çökme')}`)
    for (const m of res.data) stored.add(m.subject)
    if (res.data.length < 500) break
  }
  expect(ackedMessages.filter((s) => !stored.has(s))).toEqual([])
  const members = new Set((await get('/api/admin/library-members')).members.map((m: { id: string }) => m.id))
  expect(ackedMembers.filter((id) => !members.has(id))).toEqual([])
  const title = (await (await fetch(`${base}/api/admin/hakkimizda`)).json()).title2 as string
  const n = Number(ackedTitle.split(' ')[1])
  expect([`Başlık ${n}`, `Başlık ${n + 1}`]).toContain(title)
  server!.kill('SIGTERM')
}, 300_000)
