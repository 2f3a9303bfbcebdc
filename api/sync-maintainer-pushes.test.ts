import { readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CONTENT_NAMES } from './store/content-types.ts'
import { git, remoteFixture, type Post, type RemoteFixture } from './testing/remote-fixture.ts'
import { adminCookie, formRequest, jsonRequest, type TestApp } from './testing/test-helpers.ts'
import { collectionFile, collectionFiles, collectionPath, layoutOf, readCollection, refusedAtStart, writeCollection } from './testing/content-files.ts'

/**
 * Issue 27: what maintainers do in git, against a real bare remote and a second clone. After each step the server's
 * content files load, its clone is clean, and the remote never gets back what a maintainer removed.
 */
let t: TestApp
let fixture: RemoteFixture | undefined
afterEach(async () => {
  await fixture?.close()
  fixture = undefined
})

async function setUp() {
  fixture = await remoteFixture('maintainer-pushes')
  t = fixture.t
  const { bare, branch, maintainer, cookie, posts } = fixture
  const sync = async () => {
    await t.deps.content.sync!.trigger()
    await t.deps.content.settled()
  }
  /** The maintainer changes files in their clone, commits and pushes. */
  const push = async (message: string, change: (dir: string) => Promise<void> | void, ...pushArgs: string[]) => {
    git(maintainer, 'pull', '-q', '--ff-only')
    await change(maintainer)
    git(maintainer, 'add', '-A')
    git(maintainer, 'commit', '-q', '--allow-empty', '-m', message)
    git(maintainer, 'push', '-q', ...pushArgs)
    return git(maintainer, 'rev-parse', 'HEAD')
  }
  const editPosts = async (dir: string, fn: (list: Post[]) => void, space = 2) => {
    const list = readCollection<Post[]>(dir, 'blogs')
    fn(list)
    await writeCollection(dir, 'blogs', list, { space })
  }
  const status = () => t.deps.content.status().git!
  const clean = () => expect(git(t.contentDir, 'status', '--porcelain')).toBe('')
  /** Every content file on the server's disk is one the next start accepts. */
  const allLoad = async () => {
    for (const name of CONTENT_NAMES) expect(await refusedAtStart(t.contentDir, name), name).toEqual([])
  }
  const remoteHead = () => git(bare, 'rev-parse', `refs/heads/${branch}`)
  return { bare, branch, maintainer, cookie, posts, sync, push, editPosts, status, clean, allLoad, remoteHead }
}

