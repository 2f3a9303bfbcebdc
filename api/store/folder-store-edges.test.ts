import { execFileSync } from 'node:child_process'
import { isStowed } from './entry-bodies.ts'
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { entryPath, entryText, orderPath, orderText } from '#schema/content-layout.ts'
import { createLogger, log, setLogger } from '../lib/log.ts'
import { minimalPost } from '../testing/test-content.ts'
import { openContentStore } from './content-store.ts'
import { REFUSED } from './content-file.ts'
import { DIR_MODE } from './durable-file.ts'
import { lastValidEntry, loadContentFile } from './versions/content-load.ts'
import { createFolderChanges } from './versions/folder-changes.ts'
import { ContentRefused, gateNextFolder } from './gate/content-gate.ts'
import { openContentRepo } from './git/content-repo.ts'
import { msg } from '#schema/messages.ts'
import { listEntryFiles, writeFilesDurably } from './folder-files.ts'

/**
 * The edges of the folder store (decision 333) that the main tests (folder-layout.test.ts) do not reach: what
 * listing a collection's folder counts as an item file; how a save's files are written when something is already
 * gone or cannot be written; what loading a folder reports; where a refused post file starts from in history; which
 * files a check finds changed outside (createFolderChanges, driven directly with a small turn). Real files, and real
 * git where history is needed, in a temporary folder (the `folder-store` mutation group, scripts/mutation.ts).
 */

let dir: string
const original = log
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'folder-edges-'))
  // What a start reports is asserted in folder-layout.test.ts; here it is kept out of the test output.
  setLogger(createLogger(new Writable({ write: (_chunk, _encoding, done) => done() }), 'debug'))
})
afterEach(async () => {
  setLogger(original)
  await rm(dir, { recursive: true, force: true })
})

const post = minimalPost
async function putFile(path: string, text: string) {
  await mkdir(join(dir, path, '..'), { recursive: true })
  await writeFile(join(dir, path), text)
}

describe('listEntryFiles: the item files of a folder collection', () => {
  it('lists every item file with its id (in the sub-folder of its lowercased first character), in path order', async () => {
    const ids = ['m1', 'Zq', 'b7', 'a3', 'k0', 'A9', 'x_1', 'c-2', 'aa', 'q5', 'B1', 'z2']
    for (const id of ids) await putFile(entryPath('blogs', id), entryText(post(id)))
    const listed = await listEntryFiles(dir, 'blogs')
    const expected = ids.map((id) => ({ path: entryPath('blogs', id), id })).sort((x, y) => (x.path < y.path ? -1 : 1))
    expect(listed).toEqual(expected)
  })

  it('a missing folder, or a file where the folder should be, has no items; another error is not hidden', async () => {
    expect(await listEntryFiles(dir, 'blogs')).toEqual([])
    await writeFile(join(dir, 'blogs'), 'not a folder')
    expect(await listEntryFiles(dir, 'blogs')).toEqual([])
    await rm(join(dir, 'blogs'))
    await symlink(join(dir, 'blogs'), join(dir, 'blogs')) // a link to itself: ELOOP
    await expect(listEntryFiles(dir, 'blogs')).rejects.toMatchObject({ code: 'ELOOP' })
  })

  it('never enters a linked sub-folder, and a folder named like an item file is no item', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'folder-edges-outside-'))
    try {
      await putFile(entryPath('blogs', 'a1'), entryText(post('a1')))
      await writeFile(join(outside, 'x1.json'), entryText(post('x1')))
      await symlink(outside, join(dir, 'blogs/x'))
      await mkdir(join(dir, 'blogs/b9/a2.json'), { recursive: true })
      await writeFile(join(dir, orderPath('blogs')), orderText(['a1']))
      expect(await listEntryFiles(dir, 'blogs')).toEqual([{ path: 'blogs/27/a1.json', id: 'a1' }])
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })
})

