import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, symlink, truncate, unlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_CONTENT_FILE_BYTES } from '../content-file.ts'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../../testing/test-helpers.ts'
import { fileOf, layoutOf, readCollection, writeCollection } from '../../testing/content-files.ts'

const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bakımcı', '-c', 'user.email=bakimci@ornek.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim()

let t: TestApp
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled()
  await t?.cleanup()
  for (const c of cleanups.splice(0)) await c()
})

async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/**
 * Brings a change into CONTENT_DIR as a pull does: a maintainer commits it in their own clone, the server's
 * folder fetches it and git checks the files out (git writes a symlink as a symlink).
 */
async function pullChange(change: (clone: string) => Promise<void>) {
  await t.deps.content.settled()
  await t.deps.content.uploadHistory!.catchUp() // waits for the repository to open (its first commit)
  const clone = join(await tempDir('maintainer-'), 'clone')
  gitIn(t.contentDir, 'clone', '-q', t.contentDir, clone)
  await change(clone)
  gitIn(clone, 'add', '-A')
  gitIn(clone, 'commit', '-qm', 'Bakımcının değişikliği')
  gitIn(t.contentDir, 'fetch', '-q', clone)
  gitIn(t.contentDir, 'reset', '-q', '--hard', 'FETCH_HEAD')
}

const about = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ title1: '', title2: 'Bağlantıdan gelen başlık', description1: 'Metin', ...extra }, null, 2)

async function buildStatus(cookie: string) {
  return (await (await jsonRequest(t, 'GET', '/api/admin/build', undefined, cookie)).json()).data.content
}

describe('content files are read only when they are regular files within the cap', () => {
  it('refuses a symlinked about.json that a pull brings, and reads nothing through it', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    const before = t.deps.content.read('about')
    const outside = await tempDir('outside-')
    // A valid about page with a key the schema does not know: were the link followed, it would go live.
    await writeFile(join(outside, 'other.json'), about({ gizliAnahtar: 'sızmamalı' }))
    await pullChange(async (clone) => {
      await unlink(join(clone, 'about.json'))
      await symlink(join(outside, 'other.json'), join(clone, 'about.json'))
    })
    expect(gitIn(t.contentDir, 'ls-files', '-s', 'about.json')).toMatch(/^120000 /)
    await t.deps.content.checkDisk()
    expect(t.deps.content.read('about')).toEqual(before)
    const page = await (await jsonRequest(t, 'GET', '/api/admin/hakkimizda')).text()
    expect(page).not.toContain('Bağlantıdan gelen başlık')
    expect(page).not.toContain('gizliAnahtar')
    expect((await buildStatus(cookie)).errors).toMatchObject([
      { file: 'about.json', field: '', message: expect.stringContaining('sembolik bağlantı') },
    ])
    expect(t.changes).not.toContain('about')
  })

  it('a symlink to a file that is not JSON never shows its first characters', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    const outside = await tempDir('outside-')
    await writeFile(join(outside, 'secret.txt'), 'root:x:0:0:GIZLI-SATIR\n')
    await pullChange(async (clone) => {
      await unlink(join(clone, 'contact-settings.json'))
      await symlink(join(outside, 'secret.txt'), join(clone, 'contact-settings.json'))
    })
    await t.deps.content.checkDisk()
    // And a regular file that is not JSON: refused with its line, never with its text.
    await writeFile(join(t.contentDir, 'home.json'), 'GIZLI-ANAHTAR=abc123 {')
    await t.deps.content.checkDisk()
    const status = await buildStatus(cookie)
    expect(status.errors.map((e: { file: string }) => e.file).sort()).toEqual(['contact-settings.json', 'home.json'])
    expect(JSON.stringify(status)).not.toMatch(/GIZLI|root:x/)
    expect(status.errors.find((e: { file: string }) => e.file === 'home.json').message).toBe(
      'Geçersiz JSON: dosya boş, yarım kalmış ya da bozuk',
    )
  })

  it('a FIFO in place of a content file does not hang the check or the start', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const before = t.deps.content.read('blogs')
    // The first commit of the folder (made while the repository opens) holds the valid posts.
    await t.deps.content.uploadHistory!.catchUp()
    // The posts' one file, or (posts in a folder) the first post's own file.
    const file = fileOf('blogs', before[0]!.id, layoutOf(t.contentDir, 'blogs'))
    await unlink(join(t.contentDir, file))
    execFileSync('mkfifo', [join(t.contentDir, file)])
    await t.deps.content.checkDisk()
    expect(t.deps.content.read('blogs')).toBe(before)
    expect(t.deps.content.status().errors).toMatchObject([
      { file, field: '', message: expect.stringContaining('FIFO') },
    ])
    // A start with the FIFO there: opens, reports it, and begins from the last valid version in history.
    await t.restart()
    expect(t.deps.content.read('blogs').map((p) => p.id)).toEqual(before.map((p) => p.id))
    expect(t.deps.content.status().errors).toMatchObject([{ file }])
  })

  it('refuses a content file over the cap without reading it', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const before = t.deps.content.read('programs')
    const path = join(t.contentDir, 'programs.json')
    // Valid JSON at the start, then (sparse) spaces up to one byte over the cap: only its size is ever looked at.
    await writeFile(path, '[]')
    await truncate(path, MAX_CONTENT_FILE_BYTES + 1)
    await t.deps.content.checkDisk()
    expect(t.deps.content.read('programs')).toBe(before)
    expect(t.deps.content.status().errors).toMatchObject([
      { file: 'programs.json', field: '', message: 'Dosya çok büyük (en fazla 64 MB); okunmadı' },
    ])
  })
})