describe('maintainer pushes the sync handles (issue 27)', { timeout: 120_000 }, () => {
  it('a deleted collection is refused as deleted, the live file kept; a revert brings sync back without a stuck state', async () => {
    const s = await setUp()
    const before = await collectionFiles(t.contentDir, 'blogs')
    // The collection's file, or its whole folder in the folder layout (decision 333), refused by its order file.
    const layout = layoutOf(t.contentDir, 'blogs')
    await s.push('blogs silindi', (dir) => rm(join(dir, collectionPath('blogs', layout)), { recursive: true }))
    await s.sync()
    expect(s.status().sync!.refused).toEqual([{ file: collectionFile('blogs', layout), message: expect.stringMatching(/silindi/) }])
    expect(s.status().sync!.error).toMatch(/silindi/)
    expect(s.status().sync!.error).not.toMatch(/geçersiz/)
    expect(await collectionFiles(t.contentDir, 'blogs')).toEqual(before)
    s.clean()
    // The maintainer reverts the deletion: the file is back as it was, nothing to merge, no error.
    git(s.maintainer, 'revert', '--no-edit', 'HEAD')
    git(s.maintainer, 'push', '-q')
    await s.sync()
    expect(s.status().sync!.error).toBeNull()
    expect(s.status().sync!.refused).toEqual([])
    expect(git(t.contentDir, 'rev-parse', 'HEAD')).toBe(s.remoteHead())
    s.clean()
    await s.allLoad()
  })

  it('a renamed collection: the deletion is refused and named, the new name listed as ignored', async () => {
    const s = await setUp()
    await s.push('yeniden adlandırıldı', (dir) => {
      git(dir, 'mv', 'references.json', 'referanslar.json')
    })
    await s.sync()
    expect(s.status().sync!.refused[0]).toMatchObject({ file: 'references.json', message: expect.stringMatching(/silindi/) })
    expect(s.status().sync!.ignored).toContain('referanslar.json')
    s.clean()
    await s.allLoad()
  })

  it('a file of no collection is carried along and listed as ignored; an empty commit is no error; the clone stays clean', async () => {
    const s = await setUp()
    await s.push('kampanyalar eklendi', (dir) => writeFile(join(dir, 'kampanyalar.json'), '[]'))
    await s.sync()
    expect(s.status().sync!.error).toBeNull()
    expect(s.status().sync!.ignored).toEqual(['kampanyalar.json'])
    s.clean()
    // A staff save then a maintainer's empty commit: a merge with nothing to merge.
    const [a] = s.posts()
    const res = await formRequest(t, 'PUT', `/api/admin/blogs/${a!.id}`, { title: 'Yönetimden', excerpt: a!.excerpt, author: a!.author, tags: JSON.stringify(a!.tags), contentStructure: JSON.stringify(a!.contentStructure) }, s.cookie)
    expect(res.status).toBe(200)
    await s.push('boş kayıt', () => {})
    await s.sync()
    expect(s.status().sync!.error).toBeNull()
    s.clean()
    // The merge kept the maintainer's other file: it is not deleted on the remote.
    git(s.maintainer, 'pull', '-q', '--ff-only')
    expect(await readFile(join(s.maintainer, 'kampanyalar.json'), 'utf8')).toBe('[]')
  })

  it('a file over the size limit is refused at sync and never written', async () => {
    const s = await setUp()
    const before = await readFile(join(t.contentDir, 'about.json'), 'utf8')
    await s.push('çok büyük', async (dir) => {
      const about = JSON.parse(await readFile(join(dir, 'about.json'), 'utf8'))
      await writeFile(join(dir, 'about.json'), JSON.stringify(about) + ' '.repeat(65 * 1024 * 1024))
    })
    await s.sync()
    expect(s.status().sync!.refused[0]).toMatchObject({ file: 'about.json', message: expect.stringMatching(/çok büyük/) })
    expect(await readFile(join(t.contentDir, 'about.json'), 'utf8')).toBe(before)
    s.clean()
  })

  it('a post added in git without optional fields is deleted in git: the deletion takes effect, nothing pushed back', async () => {
    const s = await setUp()
    await s.push('yazı eklendi', (dir) =>
      s.editPosts(dir, (list) => void list.push({ id: 'gitten-yazi', title: 'Git’ten', excerpt: '', author: 'B', tags: [], createdAt: '2026-01-01T00:00:00.000Z' } as never)),
    )
    await s.sync()
    expect(s.posts().some((p) => p.id === 'gitten-yazi')).toBe(true)
    // A staff save elsewhere, so the next sync is a merge, not a fast-forward.
    const [a] = s.posts()
    await formRequest(t, 'PUT', `/api/admin/blogs/${a!.id}`, { title: 'Başka bir değişiklik', excerpt: a!.excerpt, author: a!.author, tags: JSON.stringify(a!.tags), contentStructure: JSON.stringify(a!.contentStructure) }, s.cookie)
    await s.push('yazı silindi', (dir) => s.editPosts(dir, (list) => void list.splice(list.findIndex((p) => p.id === 'gitten-yazi'), 1)))
    await s.sync()
    expect(s.posts().some((p) => p.id === 'gitten-yazi')).toBe(false)
    expect(s.status().conflicts).toEqual([])
    git(s.maintainer, 'pull', '-q', '--ff-only')
    const remote = readCollection<Post[]>(s.maintainer, 'blogs')
    expect(remote.some((p) => p.id === 'gitten-yazi')).toBe(false)
    s.clean()
    await s.allLoad()
  })

  it('staff change a title while git changes the excerpt: merged, no conflict on updatedAt', async () => {
    const s = await setUp()
    const [a] = s.posts()
    await s.push('özet', (dir) =>
      s.editPosts(dir, (list) => {
        const p = list.find((x) => x.id === a!.id)! as Post & { updatedAt?: string }
        p.excerpt = 'Git’teki özet'
        p.updatedAt = '2026-11-01T10:00:00.000Z'
      }),
    )
    const res = await formRequest(t, 'PUT', `/api/admin/blogs/${a!.id}`, { title: 'Yönetimdeki başlık', excerpt: a!.excerpt, author: a!.author, tags: JSON.stringify(a!.tags), contentStructure: JSON.stringify(a!.contentStructure) }, s.cookie)
    expect(res.status).toBe(200)
    await s.sync()
    const post = s.posts().find((p) => p.id === a!.id)!
    expect(post).toMatchObject({ title: 'Yönetimdeki başlık', excerpt: 'Git’teki özet' })
    expect(s.status().conflicts).toEqual([])
    s.clean()
  })

  it('a force-pushed rollback is honoured and reported; the dropped commit never goes back', async () => {
    const s = await setUp()
    const [a] = s.posts()
    const original = a!.title
    const bad = await s.push('yanlış başlık', (dir) => s.editPosts(dir, (list) => void (list.find((p) => p.id === a!.id)!.title = 'Yanlış başlık')))
    await s.sync()
    expect(s.posts().find((p) => p.id === a!.id)!.title).toBe('Yanlış başlık')
    // Two staff saves: one the server pushed and fetched back before the force push, one after its last fetch.
    const save = (post: Post, title: string) =>
      formRequest(t, 'PUT', `/api/admin/blogs/${post.id}`, { title, excerpt: post.excerpt, author: post.author, tags: JSON.stringify(post.tags), contentStructure: JSON.stringify(post.contentStructure) }, s.cookie)
    const [, b, c] = s.posts()
    expect((await save(b!, 'Yönetimin kaydı')).status).toBe(200)
    await s.sync()
    expect((await save(c!, 'Yönetimin ikinci kaydı')).status).toBe(200)
    await t.deps.content.settled()
    // The maintainer's clone never pulled the staff saves: a rollback with a force push drops them from the remote.
    git(s.maintainer, 'reset', '-q', '--hard', 'HEAD~1')
    git(s.maintainer, 'push', '-q', '--force')
    await s.sync()
    expect(s.posts().find((p) => p.id === a!.id)!.title).toBe(original)
    expect(s.posts().find((p) => p.id === b!.id)!.title).toBe('Yönetimin kaydı')
    expect(s.posts().find((p) => p.id === c!.id)!.title).toBe('Yönetimin ikinci kaydı')
    expect(s.status().sync!.notice).toMatch(/Uzak depoda geçmiş yeniden yazıldı/)
    await s.sync()
    // The remote's history does not contain the dropped commit, and has both staff saves.
    expect(() => git(s.bare, 'merge-base', '--is-ancestor', bad, s.remoteHead())).toThrow()
    git(s.maintainer, 'pull', '-q', '--ff-only')
    const remote = readCollection<Post[]>(s.maintainer, 'blogs')
    expect(remote.find((p) => p.id === b!.id)!.title).toBe('Yönetimin kaydı')
    expect(remote.find((p) => p.id === c!.id)!.title).toBe('Yönetimin ikinci kaydı')
    expect(remote.find((p) => p.id === a!.id)!.title).toBe(original)
    s.clean()
    await s.allLoad()
  })
})