describe('writeFilesDurably: a save’s files on disk', () => {
  it('writes the order file only after every item file: an item that cannot be written leaves the order untouched', async () => {
    // `_sira` is a valid id: its file (blogs/72/_sira.json) is an item file, not the order file.
    await putFile(orderPath('blogs'), orderText(['a1']))
    await mkdir(join(dir, 'blogs/72/_sira.json/engel'), { recursive: true }) // a folder where the item file goes
    const write = writeFilesDurably(dir, [
      { path: orderPath('blogs'), bytes: Buffer.from(orderText(['a1', '_sira'])) },
      { path: entryPath('blogs', '_sira'), bytes: Buffer.from(entryText(post('_sira'))) },
    ])
    await expect(write).rejects.toThrow()
    expect(await readFile(join(dir, orderPath('blogs')), 'utf8')).toBe(orderText(['a1']))
  })

  it('makes the folders it needs, private, and an order file alone makes its collection’s folder', async () => {
    await writeFilesDurably(dir, [{ path: orderPath('social-projects'), bytes: Buffer.from(orderText([])) }])
    expect(await readFile(join(dir, orderPath('social-projects')), 'utf8')).toBe(orderText([]))
    await writeFilesDurably(dir, [{ path: entryPath('blogs', 'k1'), bytes: Buffer.from(entryText(post('k1'))) }])
    expect(await readFile(join(dir, 'blogs/e4/k1.json'), 'utf8')).toBe(entryText(post('k1')))
    expect((await stat(join(dir, 'blogs'))).mode & 0o777).toBe(DIR_MODE)
    expect((await stat(join(dir, 'blogs/e4'))).mode & 0o777).toBe(DIR_MODE)
  })

  it('removes item and order files given no bytes; one already gone, or in a folder already gone, is no error', async () => {
    await putFile(entryPath('blogs', 'a1'), entryText(post('a1')))
    await putFile(orderPath('blogs'), orderText(['a1']))
    await writeFilesDurably(dir, [
      { path: entryPath('blogs', 'a1'), bytes: null },
      { path: orderPath('blogs'), bytes: null },
    ])
    expect(await readdir(join(dir, 'blogs'))).toEqual(['27'])
    expect(await readdir(join(dir, 'blogs/27'))).toEqual([])
    // Again, and a file of a sub-folder that does not exist (a crash's redo, an outside removal).
    await writeFilesDurably(dir, [
      { path: entryPath('blogs', 'a1'), bytes: null },
      { path: entryPath('blogs', 'q1'), bytes: null },
      { path: orderPath('blogs'), bytes: null },
    ])
    expect(await readdir(join(dir, 'blogs'))).toEqual(['27'])
  })
})

describe('the move to folders at start (decision 333)', () => {
  it('a blogs.json beside the folder that cannot be removed stops the start, never passes for removed', async () => {
    await putFile(entryPath('blogs', 'a1'), entryText(post('a1')))
    await putFile(orderPath('blogs'), orderText(['a1']))
    await mkdir(join(dir, 'blogs.json')) // rm refuses a folder
    await expect(openContentStore(dir, () => {}, { folders: true })).rejects.toThrow(/blogs\.json/)
  })
})

