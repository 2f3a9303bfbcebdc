import { cp, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { jsonRequest, type TestApp } from '../../testing/test-helpers.ts'
import { copyContent, withTestLayout } from '../../testing/content-files.ts'
import { DB_FILE } from './database.ts'

const fixture = join(import.meta.dirname, '..', 'fixtures', 'json-era-data')
const OLD_PASSWORD = 'eski-sifre-123'
let root: string
let dataDir: string
const open: { data: { close(): Promise<void> } }[] = []
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'json-import-'))
  dataDir = join(root, 'data')
  await cp(fixture, dataDir, { recursive: true })
  await copyContent(join(import.meta.dirname, '..', '..', '..', 'content'), join(root, 'content'))
})
afterEach(async () => {
  await Promise.all(open.splice(0).map((deps) => deps.data.close()))
  await rm(root, { recursive: true, force: true })
})

async function start() {
  // The fixture's messages are from 2024–2025: kept whatever today's date, so the import is what is tested here
  // (retention has its own test, issue 32).
  const app = await createApp({ contentDir: join(root, 'content'), dataDir, sessionSecret: 's'.repeat(40), messageKeepDays: 36_500, contentVersioning: withTestLayout() })
  open.push(app.deps)
  return { ...app, dataDir } as unknown as TestApp
}
async function login(t: TestApp, email: string) {
  const res = await jsonRequest(t, 'POST', '/api/admin/login', { email, password: OLD_PASSWORD })
  expect(res.status, email).toBe(200)
  return res.headers.get('set-cookie')!.split(';')[0]!
}

describe('first start on a JSON-era DATA_DIR', () => {
  it('imports everything: old passwords work, messages keep dates and read state, counts and maintenance stay', async () => {
    const t = await start()
    const cookie = await login(t, 'ayse@ornek.com')
    await login(t, 'ismail@ornek.com')
    const inbox = await (
      await jsonRequest(t, 'GET', '/api/admin/contact?pageSize=500', undefined, cookie)
    ).json()
    const archive = await (
      await jsonRequest(t, 'GET', '/api/admin/contact/archive', undefined, cookie)
    ).json()
    expect([inbox.total, archive.total]).toEqual([23, 2])
    expect(archive.data.map((m: { readAt: string }) => m.readAt)).toEqual([
      '2025-06-02T12:00:00.000Z',
      '2025-06-01T12:00:00.000Z',
    ])
    expect(inbox.data.at(-1)).toMatchObject({ id: 'msg-old-10', createdAt: '2024-01-10T00:00:00.000Z' })
    expect(t.deps.data.read('users').find((u) => u.email === 'ismail@ornek.com')?.sessionsFrom).toBe(
      '2025-03-01T00:00:00.000Z',
    )
    expect(t.deps.data.read('members').map((m) => m.email)).toEqual(['cagla@ornek.com'])
    const library = await jsonRequest(t, 'POST', '/api/library/login', {
      email: 'cagla@ornek.com',
      password: OLD_PASSWORD,
    })
    expect(library.status).toBe(200)
    expect(t.deps.data.read('state').maintenanceMode).toBe(true)
    expect(t.deps.data.read('counters')).toEqual({
      views: { '/': 1234, '/blog/ornek-yazi': 56 },
      downloads: { 'prg-1': 7 },
    })
    const stats = await (await jsonRequest(t, 'GET', '/api/admin/stats', undefined, cookie)).json()
    expect(stats.totalViews).toBe(1290)
    // The old files are kept under a backup name; the database is private to the server's user.
    const names = (await readdir(dataDir)).sort()
    expect(names.filter((n) => n.endsWith('.json'))).toEqual([])
    expect(names.filter((n) => n.endsWith('.json.imported-to-sqlite'))).toHaveLength(5)
    expect((await stat(join(dataDir, DB_FILE))).mode & 0o777).toBe(0o600)
  })

  it('a second start imports nothing twice, even if an old file comes back', async () => {
    const first = await start()
    expect(first.deps.data.messages.unreadCount()).toBe(23)
    await first.deps.data.close()
    open.splice(0)
    await cp(join(fixture, 'messages.json'), join(dataDir, 'messages.json'))
    const second = await start()
    expect(second.deps.data.messages.unreadCount()).toBe(23)
    expect(second.deps.data.read('users')).toHaveLength(2)
  })

  it('imports all or nothing: a failure halfway stops the start, keeps the files, and a fixed start imports once', async () => {
    const { readFile, writeFile } = await import('node:fs/promises')
    const messages = JSON.parse(await readFile(join(fixture, 'messages.json'), 'utf8'))
    // The same message twice: the insert fails after users and members were already written in the transaction.
    await writeFile(join(dataDir, 'messages.json'), JSON.stringify([...messages, messages[0]]))
    await expect(start()).rejects.toThrow(/UNIQUE/)
    expect((await readdir(dataDir)).filter((n) => n.endsWith('.json'))).toHaveLength(5)
    await writeFile(join(dataDir, 'messages.json'), JSON.stringify(messages))
    const t = await start()
    expect(t.deps.data.read('users')).toHaveLength(2)
    expect(t.deps.data.messages.unreadCount()).toBe(23)
  })
})