describe('only what the schema knows is kept', () => {
  it('drops unknown keys of an outside edit and of a file read at start', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    await writeFile(join(t.contentDir, 'about.json'), about({ gizliAnahtar: 'sızmamalı' }))
    await t.deps.content.checkDisk()
    const served = await (await jsonRequest(t, 'GET', '/api/admin/hakkimizda')).json()
    expect(served.data?.title2 ?? served.title2).toBe('Bağlantıdan gelen başlık')
    expect(JSON.stringify(served)).not.toContain('gizliAnahtar')
    expect(t.deps.content.read('about')).not.toHaveProperty('gizliAnahtar')
    // The same at start, and for an entry of a list.
    const posts = readCollection(t.contentDir, 'blogs')
    posts[0].gizliAlan = 'sızmamalı'
    await writeCollection(t.contentDir, 'blogs', posts)
    await t.restart()
    expect(t.deps.content.read('blogs')[0]).not.toHaveProperty('gizliAlan')
    expect(JSON.stringify(t.deps.content.read('about'))).not.toContain('gizliAnahtar')
    const list = await (await jsonRequest(t, 'GET', '/api/blogs')).text()
    expect(list).not.toContain('gizliAlan')
    // A save writes the checked data: the unknown key leaves the file, the others keep their order.
    const cookie = await adminCookie(t)
    const keys = Object.keys(posts[1])
    const res = await jsonRequest(t, 'PUT', '/api/admin/hakkimizda', { ...served.data, title2: 'Kaydedildi' }, cookie)
    expect(res.status).toBe(200)
    expect(await readFile(join(t.contentDir, 'about.json'), 'utf8')).not.toContain('gizliAnahtar')
    expect(Object.keys(t.deps.content.read('blogs')[1])).toEqual(keys)
  })
})

describe('a start with an invalid file', () => {
  it('starts from the last valid version in history and names the file and field', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    const res = await jsonRequest(t, 'GET', '/api/admin/hakkimizda', undefined, cookie)
    const current = await res.json()
    const saved = await t.app.request('/api/admin/hakkimizda', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ ...(current.data ?? current), title2: 'Son geçerli başlık' }),
    })
    expect(saved.status).toBe(200)
    await t.deps.content.settled()
    // A pull while stopped leaves a wrong field; the next start must not take it, nor stop.
    await writeFile(join(t.contentDir, 'about.json'), JSON.stringify({ title2: 42 }))
    await t.restart()
    expect(t.deps.content.read('about').title2).toBe('Son geçerli başlık')
    expect((await buildStatus(await adminCookie(t))).errors).toMatchObject([
      { file: 'about.json', field: 'title2', message: expect.any(String) },
    ])
    // Truncated: also starts, from the same version.
    await writeFile(join(t.contentDir, 'about.json'), '{ "title1": "", "tit')
    await t.restart()
    expect(t.deps.content.read('about').title2).toBe('Son geçerli başlık')
    expect(t.deps.content.status().errors).toMatchObject([
      { file: 'about.json', field: '', message: 'Geçersiz JSON (satır 1): dosya yarım kalmış ya da bozuk' },
    ])
  })
})