describe('loading a folder collection: each file on its own, then the list (decision 333)', () => {
  const load = () => loadContentFile(dir, 'blogs', true)
  const ids = (loaded: Awaited<ReturnType<typeof load>>) => (loaded.kind === 'ok' ? (loaded.data as { id: string }[]).map((p) => p.id) : loaded.kind)

  it('posts the order file does not name are appended oldest first, whatever their ids', async () => {
    for (const [id, createdAt] of [['b1', '2026-01-01'], ['z1', '2026-02-01'], ['a9', '2026-04-01'], ['m5', '2026-03-01']])
      await putFile(entryPath('blogs', id!), entryText(post(id!, { createdAt: `${createdAt}T00:00:00.000Z` })))
    await putFile(orderPath('blogs'), orderText(['b1']))
    const loaded = await load()
    expect(ids(loaded)).toEqual(['b1', 'z1', 'm5', 'a9'])
    expect(loaded).toMatchObject({ kind: 'ok', bytes: null, folder: { refused: [], added: ['z1', 'm5', 'a9'], dropped: [] } })
  })

  it('a clash is named as in the later post’s own file, however far down the list; by its id when its id is taken', async () => {
    const posts = Array.from({ length: 12 }, (_, i) => post(`p${String(i).padStart(2, '0')}`, { slug: `adres-${i}` }))
    posts.push(post('r1', { slug: 'adres-0' }), post('s1', { slug: 'q1' }), post('q1'))
    for (const p of posts) await putFile(entryPath('blogs', p.id), entryText(p))
    await putFile(orderPath('blogs'), orderText(posts.map((p) => p.id)))
    const loaded = await load()
    expect(ids(loaded)).toEqual(posts.slice(0, 12).map((p) => p.id).concat('s1'))
    expect(loaded.kind === 'ok' && loaded.folder!.refused).toEqual([
      { file: 'blogs/0e/r1.json', field: 'slug', message: msg.slugTaken },
      { file: 'blogs/d6/q1.json', field: 'id', message: msg.idTaken },
    ])
  })

  it('an order file that is no list of ids, or is a link, is refused by its path; the posts then go by date', async () => {
    await putFile(entryPath('blogs', 'b1'), entryText(post('b1', { createdAt: '2026-02-01T00:00:00.000Z' })))
    await putFile(entryPath('blogs', 'a1'), entryText(post('a1', { createdAt: '2026-03-01T00:00:00.000Z' })))
    await putFile(orderPath('blogs'), '["a1", 2]')
    let loaded = await load()
    expect(ids(loaded)).toEqual(['b1', 'a1'])
    expect(loaded.kind === 'ok' && loaded.folder).toEqual({ refused: [{ file: 'blogs/_sira.json', field: '', message: 'Kimlik listesi bekleniyordu' }], added: ['b1', 'a1'], dropped: [] })
    await writeFile(join(dir, 'order.json'), orderText(['a1', 'b1']))
    await rm(join(dir, orderPath('blogs')))
    await symlink(join(dir, 'order.json'), join(dir, orderPath('blogs')))
    loaded = await load()
    expect(ids(loaded)).toEqual(['b1', 'a1'])
    expect(loaded.kind === 'ok' && loaded.folder!.refused).toEqual([{ file: 'blogs/_sira.json', field: '', message: REFUSED.symlink }])
  })

  it('a refused post file with no valid version in history is left out; its place in the order is then reported', async () => {
    await putFile(entryPath('blogs', 'a1'), entryText(post('a1')))
    await putFile(entryPath('blogs', 'b1'), '{"id": "b1"}')
    await putFile(orderPath('blogs'), orderText(['b1', 'a1']))
    const loaded = await load()
    expect(ids(loaded)).toEqual(['a1'])
    expect(loaded).toMatchObject({ kind: 'ok', folder: { refused: [{ file: 'blogs/38/b1.json' }], added: [], dropped: ['b1'] } })
  })

  it('a folder of more posts than one read takes: every post loaded once, a refused one reported once', async () => {
    const many = Array.from({ length: 70 }, (_, i) => `p${i}`)
    for (const id of many) await putFile(entryPath('blogs', id), entryText(post(id)))
    await putFile(entryPath('blogs', 'p7'), '{ bozuk')
    await putFile(orderPath('blogs'), orderText(many))
    const loaded = await load()
    expect(ids(loaded)).toEqual(many.filter((id) => id !== 'p7'))
    expect(loaded).toMatchObject({ kind: 'ok', folder: { refused: [{ file: 'blogs/11/p7.json' }], added: [], dropped: ['p7'] } })
  })

  it('marks what it loaded as checked, in either layout: a save that keeps those posts does not check them again', async () => {
    const body = { contentStructure: [{ id: 'k1', type: 'text', content: 'Gövde', order: 0 }] }
    await putFile(entryPath('blogs', 'a1'), entryText(post('a1', body)))
    await putFile(entryPath('blogs', 'b1'), entryText(post('b1', body)))
    await putFile(orderPath('blogs'), orderText(['a1', 'b1']))
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('c1'), post('d1')]))
    for (const folders of [true, false]) {
      const loaded = await loadContentFile(dir, 'blogs', folders)
      const posts = (loaded.kind === 'ok' ? loaded.data : []) as Record<string, unknown>[]
      expect(posts).toHaveLength(2)
      if (folders) {
        // From its folder: frozen, its body in the process's file (entry-bodies.ts); nothing can change it.
        expect(posts.every((p) => Object.isFrozen(p) && isStowed(p))).toBe(true)
        expect(gateNextFolder('blogs', [posts[1], posts[0]], posts).data).toEqual([posts[1], posts[0]])
        continue
      }
      // Changed after loading into something a check refuses: the gate trusts the objects loading checked.
      posts[0]!.title = 42
      expect(gateNextFolder('blogs', [posts[1], posts[0]], posts).data).toEqual([posts[1], posts[0]])
      expect(() => gateNextFolder('blogs', [{ ...posts[0] }, posts[1]], posts)).toThrow(ContentRefused)
    }
  })

  it('with the folders switch off, blogs.json is read as one file: refused whole when it is a link or the schema refuses it', async () => {
    await writeFile(join(dir, 'elsewhere.json'), JSON.stringify([post('a1')]))
    await symlink(join(dir, 'elsewhere.json'), join(dir, 'blogs.json'))
    expect(await loadContentFile(dir, 'blogs')).toEqual({ kind: 'refused', error: { file: 'blogs.json', field: '', message: REFUSED.symlink }, bytes: null })
    await rm(join(dir, 'blogs.json'))
    await writeFile(join(dir, 'blogs.json'), '[{"id": "a1"}]')
    expect(await loadContentFile(dir, 'blogs')).toMatchObject({ kind: 'refused', error: { file: 'blogs.json', field: '[0].title' }, bytes: Buffer.from('[{"id": "a1"}]') })
  })

  it('with the folders switch off, the one file is read even where a folder exists', async () => {
    await putFile(entryPath('blogs', 'a1'), entryText(post('a1')))
    await putFile(orderPath('blogs'), orderText(['a1']))
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('z9')], null, 2))
    expect(ids(await loadContentFile(dir, 'blogs'))).toEqual(['z9'])
    expect(ids(await loadContentFile(dir, 'blogs', true))).toEqual(['a1'])
    const store = await openContentStore(dir, () => {})
    expect(store.read('blogs').map((p) => p.id)).toEqual(['z9'])
  })
})

