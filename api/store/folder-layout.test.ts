import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BlogPost } from '#schema/blog.ts'
import { entryPath, entryText, oldEntryPath, orderPath, orderText } from '#schema/content-layout.ts'
import { minimalPost } from '../testing/test-content.ts'
import { openContentStore } from './content-store.ts'
import { writeFilesDurably } from './folder-files.ts'
import { ContentRefused, gateNextFolder } from './gate/content-gate.ts'
import { REFUSED } from './content-file.ts'
import { createLogger, log, setLogger } from '../lib/log.ts'
import { Writable } from 'node:stream'

/**
 * A content folder whose posts are stored one file each (decision 333, the store's edge): loading checks each file
 * on its own, and a save writes only the files it changed. Real files in a temporary folder; no git yet.
 */

let dir: string
let logged: string[]
const original = log
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folder-layout-'))
  logged = []
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logged.push((JSON.parse(line) as { msg: string }).msg)
      done()
    },
  })
  setLogger(createLogger(sink, 'debug'))
})
afterEach(async () => {
  setLogger(original)
  await rm(dir, { recursive: true, force: true })
})

const post = minimalPost
type Post = BlogPost

async function putPosts(posts: Post[], order: string[] | null = posts.map((p) => p.id)) {
  for (const p of posts) {
    await mkdir(join(dir, entryPath('blogs', p.id), '..'), { recursive: true })
    await writeFile(join(dir, entryPath('blogs', p.id)), entryText(p))
  }
  await mkdir(join(dir, 'blogs'), { recursive: true })
  if (order) await writeFile(join(dir, orderPath('blogs')), orderText(order))
}
const open = () => openContentStore(dir, () => {}, { folders: true })
const mtime = async (path: string) => (await stat(join(dir, path))).mtimeMs
const ids = (list: readonly { id?: string }[]) => list.map((p) => p.id)