describe('conflicts by identity (issue 27)', { timeout: 120_000 }, () => {
  it('take and keep name a conflict by id; a stale id is refused; an invalid value is refused by the gate and stays listed', async () => {
    const s = await setUp()
    const [a, b] = s.posts()
    await s.push('iki başlık ve kötü adres', (dir) =>
      s.editPosts(dir, (list) => {
        list.find((p) => p.id === a!.id)!.title = 'Git A'
        list.find((p) => p.id === b!.id)!.title = 'Git B'
        list.find((p) => p.id === b!.id)!.excerpt = 'Git özeti B'
      }),
    )
    for (const [post, title] of [[a!, 'Yönetim A'], [b!, 'Yönetim B']] as const) {
      const res = await formRequest(t, 'PUT', `/api/admin/blogs/${post.id}`, { title, excerpt: 'Yönetim özeti', author: post.author, tags: JSON.stringify(post.tags), contentStructure: JSON.stringify(post.contentStructure) }, s.cookie)
      expect(res.status).toBe(200)
    }
    await s.sync()
    const conflicts = s.status().conflicts!
    expect(conflicts).toHaveLength(3)
    const titleA = conflicts.find((c) => c.itemId === a!.id)!
    const titleB = conflicts.find((c) => c.itemId === b!.id && JSON.stringify(c.path).includes('title'))!
    // Keep one, take another: each acts on its own conflict, whatever the list's order.
    expect((await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${titleB.id}/keep`, {}, s.cookie)).status).toBe(200)
    expect((await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${titleA.id}/take`, {}, s.cookie)).status).toBe(200)
    expect(s.posts().find((p) => p.id === a!.id)!.title).toBe('Git A')
    expect(s.posts().find((p) => p.id === b!.id)!.title).toBe('Yönetim B')
    expect(s.status().conflicts!.map((c) => c.id)).not.toContain(titleA.id)
    expect(s.status().conflicts!.map((c) => c.id)).not.toContain(titleB.id)
    // The same id again: gone, nothing changes.
    const stale = await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${titleA.id}/take`, {}, s.cookie)
    expect(stale.status).toBe(409)
    expect((await stale.json()).message).toMatch(/listede yok/)
    expect((await jsonRequest(t, 'POST', '/api/admin/git/conflicts/0/take', {}, s.cookie)).status).toBe(409)
  })

  it('a remote slug no page can carry is refused by the gate on take; the conflict stays listed and publishing goes on', async () => {
    const s = await setUp()
    const [a] = s.posts()
    await s.push('kötü adres', (dir) => s.editPosts(dir, (list) => void (list.find((p) => p.id === a!.id)!.slug = 'iyi-adres-git')))
    const res = await formRequest(t, 'PUT', `/api/admin/blogs/${a!.id}`, { title: a!.title, slug: 'iyi-adres-yonetim', excerpt: a!.excerpt, author: a!.author, tags: JSON.stringify(a!.tags), contentStructure: JSON.stringify(a!.contentStructure) }, s.cookie)
    expect(res.status).toBe(200)
    await s.sync()
    const conflict = s.status().conflicts!.find((c) => JSON.stringify(c.path).includes('slug'))!
    expect(conflict).toBeDefined()
    // The listed other value is tampered with on disk as a planted file could: 'Kötü Adres'.
    const listFile = join(t.contentDir, '.git', 'netiz-sync-conflicts.json')
    const listed = JSON.parse(await readFile(listFile, 'utf8'))
    listed.find((c: { id: string }) => c.id === conflict.id).other = 'Kötü Adres'
    await writeFile(listFile, JSON.stringify(listed))
    t.deps.content.close()
    await t.deps.content.settled()
    await t.restart()
    await t.deps.content.sync!.settled()
    const tampered = t.deps.content.status().git!.conflicts!.find((c) => JSON.stringify(c.path).includes('slug'))!
    const before = await collectionFiles(t.contentDir, 'blogs')
    const take = await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${tampered.id}/take`, {}, await adminCookie(t))
    expect(take.status).toBe(422)
    expect((await take.json()).message).toMatch(/Adres/)
    expect(await collectionFiles(t.contentDir, 'blogs')).toEqual(before)
    expect(t.deps.content.status().git!.conflicts!.map((c) => c.id)).toContain(tampered.id)
    s.clean()
  })
})