describe('a save over a post file refused at start (decision 333)', () => {
  it('one whose bytes were read is written over; one that was not read (a link) is never written over (409)', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'folder-edges-link-'))
    try {
      await putFile(entryPath('blogs', 'a1'), '{ "id": "a1", ')
      await writeFile(join(outside, 'b1.json'), entryText(post('b1')))
      await mkdir(join(dir, 'blogs/38'), { recursive: true })
      await symlink(join(outside, 'b1.json'), join(dir, entryPath('blogs', 'b1')))
      await putFile(orderPath('blogs'), orderText([]))
      const store = await openContentStore(dir, () => {}, { folders: true })
      expect(store.read('blogs')).toEqual([])
      await store.update('blogs', (list) => void list.push(post('a1', { title: 'Yeniden' })))
      expect(await readFile(join(dir, entryPath('blogs', 'a1')), 'utf8')).toBe(entryText(post('a1', { title: 'Yeniden' })))
      await expect(store.update('blogs', (list) => void list.push(post('b1')))).rejects.toMatchObject({ status: 409 })
      expect(store.read('blogs').map((p) => p.id)).toEqual(['a1'])
      expect(await readFile(join(outside, 'b1.json'), 'utf8')).toBe(entryText(post('b1')))
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })
})

describe('lastValidEntry: where a post file refused at start begins (decision 333)', () => {
  /** Commits `path` (blogs/27/a1.json) as each text (null: removed), oldest first, in one git process. */
  function commits(texts: (string | null)[], path = 'blogs/27/a1.json') {
    execFileSync('git', ['init', '-q'], { cwd: dir })
    let stream = ''
    texts.forEach((text, i) => {
      stream += `commit refs/heads/main\ncommitter Bakımcı <bakimci@ornek.com> ${1_700_000_000 + i * 60} +0000\ndata <<END\nsürüm ${i}\nEND\n`
      stream += text === null ? `D ${path}\n` : `M 100644 inline ${path}\ndata ${Buffer.byteLength(text)}\n${text}\n`
    })
    execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input: stream })
    execFileSync('git', ['symbolic-ref', 'HEAD', 'refs/heads/main'], { cwd: dir })
  }
  const refused = (i: number) => entryText(post('a1', { title: i }))

  it('is the newest version its checks accept, past refused, removed and misnamed ones', async () => {
    commits([entryText(post('a1', { title: 'İlk' })), entryText(post('a1', { title: 'İkinci' })), null, refused(1), entryText(post('x1')), '{ bozuk'])
    const repo = await openContentRepo(dir)
    try {
      expect(await lastValidEntry(repo, 'blogs', 'blogs/27/a1.json')).toEqual(post('a1', { title: 'İkinci' }))
      expect(await lastValidEntry(repo, 'blogs', 'blogs/b9/a2.json')).toBeUndefined() // no history
      expect(await lastValidEntry(repo, 'blogs', 'blogs/notlar.txt')).toBeUndefined() // no item file
    } finally {
      await repo.close()
    }
  })

  it('is undefined for a path that names no item file, whatever its history holds', async () => {
    commits([entryText(post('a1'))], 'blogs/q/a1.json') // a post in the wrong sub-folder
    const repo = await openContentRepo(dir)
    try {
      expect(await lastValidEntry(repo, 'blogs', 'blogs/q/a1.json')).toBeUndefined()
    } finally {
      await repo.close()
    }
  })

  it('looks back 100 versions at most', async () => {
    commits([entryText(post('a1')), ...Array.from({ length: 99 }, (_, i) => refused(i))])
    let repo = await openContentRepo(dir)
    expect(await lastValidEntry(repo, 'blogs', 'blogs/27/a1.json')).toEqual(post('a1'))
    await repo.close()
    await rm(join(dir, '.git'), { recursive: true, force: true })
    commits([entryText(post('a1')), ...Array.from({ length: 100 }, (_, i) => refused(i))])
    repo = await openContentRepo(dir)
    expect(await lastValidEntry(repo, 'blogs', 'blogs/27/a1.json')).toBeUndefined()
    await repo.close()
  })
})