describe('content store with posts in a folder (decision 333)', () => {
  it('loads the posts in the order file’s order and keeps no one-file blogs.json', async () => {
    await putPosts([post('b1'), post('A2'), post('c3')], ['c3', 'b1', 'A2'])
    const store = await open()
    expect(ids(store.read('blogs'))).toEqual(['c3', 'b1', 'A2'])
    expect(store.read('blogs')[0]).toEqual(post('c3'))
    await expect(stat(join(dir, 'blogs.json'))).rejects.toThrow()
  })

  it('a save of one post writes that post’s file only: the other files and the order file are not touched', async () => {
    await putPosts([post('b1'), post('a2'), post('c3')])
    const store = await open()
    const before = { b1: await mtime('blogs/38/b1.json'), c3: await mtime('blogs/c0/c3.json'), order: await mtime('blogs/_sira.json') }
    await new Promise((r) => setTimeout(r, 20))
    await store.update('blogs', (list) => void (list.find((p) => p.id === 'a2')!.title = 'Yeni başlık'))
    expect(JSON.parse(await readFile(join(dir, 'blogs/b9/a2.json'), 'utf8'))).toEqual(post('a2', { title: 'Yeni başlık' }))
    expect(await readFile(join(dir, 'blogs/b9/a2.json'), 'utf8')).toBe(entryText(post('a2', { title: 'Yeni başlık' })))
    expect({ b1: await mtime('blogs/38/b1.json'), c3: await mtime('blogs/c0/c3.json'), order: await mtime('blogs/_sira.json') }).toEqual(before)
    expect(await readdir(join(dir, 'blogs/b9'))).toEqual(['a2.json']) // no temporary file left
    expect(ids((await open()).read('blogs'))).toEqual(['b1', 'a2', 'c3'])
  })

  it('a new post writes its file and the order; a removed post loses its file and its place; a move writes the order only', async () => {
    await putPosts([post('b1'), post('a2')])
    const store = await open()
    await store.update('blogs', (list) => void list.unshift(post('Zz9')))
    expect(await readFile(join(dir, 'blogs/c1/Zz9.json'), 'utf8')).toBe(entryText(post('Zz9')))
    expect(JSON.parse(await readFile(join(dir, orderPath('blogs')), 'utf8'))).toEqual(['Zz9', 'b1', 'a2'])
    await store.update('blogs', (list) => void list.splice(list.findIndex((p) => p.id === 'b1'), 1))
    await expect(stat(join(dir, 'blogs/38/b1.json'))).rejects.toThrow()
    expect(JSON.parse(await readFile(join(dir, orderPath('blogs')), 'utf8'))).toEqual(['Zz9', 'a2'])
    const a2 = await mtime('blogs/b9/a2.json')
    await store.update('blogs', (list) => void list.reverse())
    expect(JSON.parse(await readFile(join(dir, orderPath('blogs')), 'utf8'))).toEqual(['a2', 'Zz9'])
    expect(await mtime('blogs/b9/a2.json')).toBe(a2)
    expect(ids((await open()).read('blogs'))).toEqual(['a2', 'Zz9'])
  })

  it('a refused item file costs only its own post; the others load, and a clash refuses the later file', async () => {
    await putPosts([post('a1'), post('b2', { slug: 'ortak' }), post('c3', { slug: 'ortak' }), post('d4')])
    await writeFile(join(dir, 'blogs/27/a1.json'), '{ "id": "a1", "title": ')
    await writeFile(join(dir, 'blogs/4e/d4.json'), entryText(post('x9'))) // its id is not its file's name
    const store = await open()
    expect(ids(store.read('blogs'))).toEqual(['b2'])
    // Each refused file named by its path, as an operator fixes it.
    expect(logged.filter((l) => l.includes('reddedildi')).sort()).toEqual([
      expect.stringMatching(/^blogs\/27\/a1\.json reddedildi: Geçersiz JSON/),
      'blogs/4e/d4.json reddedildi, alan "id": Dosya adındaki kimlik (d4) bekleniyordu. Son geçerli içerik yayında kalıyor.',
      expect.stringMatching(/^blogs\/c0\/c3\.json reddedildi, alan "slug"/),
    ])
  })

  it('a file the order file does not name is appended by date; an id without a file is dropped; other files are no content', async () => {
    await putPosts([post('b1'), post('n2', { createdAt: '2026-03-01T00:00:00.000Z' }), post('n1', { createdAt: '2026-02-01T00:00:00.000Z' })], ['gone', 'b1'])
    await writeFile(join(dir, 'blogs/38/README.md'), 'not content')
    await mkdir(join(dir, 'blogs/q'))
    await writeFile(join(dir, 'blogs/q/b1x.json'), entryText(post('b1x'))) // the wrong folder
    await mkdir(join(dir, 'blogs/a0'))
    await symlink(join(dir, 'blogs/38/b1.json'), join(dir, 'blogs/a0/bL.json')) // a link is never followed
    const store = await open()
    expect(ids(store.read('blogs'))).toEqual(['b1', 'n1', 'n2'])
    expect(logged).toEqual([
      // A link named as a post is refused and reported, never followed (as a linked blogs.json is).
      expect.stringMatching(/^blogs\/a0\/bL\.json reddedildi: Dosya bir sembolik bağlantı/),
      'Sıra dosyasında olmayan 2 öğe tarihine göre sona eklendi: n1, n2',
      'Sıra dosyasındaki 1 kimliğin dosyası yok, atlandı: gone',
    ])
  })

  it('the gate writes the canonical bytes of the changed items and holds each item file to loading’s size limit', () => {
    const previous = [post('a1'), post('b2')]
    Object.freeze(previous)
    const changed = post('b2', { title: 'Yeni' })
    const out = gateNextFolder('blogs', [previous[0], changed], previous)
    expect(out.files).toEqual([{ path: 'blogs/ff/b2.json', bytes: Buffer.from(entryText(changed)) }])
    expect(() => gateNextFolder('blogs', [post('c3', { title: 'x'.repeat(400) })], [], 300)).toThrow(ContentRefused)
    expect(gateNextFolder('blogs', [post('c3')], [], 400).files.map((f) => f.path)).toEqual(['blogs/c0/c3.json', 'blogs/_sira.json'])
    // The limit is loading's: a file of exactly that size is accepted, one byte more refused, in loading's words.
    const exact = Buffer.byteLength(entryText(post('c3')))
    expect(gateNextFolder('blogs', [post('c3')], [], exact).data).toEqual([post('c3')])
    const tooLarge = (() => {
      try {
        gateNextFolder('blogs', [post('c3')], [], exact - 1)
      } catch (err) {
        return err
      }
    })() as ContentRefused
    expect(tooLarge.error).toEqual({ file: 'blogs.json', field: '', message: REFUSED.tooLarge(exact - 1) })
  })

  it('the gate refuses a next version that is no list, writes the order when any position changed, and hands back frozen data', () => {
    expect(() => gateNextFolder('blogs', { id: 'a1' }, [])).toThrow(expect.objectContaining({ error: { file: 'blogs.json', field: '', message: 'Dosya bir liste olmalı' } }))
    const previous = Object.freeze([post('a1'), post('b2'), post('c3')].map((p) => Object.freeze(p)))
    const moved = gateNextFolder('blogs', [previous[0], previous[2], previous[1]], previous)
    expect(moved.files).toEqual([{ path: 'blogs/_sira.json', bytes: Buffer.from(orderText(['a1', 'c3', 'b2'])) }])
    expect(Object.isFrozen(moved.data)).toBe(true)
    expect(gateNextFolder('blogs', [...previous], previous).files).toEqual([])
    // No previous list (a collection never stored): every item's file and the order.
    expect(gateNextFolder('blogs', [post('a1')], undefined).files.map((f) => f.path)).toEqual(['blogs/27/a1.json', 'blogs/_sira.json'])
  })

  it('the gate refuses a post whose id cannot name a file (the schema id), and an invalid post, before anything is written', async () => {
    await putPosts([post('a1')])
    const store = await open()
    const order = await readFile(join(dir, orderPath('blogs')), 'utf8')
    // The store answers a refusal as the admin reads it (422, the field and the reason in Turkish).
    await expect(store.update('blogs', (list) => void list.push(post('../x')))).rejects.toMatchObject({ status: 422, message: expect.stringMatching(/alan "id".*Geçersiz kimlik/) })
    await expect(store.update('blogs', (list) => void list.push(post('b2', { status: 'gizli' })))).rejects.toMatchObject({ status: 422 })
    expect(await readFile(join(dir, orderPath('blogs')), 'utf8')).toBe(order)
    expect(await readdir(join(dir, 'blogs'))).toEqual(['27', '_sira.json'])
    expect(ids(store.read('blogs'))).toEqual(['a1'])
  })

  it('a content folder with blogs.json moves to a file per post at start, in the same order and bytes per post', async () => {
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('b1'), post('a1')], null, 2))
    const store = await open()
    await expect(stat(join(dir, 'blogs.json'))).rejects.toThrow()
    expect(await readFile(join(dir, 'blogs/38/b1.json'), 'utf8')).toBe(entryText(post('b1')))
    expect(JSON.parse(await readFile(join(dir, orderPath('blogs')), 'utf8'))).toEqual(['b1', 'a1'])
    expect(ids(store.read('blogs'))).toEqual(['b1', 'a1'])
    await store.update('blogs', (list) => void (list[1]!.title = 'Yeni'))
    expect(JSON.parse(await readFile(join(dir, 'blogs/27/a1.json'), 'utf8')).title).toBe('Yeni')
    expect(ids((await open()).read('blogs'))).toEqual(['b1', 'a1'])
  })

  it('a new content folder stores posts as files from the first save; a refused blogs.json is not moved', async () => {
    const store = await open()
    await store.update('blogs', (list) => void list.push(post('a1')))
    expect(await readdir(join(dir, 'blogs'))).toEqual(['27', '_sira.json'])
    await expect(stat(join(dir, 'blogs.json'))).rejects.toThrow()
    const other = await mkdtemp(join(tmpdir(), 'folder-layout-refused-'))
    try {
      await writeFile(join(other, 'blogs.json'), '[{"id": 1}]')
      await openContentStore(other, () => {}, { folders: true })
      expect(await readFile(join(other, 'blogs.json'), 'utf8')).toBe('[{"id": 1}]')
      await expect(stat(join(other, 'blogs'))).rejects.toThrow()
    } finally {
      await rm(other, { recursive: true, force: true })
    }
  })

  it('a move cut short (item files, no order file) is redone from blogs.json; a blogs.json beside a whole folder is removed', async () => {
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('a1'), post('b2')], null, 2))
    await mkdir(join(dir, 'blogs/27'), { recursive: true })
    await writeFile(join(dir, 'blogs/27/a1.json'), entryText(post('a1', { title: 'Yarım' })))
    const store = await open()
    expect(store.read('blogs').map((p) => p.title)).toEqual(['Başlık a1', 'Başlık b2'])
    expect(await readFile(join(dir, 'blogs/27/a1.json'), 'utf8')).toBe(entryText(post('a1')))
    // A maintainer's pull brings blogs.json back: the folder holds the saves since, and wins.
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('z9')], null, 2))
    const again = await open()
    expect(ids(again.read('blogs'))).toEqual(['a1', 'b2'])
    await expect(stat(join(dir, 'blogs.json'))).rejects.toThrow()
  })

  it('the move and a leftover blogs.json’s removal are logged: how many posts moved, which file was removed', async () => {
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('b1'), post('a1'), post('c1')], null, 2))
    await open()
    expect(logged).toEqual(['İçerik düzeni: her yazı kendi dosyasında: 3 öğe blogs/ klasörüne taşındı.'])
    logged.length = 0
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('z9')], null, 2))
    await open()
    expect(logged).toEqual(['blogs.json: klasör düzeniyle birlikte bulundu; klasördeki içerik geçerli, dosya kaldırıldı.'])
    logged.length = 0
    await open() // nothing left to move or remove: nothing logged
    expect(logged).toEqual([])
  })

  it('without git, post files in first-character folders move to their hash folders on disk, logged (decision 336)', async () => {
    await mkdir(join(dir, 'blogs', 'a'), { recursive: true })
    await mkdir(join(dir, 'blogs', 'b'))
    await writeFile(join(dir, oldEntryPath('blogs', 'a1')), entryText(post('a1')))
    await writeFile(join(dir, oldEntryPath('blogs', 'b1')), entryText(post('b1')))
    await writeFile(join(dir, oldEntryPath('blogs', 'b2')), entryText(post('b2', { title: 'Eski kopya' })))
    // b2's own file, in a maintainer's layout: the hash folder's file wins and is never rewritten by the move.
    const kept = `${JSON.stringify(post('b2'), null, 4)}\n`
    await mkdir(join(dir, entryPath('blogs', 'b2'), '..'))
    await writeFile(join(dir, entryPath('blogs', 'b2')), kept)
    await writeFile(join(dir, orderPath('blogs')), orderText(['b1', 'a1', 'b2']))
    const store = await open()
    expect(ids(store.read('blogs'))).toEqual(['b1', 'a1', 'b2'])
    expect(store.read('blogs')[2]!.title).toBe(post('b2').title)
    expect(logged).toEqual(['İçerik düzeni: yazı dosyaları kimliklerine göre 256 klasöre dağıtıldı: 2 öğe taşındı, 1 eski dosya kaldırıldı.'])
    expect(await readdir(join(dir, 'blogs', 'a'))).toEqual([])
    expect(await readdir(join(dir, 'blogs', 'b'))).toEqual([])
    expect(await readFile(join(dir, entryPath('blogs', 'a1')), 'utf8')).toBe(entryText(post('a1')))
    expect(await readFile(join(dir, entryPath('blogs', 'b2')), 'utf8')).toBe(kept)
    logged.length = 0
    expect(ids((await open()).read('blogs'))).toEqual(['b1', 'a1', 'b2'])
    expect(logged).toEqual([])
  })

  it('a start on an empty content folder makes no folder before the first save', async () => {
    const store = await open()
    expect(store.read('blogs')).toEqual([])
    expect(await readdir(dir)).not.toContain('blogs')
    expect(logged).toEqual([])
  })

  it('writes item files before the order file, removing what a save removed', async () => {
    await writeFilesDurably(dir, [
      { path: orderPath('blogs'), bytes: Buffer.from(orderText(['a1'])) },
      { path: entryPath('blogs', 'a1'), bytes: Buffer.from(entryText(post('a1'))) },
    ])
    const order = (await stat(join(dir, orderPath('blogs')))).mtimeMs
    const item = (await stat(join(dir, entryPath('blogs', 'a1')))).mtimeMs
    expect(order).toBeGreaterThanOrEqual(item)
    await writeFilesDurably(dir, [{ path: entryPath('blogs', 'a1'), bytes: null }])
    expect(await readdir(join(dir, 'blogs/27'))).toEqual([])
  })
})

