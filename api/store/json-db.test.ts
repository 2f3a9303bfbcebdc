import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { addUser, createTestApp, jsonRequest, loginCookie } from '../testing/test-helpers.ts'
import { openCollections } from './json-db.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'json-db-test-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const defaults = { list: [] as string[], settings: { title: 'ilk' } }

/** Makes every write of `name` fail for any user, root included: a folder sits where the temp file must go. */
const blockWrites = (folder: string, name: string) => mkdir(join(folder, `.${name}.json.tmp`))

describe('json collections', () => {
  it('a failed write reaches the caller and changes nothing, in memory or on disk', async () => {
    const db = await openCollections(join(dir, 'data'), defaults)
    await db.update('list', (l) => void l.push('a'))
    await blockWrites(join(dir, 'data'), 'list')
    await expect(db.update('list', (l) => void l.push('b'))).rejects.toThrow(/EISDIR/)
    expect(db.read('list')).toEqual(['a'])
    // A later successful write of another change does not carry the failed one along.
    await rm(join(dir, 'data', '.list.json.tmp'), { recursive: true })
    await db.update('list', (l) => void l.push('c'))
    expect(db.read('list')).toEqual(['a', 'c'])
    const reopened = await openCollections(join(dir, 'data'), defaults)
    expect(reopened.read('list')).toEqual(['a', 'c'])
  })

  it('an update whose function throws changes nothing', async () => {
    const db = await openCollections(dir, defaults)
    const failing = db.update('settings', (s) => {
      s.title = 'yarım'
      throw new Error('vazgeçildi')
    })
    await expect(failing).rejects.toThrow('vazgeçildi')
    expect(db.read('settings').title).toBe('ilk')
  })

  it('readers get frozen data: changing it throws and the store keeps its value', async () => {
    const db = await openCollections(dir, defaults)
    await db.update('settings', (s) => void (s.title = 'yeni'))
    const settings = db.read('settings')
    expect(() => {
      settings.title = 'izinsiz'
    }).toThrow(TypeError)
    expect(() => db.read('list').push('x')).toThrow(TypeError)
    expect(db.read('settings').title).toBe('yeni')
  })

  it('creates its folder 0700 and its files 0600', async () => {
    const folder = join(dir, 'private')
    const db = await openCollections(folder, defaults)
    await db.update('list', (l) => void l.push('a'))
    expect((await stat(folder)).mode & 0o777).toBe(0o700)
    expect((await stat(join(folder, 'list.json'))).mode & 0o777).toBe(0o600)
    expect(JSON.parse(await readFile(join(folder, 'list.json'), 'utf8'))).toEqual(['a'])
  })
})

describe('a content write that fails, through the API', () => {
  it('answers the Turkish server error and the old content stays, also after a restart', async () => {
    const t = await createTestApp()
    try {
      const cookie = await loginCookie(t, (await addUser(t.deps.data)).email)
      const before = t.deps.content.read('about')
      await blockWrites(t.contentDir, 'about')
      const res = await jsonRequest(
        t,
        'PUT',
        '/api/admin/hakkimizda',
        { ...before, title2: 'Değişti' },
        cookie,
      )
      expect(res.status).toBe(500)
      expect((await res.json()).message).toBe(msg.serverError)
      expect(t.deps.content.read('about')).toEqual(before)
      expect(await (await jsonRequest(t, 'GET', '/api/admin/hakkimizda')).json()).toEqual(before)
      await t.restart()
      expect(t.deps.content.read('about')).toEqual(before)
    } finally {
      await t.cleanup()
    }
  })
})
