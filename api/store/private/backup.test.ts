import { execFile } from 'node:child_process'
import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, expect, it } from 'vitest'
import type { ContactMessage } from '#schema/contact-message.ts'
import { createApp } from '../../app.ts'
import { addUser, createTestApp, loginCookie, type TestApp } from '../../testing/test-helpers.ts'
import { withTestLayout } from '../../testing/content-files.ts'

const run = promisify(execFile)
const repo = join(import.meta.dirname, '..', '..', '..')
let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.cleanup())

const message = (i: number): ContactMessage => ({
  id: `bk${i}`,
  name: `Gönderen ${i}`,
  email: 'a@ornek.com',
  phone: '+90 212 000 00 00',
  subject: `Konu ${i}`,
  message: 'Mesaj',
  createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
  readAt: null,
})

it('npm run backup snapshots a running app while it writes; the README steps restore it', async () => {
  const user = await addUser(t.deps.data, 'superadmin')
  for (let i = 0; i < 200; i++) await t.deps.data.messages.add(message(i))
  await mkdir(join(t.dataDir, 'uploads'), { recursive: true })
  await writeFile(join(t.dataDir, 'uploads', 'abcdefgh1234.png'), 'görsel')
  // A members' library item with its file (issue 31): the row is in the database, the file in library/.
  await writeFile(join(t.dataDir, 'library', 'kutuphane123456a'), 'kılavuz')
  t.deps.data.library.items.add({
    id: 'kitem1',
    title: 'Kılavuz',
    description: '',
    category: '',
    kind: 'file',
    file: { key: 'kutuphane123456a', name: 'Kılavuz.pdf', size: 12, mime: 'application/pdf' },
    url: '',
    body: '',
    at: new Date().toISOString(),
    by: { id: user.id, name: user.name },
  })
  // Messages keep arriving during the backup.
  let writing = true
  let next = 200
  const writer = (async () => {
    while (writing) await t.deps.data.messages.add(message(next++))
  })()
  const target = join(t.dataDir, '..', 'yedek')
  const { stdout } = await run(process.execPath, [join(repo, 'scripts', 'backup.ts'), target], {
    env: { ...process.env, DATA_DIR: t.dataDir },
  })
  writing = false
  await writer
  expect(stdout).toMatch(/^Yedek alındı: .*yedek \(\d+ mesaj, 1 kullanıcı, 1 kütüphane belgesi, 2 dosya\)/)
  const manifest = JSON.parse(await readFile(join(target, 'manifest.json'), 'utf8'))
  expect(manifest.messages).toBeGreaterThanOrEqual(200)
  expect(manifest.messages).toBeLessThanOrEqual(next)
  expect(manifest.libraryItems).toBe(1)
  expect((await readdir(target)).sort()).toEqual([
    'files',
    'library',
    'manifest.json',
    'private.sqlite',
    'uploads',
  ])
  // Issue 20: private.sqlite (password hashes, messages) was written 0644. Every file 0600, every folder 0700.
  const modes = async (dir: string): Promise<string[]> => {
    const out = [`${dir.slice(target.length) || '/'} ${((await stat(dir)).mode & 0o777).toString(8)}`]
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, e.name)
      if (e.isDirectory()) out.push(...(await modes(path)))
      else out.push(`${path.slice(target.length)} ${((await stat(path)).mode & 0o777).toString(8)}`)
    }
    return out
  }
  expect((await modes(target)).sort()).toEqual([
    '/ 700',
    '/files 700',
    '/library 700',
    '/library/kutuphane123456a 600',
    '/manifest.json 600',
    '/private.sqlite 600',
    '/uploads 700',
    '/uploads/abcdefgh1234.png 600',
  ])

  // Restore (README): into an empty DATA_DIR, copy the backup's private.sqlite, uploads/, files/ and library/.
  const restored = join(t.dataDir, '..', 'geri-yuklenen')
  await mkdir(restored)
  for (const name of ['private.sqlite', 'uploads', 'files', 'library']) {
    await cp(join(target, name), join(restored, name), { recursive: true })
  }
  const app = await createApp({ contentDir: t.contentDir, dataDir: restored, sessionSecret: 's'.repeat(40), contentVersioning: withTestLayout() })
  try {
    expect(app.deps.data.messages.unreadCount()).toBe(manifest.messages)
    const ids = app.deps.data.db
      .prepare('SELECT id FROM messages')
      .all()
      .map((r) => r.id)
    // A prefix of what was written, with nothing missing in between: a consistent snapshot.
    expect(new Set(ids)).toEqual(new Set(Array.from({ length: manifest.messages }, (_, i) => `bk${i}`)))
    const restoredTest = { ...t, app: app.app } as TestApp
    expect(await loginCookie(restoredTest, user.email)).toMatch(/^admin_session=/)
    expect(await readdir(join(restored, 'uploads'))).toEqual(['abcdefgh1234.png'])
    // The library item and its file came back (the start-up sweep kept the file its row names).
    expect(app.deps.data.library.items.get('kitem1')?.title).toBe('Kılavuz')
    expect(await readFile(join(restored, 'library', 'kutuphane123456a'), 'utf8')).toBe('kılavuz')
  } finally {
    await app.deps.data.close()
    await rm(target, { recursive: true, force: true })
  }
})
