import { mediaItemSchema } from '#schema/media.ts'
import { spawn, type ChildProcess } from 'node:child_process'
import { readdir, stat, utimes } from 'node:fs/promises'
import { request } from 'node:http'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PNG } from '../testing/test-media.ts'
import { addUser, createTestApp, PASSWORD, type TestApp } from '../testing/test-helpers.ts'
import { sweepLeftovers } from './leftover-sweeper.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.cleanup())

const TWO_DAYS_AGO = new Date(Date.now() - 2 * 24 * 3600 * 1000)
const age = (path: string) => utimes(path, TWO_DAYS_AGO, TWO_DAYS_AGO)
const uploadFile = (url: string) => join(t.dataDir, 'uploads', url.slice('/uploads/'.length))
const programFiles = () => readdir(join(t.dataDir, 'files'))
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

/** An old orphan, an old upload the contact settings show, and a fresh orphan (maybe being saved right now). */
async function arrangeUploads() {
  const orphan = await t.deps.files.saveUpload(PNG, 'png')
  const used = await t.deps.files.saveUpload(PNG, 'png')
  const fresh = await t.deps.files.saveUpload(PNG, 'png')
  await t.deps.content.update('contact-settings', (s) => void (s.logo = used))
  const ageBoth = async () => {
    await age(uploadFile(orphan))
    await age(uploadFile(used))
  }
  return { orphan, used, fresh, ageBoth }
}

describe('sweepLeftovers', () => {
  it('removes uploads no content has used for a day, and unnamed program files (all at start, old ones later)', async () => {
    const { orphan, used, fresh, ageBoth } = await arrangeUploads()
    await ageBoth()
    const oldFile = t.deps.files.newProgramFile()
    const newFile = t.deps.files.newProgramFile()
    const { writeFile } = await import('node:fs/promises')
    await writeFile(oldFile.path, 'yarım')
    await writeFile(newFile.path, 'yükleniyor')
    await age(oldFile.path)
    const later = await sweepLeftovers(t.deps.content, t.deps.files, new Date(), { atStart: false })
    expect(later).toMatchObject({ uploads: 1, programFiles: 1 })
    expect(await exists(uploadFile(orphan))).toBe(false)
    expect(await exists(uploadFile(used))).toBe(true)
    expect(await exists(uploadFile(fresh))).toBe(true)
    expect(await programFiles()).toEqual([newFile.key.slice('files/'.length)])
    const atStart = await sweepLeftovers(t.deps.content, t.deps.files, new Date(), { atStart: true })
    expect(atStart).toMatchObject({ uploads: 0, programFiles: 1 })
    expect(await programFiles()).toEqual([])
  })

  it('keeps an unused upload that has a media-library record (staff delete those in the library)', async () => {
    const kept = await t.deps.files.saveUpload(PNG, 'png')
    await t.deps.content.update('media', (list) => void list.push(mediaItemSchema.parse({ url: kept, type: 'image' })))
    await age(uploadFile(kept))
    const report = await sweepLeftovers(t.deps.content, t.deps.files, new Date(), { atStart: false })
    expect(report.uploads).toBe(0)
    expect(await exists(uploadFile(kept))).toBe(true)
  })
})

// Issue 13: an upload killed mid-way left its partial program file on disk forever, and uploads never saved into
// content stayed too.
describe('a server killed mid-upload', () => {
  let child: ChildProcess | undefined
  afterEach(() => void child?.kill('SIGKILL'))

  /** Starts the app the way server.ts does (sweep, then listen) in its own process. */
  async function start(): Promise<{ port: number; sweep: string }> {
    child = spawn(
      process.execPath,
      [join(import.meta.dirname, 'fixtures', 'sweeper-server.ts'), t.contentDir, t.dataDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    )
    return new Promise((resolve, reject) => {
      let out = ''
      child!.stdout!.on('data', (chunk: Buffer) => {
        out += chunk
        const m = /PORT (\d+) SWEEP (.*)\n/.exec(out)
        if (m) resolve({ port: Number(m[1]), sweep: m[2]! })
      })
      child!.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)))
    })
  }

  it('leaves no partial file after a restart; the old orphan goes, the used upload stays', async () => {
    const user = await addUser(t.deps.data)
    const { orphan, used, ageBoth } = await arrangeUploads()
    const first = await start()
    // Both uploads are new at the first start, so that sweep keeps them.
    expect(JSON.parse(first.sweep)).toMatchObject({ programFiles: 0, uploads: 0 })
    const login = await fetch(`http://127.0.0.1:${first.port}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    })
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
    // A program upload that sends its first megabyte and then stalls, as a slow connection would.
    const boundary = 'sinir'
    const req = request({
      host: '127.0.0.1',
      port: first.port,
      method: 'POST',
      path: '/api/admin/programs',
      headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    })
    req.on('error', () => {})
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nYarım Program\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nAçıklama\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="kurulum.zip"\r\n` +
        'Content-Type: application/zip\r\n\r\n',
    )
    req.write(Buffer.alloc(1024 * 1024, 7))
    await expect.poll(async () => (await programFiles()).length, { timeout: 20_000 }).toBe(1)
    const [partial] = await programFiles()
    await expect.poll(async () => (await stat(join(t.dataDir, 'files', partial!))).size).toBeGreaterThan(0)
    // Really killed: no graceful stop, no clean-up handler runs.
    child!.kill('SIGKILL')
    await new Promise((r) => child!.once('exit', r))
    expect(await programFiles()).toEqual([partial])
    // A day later nothing refers to the orphan yet.
    await ageBoth()
    const second = await start()
    expect(JSON.parse(second.sweep)).toMatchObject({ programFiles: 1, uploads: 1 })
    expect(await programFiles()).toEqual([])
    expect(await exists(uploadFile(orphan))).toBe(false)
    expect(await exists(uploadFile(used))).toBe(true)
  }, 60_000)
})