describe('posts in a folder changed outside the API (decision 333)', () => {
  it('an edit, a new file and a removed file made outside are loaded on the next check, each on its own', async () => {
    await putPosts([post('a1'), post('b2'), post('c3')])
    const store = await open()
    await writeFile(join(dir, 'blogs/27/a1.json'), entryText(post('a1', { title: 'Dışarıda' }))) // in place
    await mkdir(join(dir, 'blogs/4e'))
    await writeFile(join(dir, 'blogs/4e/d4.json'), entryText(post('d4', { createdAt: '2026-05-01T00:00:00.000Z' })))
    await rm(join(dir, 'blogs/ff/b2.json'))
    await store.checkDisk()
    expect(store.read('blogs').map((p) => [p.id, p.title])).toEqual([
      ['a1', 'Dışarıda'],
      ['c3', 'Başlık c3'],
      ['d4', 'Başlık d4'],
    ])
    expect(store.status().errors).toEqual([])
  })

  it('an invalid edit made outside is refused by its path; the last valid post stays live and the others load', async () => {
    await putPosts([post('a1'), post('b2')])
    const store = await open()
    await writeFile(join(dir, 'blogs/27/a1.json'), '{ "id": "a1", ')
    await writeFile(join(dir, 'blogs/ff/b2.json'), entryText(post('b2', { title: 'İyi' })))
    await store.checkDisk()
    expect(store.read('blogs').map((p) => p.title)).toEqual(['Başlık a1', 'İyi'])
    expect(store.status().errors).toEqual([expect.objectContaining({ file: 'blogs/27/a1.json', message: expect.stringMatching(/^Geçersiz JSON/) })])
    // Fixed outside: the refusal goes.
    await writeFile(join(dir, 'blogs/27/a1.json'), entryText(post('a1', { title: 'Düzeldi' })))
    await store.checkDisk()
    expect(store.read('blogs').map((p) => p.title)).toEqual(['Düzeldi', 'İyi'])
    expect(store.status().errors).toEqual([])
  })

  it('an outside edit that takes another post’s address is refused and its last valid version kept', async () => {
    await putPosts([post('a1', { slug: 'bir' }), post('b2', { slug: 'iki' })])
    const store = await open()
    await writeFile(join(dir, 'blogs/ff/b2.json'), entryText(post('b2', { slug: 'bir', title: 'Çakışan' })))
    await store.checkDisk()
    expect(store.read('blogs').map((p) => [p.slug, p.title])).toEqual([
      ['bir', 'Başlık a1'],
      ['iki', 'Başlık b2'],
    ])
    expect(store.status().errors).toEqual([expect.objectContaining({ file: 'blogs/ff/b2.json', field: 'slug' })])
  })

  it('a save over a post whose file changed outside since it was read loads that change first: both edits are kept', async () => {
    // More posts than one check compares in place (1,000), the edited one last: only the save's own check of the
    // files it writes can see the edit.
    await putPosts([...Array.from({ length: 1100 }, (_, i) => post(`a${i}`)), post('z1')])
    const store = await open()
    await writeFile(join(dir, 'blogs/71/z1.json'), entryText(post('z1', { excerpt: 'Dışarıdan özet' })))
    await store.update('blogs', (list) => void (list.find((p) => p.id === 'z1')!.title = 'Yönetim başlığı'))
    const saved = JSON.parse(await readFile(join(dir, 'blogs/71/z1.json'), 'utf8'))
    expect([saved.title, saved.excerpt]).toEqual(['Yönetim başlığı', 'Dışarıdan özet'])
    expect(store.read('blogs').at(-1)).toMatchObject({ title: 'Yönetim başlığı', excerpt: 'Dışarıdan özet' })
  })

  it('a check after the API’s own saves finds nothing changed outside', async () => {
    await putPosts([post('a1')])
    const store = await open()
    await store.update('blogs', (list) => void list.push(post('b2')))
    await store.update('blogs', (list) => void (list[0]!.title = 'Yeni'))
    logged.length = 0
    await store.checkDisk()
    expect(logged.filter((l) => l.includes('dışarıda değişti'))).toEqual([])
  })
})
