import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { BlogPost } from '#schema/blog.ts'
import { entryPath, entryText, orderText } from '#schema/content-layout.ts'
import { readCollection } from '../testing/content-files.ts'
import { git } from '../testing/maintainer-git.ts'
import { minimalPost } from '../testing/test-content.ts'
import { openContentStore, type ContentStore } from './content-store.ts'
import { testCleanups } from '../testing/temp-folders.ts'

/**
 * Posts stored one file each (decision 333) with real git in temporary folders: the move's commit, one save = one
 * commit of the files it wrote, an outside edit kept as its own commit, a post's history across the move, and the
 * sync with a content remote merging post files by field, as the one-file layout did.
 */

const { temp, later } = testCleanups()
async function open(dir: string, options: Parameters<typeof openContentStore>[2] = {}) {
  const store = await openContentStore(dir, () => {}, options)
  later(async () => {
    store.close()
    await store.settled().catch(() => {})
  })
  return store
}

const post = minimalPost
const retitle = (store: ContentStore, id: string, title: string) =>
  store.update('blogs', (list) => void (list.find((p) => p.id === id)!.title = title))
const subjects = (dir: string) => git(dir, 'log', '--format=%s').split('\n')
const changedIn = (dir: string, commit = 'HEAD') => git(dir, 'show', '--name-only', '--format=', commit).split('\n').filter(Boolean)
/** A temporary root with the server's content folder `sunucu` (made, empty) and a bare remote `icerik.git`. */
async function withRemote(prefix: string) {
  const root = await temp(prefix)
  const dir = join(root, 'sunucu')
  const bare = join(root, 'icerik.git')
  git(root, 'init', '-q', '--bare', bare)
  await mkdir(dir)
  return { root, dir, bare }
}
/** The server's branch pushed to the bare remote as its default, and a maintainer's clone of it (`bakimci`). */
function publishAndClone({ root, dir, bare }: { root: string; dir: string; bare: string }): string {
  const branch = git(dir, 'symbolic-ref', '--short', 'HEAD')
  git(dir, 'push', '-q', bare, `HEAD:refs/heads/${branch}`)
  git(bare, 'symbolic-ref', 'HEAD', `refs/heads/${branch}`)
  const maintainer = join(root, 'bakimci')
  git(root, 'clone', '-q', bare, maintainer)
  return maintainer
}