describe('createFolderChanges: which post files changed outside (decision 333)', () => {
  /** Whole seconds long past: a change made by a test never has the time a file or folder had at start. */
  const PAST = 1_700_000_000
  /** Posts `ids` on disk with the order file, and the changes of their folder as the API knows them at start. */
  async function started(ids: string[], sweepFiles = 1000) {
    for (const id of ids) await putFile(entryPath('blogs', id), entryText(post(id)))
    await putFile(orderPath('blogs'), orderText(ids))
    // Dated in the past, so that a change a moment later differs in its time even on a coarse clock.
    for (const entry of await readdir(join(dir, 'blogs'), { recursive: true })) await utimes(join(dir, 'blogs', entry), PAST, PAST)
    await utimes(join(dir, 'blogs'), PAST, PAST)
    const changes = createFolderChanges(dir, 'blogs', { sweepFiles })
    await changes.remember()
    return changes
  }
  const noTurn = false

  it('nothing changed is nothing reported; a file never known and still absent has not moved', async () => {
    const changes = await started(['a1', 'b1'])
    expect(await changes.changed(noTurn)).toEqual([])
    expect(await changes.changed(true)).toEqual([])
    expect(await changes.moved([entryPath('blogs', 'n1'), entryPath('blogs', 'a1')])).toEqual([])
  })

  it('files added to a sub-folder are found by the sub-folder’s change, each once, without the turn over the files', async () => {
    // a817 and a1377 share a1's sub-folder (blogs/27/): only that sub-folder changes.
    const changes = await started(['a1', 'b1'])
    await putFile(entryPath('blogs', 'a817'), entryText(post('a817')))
    expect(await changes.changed(noTurn)).toEqual(['blogs/27/a817.json'])
    await putFile(entryPath('blogs', 'a1377'), entryText(post('a1377')))
    await utimes(join(dir, 'blogs/27'), PAST + 60, PAST + 60) // not the time the last check saw, whatever the clock's step
    expect(await changes.changed(noTurn)).toEqual(['blogs/27/a1377.json'])
    expect(await changes.changed(noTurn)).toEqual([])
  })

  it('files in a sub-folder that are no post files (a note, a temporary file, a post in the wrong folder) are not reported', async () => {
    const changes = await started(['a1', 'b1'])
    await writeFile(join(dir, 'blogs/27/NOTLAR.md'), 'not content')
    await writeFile(join(dir, 'blogs/27/.a1.json.tmp'), entryText(post('a1')))
    await writeFile(join(dir, 'blogs/27/b2.json'), entryText(post('b2')))
    expect(await changes.changed(true)).toEqual([])
  })

  it('a sub-folder removed whole: its files are reported without the turn (the order file with them)', async () => {
    const changes = await started(['a1', 'q1', 'q192']) // q1 and q192: one sub-folder (blogs/d6/)
    await rm(join(dir, 'blogs', 'd6'), { recursive: true })
    await putFile(orderPath('blogs'), orderText(['a1']))
    expect((await changes.changed(noTurn)).sort()).toEqual(['blogs/_sira.json', 'blogs/d6/q1.json', 'blogs/d6/q192.json'])
    expect(await changes.changed(noTurn)).toEqual([])
  })

  it('a file removed from a sub-folder is reported once, without the turn', async () => {
    const changes = await started(['a1', 'a2', 'b1'])
    await rm(join(dir, entryPath('blogs', 'a1')))
    expect(await changes.changed(noTurn)).toEqual(['blogs/27/a1.json'])
    expect(await changes.changed(true)).toEqual([])
  })

  it('the order file is compared on every check, even written in place', async () => {
    const changes = await started(['a1', 'b1'])
    await writeFile(join(dir, orderPath('blogs')), orderText(['b1', 'a1']))
    expect(await changes.changed(noTurn)).toEqual(['blogs/_sira.json'])
    expect(await changes.changed(noTurn)).toEqual([])
  })

  it('a sub-folder removed while its parent kept its time (rsync -a restores it): its files are reported removed', async () => {
    const changes = await started(['a1', 'q1', 'q192'])
    await rm(join(dir, 'blogs/d6'), { recursive: true })
    await utimes(join(dir, 'blogs'), PAST, PAST) // the time it had at start, as a copy that keeps times sets it
    expect((await changes.changed(noTurn)).sort()).toEqual(['blogs/d6/q1.json', 'blogs/d6/q192.json'])
  })

  it('never enters a sub-folder that is a link', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'folder-edges-outside-'))
    try {
      const changes = await started(['a1'])
      await writeFile(join(outside, 'x1.json'), entryText(post('x1')))
      await symlink(outside, join(dir, 'blogs/x'))
      expect(await changes.changed(true)).toEqual([])
    } finally {
      await rm(outside, { recursive: true, force: true })
    }
  })

  it('edits made in place are found by the turn over the files: every file within the checks one turn takes', async () => {
    const ids = ['a1', 'a2', 'a3', 'a4', 'a5']
    const changes = await started(ids, 2)
    for (const id of ids) await writeFile(join(dir, entryPath('blogs', id)), entryText(post(id, { title: 'Yerinde' })))
    expect(await changes.changed(noTurn)).toEqual([]) // no folder changed
    const found: string[] = []
    for (let check = 0; check < 3; check++) found.push(...(await changes.changed(true))) // 6 known files, 2 a check
    expect(found.sort()).toEqual(ids.map((id) => entryPath('blogs', id)).sort())
  })

  it('a second start’s remember forgets files that are gone: they are not reported as removed outside', async () => {
    const changes = await started(['a1', 'b1'])
    await rm(join(dir, entryPath('blogs', 'a1')))
    await changes.remember()
    expect(await changes.changed(true)).toEqual([])
  })

  it('the API’s own writes and removals, once noted, are no outside change', async () => {
    const changes = await started(['a1', 'b1'])
    const files = [
      { path: entryPath('blogs', 'c1'), bytes: Buffer.from(entryText(post('c1'))) },
      { path: entryPath('blogs', 'a1'), bytes: Buffer.from(entryText(post('a1', { title: 'Yeni' }))) },
      { path: entryPath('blogs', 'b1'), bytes: null },
      { path: orderPath('blogs'), bytes: Buffer.from(orderText(['c1', 'a1'])) },
    ]
    expect(await changes.moved(files.map((f) => f.path))).toEqual([])
    await writeFilesDurably(dir, files)
    await changes.wrote(files.map((f) => f.path))
    expect(await changes.changed(true)).toEqual([])
    // A later removal outside, in the sub-folder the API made, is still found by that sub-folder's change.
    await rm(join(dir, entryPath('blogs', 'c1')))
    await utimes(join(dir, 'blogs/a7'), PAST, PAST) // not the time the write left, whatever the clock's step
    expect(await changes.changed(noTurn)).toEqual(['blogs/a7/c1.json'])
  })

  it('a file the watcher names is compared at the next check; a path not of this collection is ignored', async () => {
    const changes = await started(['a1', 'b1'])
    await writeFile(join(dir, entryPath('blogs', 'b1')), entryText(post('b1', { title: 'Yerinde' })))
    await writeFile(join(dir, 'home.json'), '{}')
    changes.hint('home.json')
    changes.hint(entryPath('blogs', 'b1'))
    expect(await changes.changed(noTurn)).toEqual(['blogs/38/b1.json'])
  })
})