describe('posts in a folder, with git (decision 333)', () => {
  it('the move is one commit; each save then commits only its post’s file; history reads across the move', async () => {
    const dir = await temp('folder-git-')
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('a1'), post('b2')], null, 2))
    const before = await open(dir, { git: { commits: 'always' } })
    await retitle(before, 'a1', 'İkinci')
    before.close()
    await before.settled()

    const store = await open(dir, { git: { commits: 'always' }, folders: true })
    await store.settled()
    expect(subjects(dir)).toEqual(['İçerik düzeni: her yazı kendi dosyasında', expect.any(String), 'İçerik deposu oluşturuldu'])
    expect(git(dir, 'ls-tree', '-r', '--name-only', 'HEAD').split('\n')).toEqual(expect.arrayContaining(['blogs/_sira.json', 'blogs/27/a1.json', 'blogs/ff/b2.json']))
    expect(git(dir, 'ls-tree', '-r', '--name-only', 'HEAD')).not.toContain('blogs.json')
    expect(git(dir, 'status', '--porcelain')).toBe('')

    await retitle(store, 'a1', 'Üçüncü')
    await store.settled()
    expect(changedIn(dir)).toEqual(['blogs/27/a1.json'])
    expect(git(dir, 'status', '--porcelain')).toBe('')

    const versions = await store.history!.list({ name: 'blogs', id: 'a1' })
    const titles = await Promise.all(versions.map(async (v) => ((await store.history!.itemAt({ name: 'blogs', id: 'a1' }, v.commit)) as BlogPost).title))
    expect(titles).toEqual(['Üçüncü', 'İkinci', 'Başlık a1'])
  })

  it('social projects move too, in their own commit; a project file then holds each project', async () => {
    const dir = await temp('folder-git-projects-')
    const projects = readCollection<{ id: string }[]>(join(import.meta.dirname, '..', '..', 'content'), 'social-projects').slice(0, 2)
    await writeFile(join(dir, 'social-projects.json'), JSON.stringify(projects, null, 2))
    const store = await open(dir, { git: { commits: 'always' }, folders: true })
    await store.settled()
    expect(subjects(dir)[0]).toBe('İçerik düzeni: her proje kendi dosyasında')
    expect(changedIn(dir).sort()).toEqual(['social-projects.json', 'social-projects/_sira.json', ...projects.map((p) => entryPath('social-projects', p.id))].sort())
    expect(store.read('social-projects').map((p) => p.id)).toEqual(projects.map((p) => p.id))
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('a blogs.json a maintainer brings back beside the folder is removed at start in a commit of its own', async () => {
    const dir = await temp('folder-git-leftover-')
    const first = await open(dir, { git: { commits: 'always' }, folders: true })
    await first.update('blogs', (list) => void list.push(post('a1')))
    first.close()
    await first.settled()
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('z9')], null, 2))
    git(dir, 'add', 'blogs.json')
    git(dir, 'commit', '-q', '-m', 'eski dosya geri geldi')
    const store = await open(dir, { git: { commits: 'always' }, folders: true })
    await store.settled()
    expect(store.read('blogs').map((p) => p.id)).toEqual(['a1'])
    expect(subjects(dir).slice(0, 2)).toEqual(['İçerik düzeni: her yazı kendi dosyasında', 'eski dosya geri geldi'])
    expect(git(dir, 'show', '--name-status', '--format=%an', 'HEAD').split('\n').filter(Boolean)).toEqual(['Site sunucusu', 'D\tblogs.json'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('an edit made outside, once noticed, is committed on its own under the server’s name before the next save', async () => {
    const dir = await temp('folder-git-outside-')
    const store = await open(dir, { git: { commits: 'always' }, folders: true })
    await store.update('blogs', (list) => void list.push(post('a1'), post('b2')))
    await store.settled()
    await writeFile(join(dir, 'blogs/ff/b2.json'), entryText(post('b2', { title: 'Elle' })))
    // Noticed by the poll (an edit in place changes no folder: the poll's turn over the files finds it).
    await store.checkDisk()
    await retitle(store, 'a1', 'Yönetim')
    await store.settled()
    expect(subjects(dir).slice(0, 2)).toEqual([expect.any(String), 'Kaydedilmemiş değişiklik kurtarıldı: blogs/'])
    expect(changedIn(dir, 'HEAD~1')).toEqual(['blogs/ff/b2.json'])
    expect(changedIn(dir)).toEqual(['blogs/27/a1.json'])
    expect(store.read('blogs').map((p) => p.title)).toEqual(['Yönetim', 'Elle'])
  })

  it('a save over a post file refused on disk keeps that file in history first and no longer reports it', async () => {
    const dir = await temp('folder-git-refused-')
    const store = await open(dir, { git: { commits: 'always' }, folders: true })
    await store.update('blogs', (list) => void list.push(post('a1'), post('b2')))
    await store.settled()
    await writeFile(join(dir, 'blogs/27/a1.json'), entryText({ ...post('a1'), title: 42 }))
    await store.checkDisk()
    expect(store.status().errors).toMatchObject([{ file: 'blogs/27/a1.json', field: 'title' }])
    await retitle(store, 'a1', 'Düzeltildi')
    await store.settled()
    expect(store.status().errors).toEqual([])
    expect(subjects(dir).slice(0, 2)).toEqual([expect.any(String), 'Kaydedilmemiş değişiklik kurtarıldı: blogs/'])
    expect(JSON.parse(git(dir, 'show', 'HEAD~1:blogs/27/a1.json')).title).toBe(42)
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('a post file refused at start starts from its last valid version in history, in its place, and is reported', async () => {
    const dir = await temp('folder-git-refused-')
    const store = await open(dir, { git: { commits: 'always' }, folders: true })
    await store.update('blogs', (list) => void list.push(post('a1'), post('b2'), post('c3')))
    await retitle(store, 'b2', 'Geçerli')
    store.close()
    await store.settled()
    await writeFile(join(dir, 'blogs/ff/b2.json'), '{ "id": "b2", "title": ')
    const again = await open(dir, { git: { commits: 'always' }, folders: true })
    expect(again.read('blogs').map((p) => [p.id, p.title])).toEqual([
      ['a1', 'Başlık a1'],
      ['b2', 'Geçerli'],
      ['c3', 'Başlık c3'],
    ])
    expect(again.status().errors).toEqual([expect.objectContaining({ file: 'blogs/ff/b2.json', message: expect.stringMatching(/^Geçersiz JSON/) })])
  })

  it('a post file refused at start that the order file does not name is appended by its last valid version’s date', async () => {
    const dir = await temp('folder-git-refused-order-')
    const store = await open(dir, { git: { commits: 'always' }, folders: true })
    const dated = (id: string, month: string) => post(id, { createdAt: `2026-${month}-01T00:00:00.000Z` })
    await store.update('blogs', (list) => void list.push(dated('a1', '01'), dated('c1', '03'), dated('b1', '02')))
    store.close()
    await store.settled()
    await writeFile(join(dir, 'blogs/_sira.json'), orderText(['a1']))
    await writeFile(join(dir, 'blogs/a7/c1.json'), '{ "id": "c1", ')
    const again = await open(dir, { git: { commits: 'always' }, folders: true })
    expect(again.read('blogs').map((p) => p.id)).toEqual(['a1', 'b1', 'c1'])
    expect(again.status().errors).toEqual([expect.objectContaining({ file: 'blogs/a7/c1.json' })])
  })

  it('the sync merges a maintainer’s post files by field: their edit taken, a removed file a removed post, a clash listed with the live value kept', async () => {
    const remote = await withRemote('folder-git-sync-')
    const { dir, bare } = remote
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('a1'), post('b2'), post('c3')], null, 2))
    const store = await open(dir, { git: { commits: 'always', remote: bare, syncSeconds: 0 }, folders: true })
    await store.settled()
    const maintainer = publishAndClone(remote)
    git(maintainer, 'config', 'user.name', 'Bakımcı')
    git(maintainer, 'config', 'user.email', 'bakimci@ornek.com')
    const push = async (message: string, change: () => Promise<unknown>, sync = true) => {
      git(maintainer, 'pull', '-q', '--no-rebase')
      await change()
      git(maintainer, 'add', '-A')
      git(maintainer, 'commit', '-q', '-m', message)
      git(maintainer, 'push', '-q')
      if (!sync) return
      await store.sync!.trigger()
      await store.settled()
    }

    await push('b2 başlığı', () => writeFile(join(maintainer, 'blogs/ff/b2.json'), entryText(post('b2', { title: 'Bakımcının' }))))
    expect(store.read('blogs').map((p) => p.title)).toEqual(['Başlık a1', 'Bakımcının', 'Başlık c3'])
    expect(store.sync!.status().error).toBeNull()

    // Both change a1's title before seeing the other's: the maintainer pushes, then staff save before the next sync.
    await push('a1 başlığı', () => writeFile(join(maintainer, 'blogs/27/a1.json'), entryText(post('a1', { title: 'Bakımcının a1' }))), false)
    await retitle(store, 'a1', 'Sunucunun')
    await store.settled()
    await store.sync!.trigger()
    await store.settled()
    expect(store.read('blogs')[0]!.title).toBe('Sunucunun')
    expect(store.sync!.conflicts()).toEqual([expect.objectContaining({ file: 'blogs.json', other: 'Bakımcının a1' })])

    // Reindented by a maintainer, the same post: the server keeps its own bytes, committed; the folder stays clean.
    await push('girinti', () => writeFile(join(maintainer, 'blogs/ff/b2.json'), `${JSON.stringify(post('b2', { title: 'Bakımcının' }), null, 4)}\n`))
    expect(store.read('blogs').map((p) => p.title)).toEqual(['Sunucunun', 'Bakımcının', 'Başlık c3'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(store.sync!.status()).toMatchObject({ error: null, ahead: 0 })

    await push('c3 silindi', () => rm(join(maintainer, 'blogs/c0/c3.json')))
    expect(store.read('blogs').map((p) => p.id)).toEqual(['a1', 'b2'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(git(dir, 'ls-tree', '-r', '--name-only', 'HEAD')).not.toContain('blogs/c0/c3.json')
  })
})

describe('a force push on the remote with posts in a folder (decision 333)', () => {
  it('a staff save the rewritten history dropped is committed on top of it and pushed; the folder stays clean', async () => {
    const remote = await withRemote('folder-git-force-')
    const { dir, bare } = remote
    const store = await open(dir, { git: { commits: 'always', remote: bare, syncSeconds: 0 }, folders: true })
    await store.update('blogs', (list) => void list.push(post('a1'), post('b2')))
    await store.settled()
    const maintainer = publishAndClone(remote)
    const sync = async () => {
      await store.sync!.trigger()
      await store.settled()
    }
    await sync()
    // The maintainer's wrong title is taken; then a staff save is pushed; then the maintainer drops their commit.
    await writeFile(join(maintainer, 'blogs/27/a1.json'), entryText(post('a1', { title: 'Yanlış' })))
    git(maintainer, 'commit', '-qam', 'yanlış')
    git(maintainer, 'push', '-q')
    await sync()
    await retitle(store, 'b2', 'Yönetimin')
    await store.settled()
    await sync()
    git(maintainer, 'reset', '-q', '--hard', 'HEAD~1')
    git(maintainer, 'push', '-q', '--force')
    await sync()
    expect(store.read('blogs').map((p) => p.title)).toEqual(['Başlık a1', 'Yönetimin'])
    expect(store.sync!.status().notice).toMatch(/yeniden yazıldı/)
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(JSON.parse(git(dir, 'show', 'HEAD:blogs/ff/b2.json')).title).toBe('Yönetimin')
    expect(git(bare, 'rev-parse', `refs/heads/${git(dir, 'symbolic-ref', '--short', 'HEAD')}`)).toBe(git(dir, 'rev-parse', 'HEAD'))
  })
})

describe('what the sync refuses of a remote’s post files (decision 333)', () => {
  /** A server on the one-file layout pushed to a bare remote, and a maintainer's clone of it. */
  async function remoteOnOneFile() {
    const remote = await withRemote('folder-git-refuse-')
    const { dir, bare } = remote
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('a1'), post('b2')], null, 2))
    const first = await open(dir, { git: { commits: 'always' } })
    await first.settled()
    first.close()
    await first.settled()
    const maintainer = publishAndClone(remote)
    const push = async (file: string, text: string) => {
      await writeFile(join(maintainer, file), text)
      git(maintainer, 'add', '-A')
      git(maintainer, 'commit', '-q', '-m', 'bozuk')
      git(maintainer, 'push', '-q')
    }
    return { dir, bare, maintainer, push }
  }
  const sync = async (store: ContentStore) => {
    await store.sync!.trigger()
    await store.settled()
  }

  it('a post file that is not JSON is refused by its path; the live post and the others kept', async () => {
    const r = await remoteOnOneFile()
    const store = await open(r.dir, { git: { commits: 'always', remote: r.bare, syncSeconds: 0 }, folders: true })
    await store.settled()
    await sync(store)
    git(r.maintainer, 'pull', '-q', '--ff-only')
    await r.push('blogs/27/a1.json', '{"id": "a1",')
    await sync(store)
    expect(store.sync!.status().refused).toEqual([{ file: 'blogs/27/a1.json', message: expect.stringMatching(/^blogs\/27\/a1\.json uzak depoda geçersiz: Geçersiz JSON/) }])
    expect(store.read('blogs')).toEqual([post('a1'), post('b2')])
  })

  it('a remote still on one file pushing a blogs.json that is not a list is refused: no post is deleted', async () => {
    const r = await remoteOnOneFile()
    // Pushed before the server moves its posts: the move's push is refused, and the sync merges the one file.
    await r.push('blogs.json', '[{"id": "a1",')
    const store = await open(r.dir, { git: { commits: 'always', remote: r.bare, syncSeconds: 0 }, folders: true })
    // Not settled first: the move's push is refused until the sync can merge, and retried for half a minute.
    const syncOnly = async () => {
      await store.sync!.trigger()
      await store.sync!.idle()
    }
    await syncOnly()
    expect(store.read('blogs').map((p) => p.id)).toEqual(['a1', 'b2'])
    expect(store.sync!.status().refused).toEqual([{ file: 'blogs.json', message: expect.stringMatching(/^blogs\.json uzak depoda geçersiz: Geçersiz JSON/) }])
    await r.push('blogs.json', '{}')
    await syncOnly()
    expect(store.read('blogs').map((p) => p.id)).toEqual(['a1', 'b2'])
    expect(store.sync!.status().refused).toEqual([{ file: 'blogs.json', message: expect.stringMatching(/^blogs\.json uzak depoda geçersiz/) }])
    // Repaired on the remote, still one file: merged into the folder, the move's commit and the merge pushed.
    await r.push('blogs.json', JSON.stringify([post('a1', { title: 'Bakımcının' }), post('b2')], null, 2))
    await syncOnly()
    await store.settled()
    expect(store.sync!.status()).toMatchObject({ refused: [], error: null, ahead: 0 })
    expect(store.read('blogs').map((p) => p.title)).toEqual(['Bakımcının', 'Başlık b2'])
    expect(git(r.dir, 'ls-tree', '-r', '--name-only', 'HEAD')).not.toContain('blogs.json')
  })
})
