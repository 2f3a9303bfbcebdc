import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { BlogPost } from '#schema/blog.ts'
import { entryPath, entryText, oldEntryPath, orderPath, orderText } from '#schema/content-layout.ts'
import { readCollection } from '../testing/content-files.ts'
import { git } from '../testing/maintainer-git.ts'
import { minimalPost } from '../testing/test-content.ts'
import { openContentStore, type ContentStore } from './content-store.ts'
import { BUCKET_MESSAGES } from './folder-migration.ts'
import { testCleanups } from '../testing/temp-folders.ts'

/**
 * Post files moved from their first-character folders (`blogs/b/blog-x.json`) to their hash folders (decision 336),
 * with real git in temporary folders: the start-up move as one commit git follows as renames, a move cut short, a
 * second start, and files in an old folder arriving after the start (an outside edit, a maintainer's push from an old
 * clone): read as their post, and moved by the post's next save.
 */

const { temp, later } = testCleanups()
async function open(dir: string, options: Parameters<typeof openContentStore>[2] = { git: { commits: 'always' }, folders: true }) {
  const store = await openContentStore(dir, () => {}, options)
  later(async () => {
    store.close()
    await store.settled().catch(() => {})
  })
  return store
}
async function close(store: ContentStore) {
  store.close()
  await store.settled()
}

const post = minimalPost
const ids = (store: ContentStore) => store.read('blogs').map((p) => p.id)
const titles = (store: ContentStore) => store.read('blogs').map((p) => p.title)
const retitle = (store: ContentStore, id: string, title: string) =>
  store.update('blogs', (list) => void (list.find((p) => p.id === id)!.title = title))
async function put(dir: string, path: string, text: string) {
  await mkdir(dirname(join(dir, path)), { recursive: true })
  await writeFile(join(dir, path), text)
}
const exists = (dir: string, path: string) => readFile(join(dir, path)).then(() => true, () => false)
const tree = (dir: string, commit = 'HEAD') => git(dir, 'ls-tree', '-r', '--name-only', commit, '--', 'blogs').split('\n').filter(Boolean).sort()
const nameStatus = (dir: string, commit = 'HEAD') =>
  git(dir, 'show', '--name-status', '--no-renames', '--format=', commit).split('\n').filter(Boolean).sort()
/** The commits `git log --follow` lists for a path (renames followed). */
const followed = (dir: string, path: string) => git(dir, 'log', '--follow', '--format=%H', '--', path).split('\n').filter(Boolean)

/** A content repository as an older version left it: posts in first-character folders, committed by a maintainer. */
async function oldLayout(posts: BlogPost[]) {
  const dir = await temp('buckets-')
  for (const p of posts) await put(dir, oldEntryPath('blogs', p.id), entryText(p))
  await put(dir, orderPath('blogs'), orderText(posts.map((p) => p.id)))
  git(dir, 'init', '-q')
  git(dir, 'add', '-A')
  git(dir, 'commit', '-q', '-m', 'eski düzen')
  return dir
}

describe('the move to hash folders at start (decision 336)', () => {
  it('moves every post file in one commit that git follows as renames; the history reads across it', async () => {
    const dir = await oldLayout([post('a1'), post('b2'), post('blog-x')])
    await writeFile(join(dir, oldEntryPath('blogs', 'a1')), entryText(post('a1', { title: 'İkinci' })))
    git(dir, 'commit', '-qam', 'a1 düzeltildi')
    const before = git(dir, 'rev-parse', 'HEAD')
    const first = git(dir, 'rev-parse', 'HEAD~1')

    const store = await open(dir)
    await store.settled()
    expect(ids(store)).toEqual(['a1', 'b2', 'blog-x'])
    expect(titles(store)).toEqual(['İkinci', 'Başlık b2', 'Başlık blog-x'])
    expect(git(dir, 'log', '-1', '--format=%s%n%an')).toBe(`${BUCKET_MESSAGES.blogs}\nSite sunucusu`)
    expect(git(dir, 'rev-parse', 'HEAD~1')).toBe(before) // one commit
    expect(tree(dir)).toEqual(['blogs/_sira.json', entryPath('blogs', 'a1'), entryPath('blogs', 'b2'), entryPath('blogs', 'blog-x')].sort())
    // The same bytes under the new name: renames git finds exactly.
    const renames = git(dir, 'show', '-M', '--name-status', '--format=', 'HEAD').split('\n').sort()
    expect(renames).toEqual(
      ['a1', 'b2', 'blog-x'].map((id) => `R100\t${oldEntryPath('blogs', id)}\t${entryPath('blogs', id)}`).sort(),
    )
    expect(followed(dir, entryPath('blogs', 'a1'))).toEqual([git(dir, 'rev-parse', 'HEAD'), before, first])
    expect(followed(dir, entryPath('blogs', 'blog-x'))).toContain(first)
    expect(git(dir, 'status', '--porcelain')).toBe('')
    // On disk: the old folders hold no post file.
    for (const folder of ['a', 'b']) expect(await readdir(join(dir, 'blogs', folder))).toEqual([])

    // The post's history goes on across the move, its version before it included.
    await retitle(store, 'a1', 'Üçüncü')
    await store.settled()
    const ref = { name: 'blogs', id: 'a1' } as const
    const versions = await store.history!.list(ref)
    const seen = await Promise.all(versions.map(async (v) => ((await store.history!.itemAt(ref, v.commit)) as BlogPost).title))
    expect(seen).toEqual(['Üçüncü', 'İkinci', 'Başlık a1'])
  })

  it('a second start moves nothing and commits nothing; social projects move in their own commit', async () => {
    const dir = await oldLayout([post('a1')])
    const project = readCollection<{ id: string }[]>(join(import.meta.dirname, '..', '..', 'content'), 'social-projects')[0]!
    await put(dir, oldEntryPath('social-projects', project.id), entryText(project))
    await put(dir, orderPath('social-projects'), orderText([project.id]))
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'proje')
    await close(await open(dir))
    const head = git(dir, 'rev-parse', 'HEAD')
    expect(git(dir, 'log', '-2', '--format=%s').split('\n').sort()).toEqual([BUCKET_MESSAGES.blogs, BUCKET_MESSAGES['social-projects']].sort())
    expect(git(dir, 'show', '--no-renames', '--name-only', '--format=', 'HEAD~1', 'HEAD').split('\n').filter(Boolean).sort()).toEqual(
      [oldEntryPath('blogs', 'a1'), entryPath('blogs', 'a1'), oldEntryPath('social-projects', project.id), entryPath('social-projects', project.id)].sort(),
    )
    const again = await open(dir)
    await again.settled()
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head)
    expect(ids(again)).toEqual(['a1'])
    expect(again.read('social-projects').map((p) => p.id)).toEqual([project.id])
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('a move cut short after the new files were written: the next start removes the old ones; the new file wins', async () => {
    const dir = await oldLayout([post('a1'), post('b2')])
    // What a crash between the writes and the removals leaves (a1's new file newer than its old one).
    await put(dir, entryPath('blogs', 'a1'), entryText(post('a1', { title: 'Yeni' })))
    await put(dir, entryPath('blogs', 'b2'), entryText(post('b2')))
    const store = await open(dir)
    await store.settled()
    expect(titles(store)).toEqual(['Yeni', 'Başlık b2'])
    expect(await exists(dir, oldEntryPath('blogs', 'a1'))).toBe(false)
    expect(await exists(dir, oldEntryPath('blogs', 'b2'))).toBe(false)
    expect(tree(dir)).toEqual(['blogs/_sira.json', entryPath('blogs', 'a1'), entryPath('blogs', 'b2')].sort())
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(followed(dir, entryPath('blogs', 'b2'))).toContain(git(dir, 'rev-list', '--max-parents=0', 'HEAD'))
    await close(store)
    const head = git(dir, 'rev-parse', 'HEAD')
    expect(titles(await open(dir))).toEqual(['Yeni', 'Başlık b2'])
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head)
  })

  it('a move cut short after the old files were removed, before its commit: the next start commits it, nothing lost', async () => {
    const dir = await oldLayout([post('a1'), post('b2')])
    const first = git(dir, 'rev-parse', 'HEAD')
    for (const id of ['a1', 'b2']) {
      await put(dir, entryPath('blogs', id), await readFile(join(dir, oldEntryPath('blogs', id)), 'utf8'))
      await rm(join(dir, oldEntryPath('blogs', id)))
    }
    const store = await open(dir)
    await store.settled()
    expect(ids(store)).toEqual(['a1', 'b2'])
    expect(tree(dir)).toEqual(['blogs/_sira.json', entryPath('blogs', 'a1'), entryPath('blogs', 'b2')].sort())
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(followed(dir, entryPath('blogs', 'a1'))).toContain(first)
  })

  it('a refused post file in an old folder stays there, reported; a shadowed one goes however broken', async () => {
    const dir = await oldLayout([post('a1'), post('b2')])
    await writeFile(join(dir, oldEntryPath('blogs', 'b2')), '{ "id": "b2", ')
    await put(dir, entryPath('blogs', 'a1'), entryText(post('a1')))
    await writeFile(join(dir, oldEntryPath('blogs', 'a1')), '{ bozuk')
    const store = await open(dir)
    await store.settled()
    expect(await exists(dir, oldEntryPath('blogs', 'b2'))).toBe(true)
    expect(await exists(dir, entryPath('blogs', 'b2'))).toBe(false)
    expect(await exists(dir, oldEntryPath('blogs', 'a1'))).toBe(false)
    expect(store.status().errors.map((e) => e.file)).toEqual([oldEntryPath('blogs', 'b2')])
    // b2 starts from its last valid version in history (its old file's).
    expect(ids(store)).toEqual(['a1', 'b2'])
  })
})

describe('post files in an old folder arriving after the start (decision 336)', () => {
  /** A store in the moved layout with posts a1 and b2, committed. */
  async function started() {
    const dir = await temp('buckets-late-')
    const store = await open(dir)
    await store.update('blogs', (list) => void list.push(post('a1'), post('b2')))
    await store.settled()
    return { dir, store }
  }

  it('an outside file in an old folder is read as its post; the post’s next save moves it in the same commit', async () => {
    const { dir, store } = await started()
    await put(dir, oldEntryPath('blogs', 'n1'), entryText(post('n1', { title: 'Elle' })))
    await store.checkDisk()
    expect(titles(store)).toEqual(['Başlık a1', 'Başlık b2', 'Elle'])
    await retitle(store, 'n1', 'Yönetim')
    await store.settled()
    expect(await exists(dir, oldEntryPath('blogs', 'n1'))).toBe(false)
    expect(JSON.parse(await readFile(join(dir, entryPath('blogs', 'n1')), 'utf8')).title).toBe('Yönetim')
    // The outside file kept in history first, then the save: its new file and the old one's removal in one commit.
    expect(nameStatus(dir, 'HEAD~1')).toEqual([`A\t${oldEntryPath('blogs', 'n1')}`])
    expect(nameStatus(dir)).toEqual([`A\t${entryPath('blogs', 'n1')}`, `D\t${oldEntryPath('blogs', 'n1')}`])
    expect(followed(dir, entryPath('blogs', 'n1')).slice(0, 2)).toEqual([git(dir, 'rev-parse', 'HEAD'), git(dir, 'rev-parse', 'HEAD~1')])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    // A removal of such a post removes both files.
    await put(dir, oldEntryPath('blogs', 'n2'), entryText(post('n2')))
    await store.checkDisk()
    await store.update('blogs', (list) => void list.splice(list.findIndex((p) => p.id === 'n2'), 1))
    await store.settled()
    expect(await exists(dir, oldEntryPath('blogs', 'n2'))).toBe(false)
    expect(ids(store)).toEqual(['a1', 'b2', 'n1'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('beside the post’s own file an old folder’s file is ignored, and its removal removes nothing; alone it is the post', async () => {
    const { dir, store } = await started()
    await put(dir, oldEntryPath('blogs', 'a1'), entryText(post('a1', { title: 'Eski kopya' })))
    await store.checkDisk()
    expect(titles(store)).toEqual(['Başlık a1', 'Başlık b2'])
    await rm(join(dir, oldEntryPath('blogs', 'a1')))
    await store.checkDisk()
    expect(titles(store)).toEqual(['Başlık a1', 'Başlık b2'])
    // The post's own file removed while an old folder's file is there: that one is the post now.
    await put(dir, oldEntryPath('blogs', 'b2'), entryText(post('b2', { title: 'Eski kopya' })))
    await store.checkDisk()
    await rm(join(dir, entryPath('blogs', 'b2')))
    await store.checkDisk()
    expect(titles(store)).toEqual(['Başlık a1', 'Eski kopya'])
    await retitle(store, 'b2', 'Yönetim')
    expect(await exists(dir, oldEntryPath('blogs', 'b2'))).toBe(false)
    expect(JSON.parse(await readFile(join(dir, entryPath('blogs', 'b2')), 'utf8')).title).toBe('Yönetim')
  })

  it('a save of a post with a file beside it in its old folder removes that file too', async () => {
    const { dir, store } = await started()
    await put(dir, oldEntryPath('blogs', 'a1'), entryText(post('a1', { title: 'Eski kopya' })))
    await store.checkDisk()
    await retitle(store, 'a1', 'Yönetim')
    await store.settled()
    expect(await exists(dir, oldEntryPath('blogs', 'a1'))).toBe(false)
    expect(titles(store)).toEqual(['Yönetim', 'Başlık b2'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(tree(dir)).not.toContain(oldEntryPath('blogs', 'a1'))
  })

  it('a maintainer’s push from an old clone (files in old folders) is merged by post and stored in the hash folders', async () => {
    const root = await temp('buckets-sync-')
    const dir = join(root, 'sunucu')
    const bare = join(root, 'icerik.git')
    git(root, 'init', '-q', '--bare', bare)
    await mkdir(dir)
    const store = await open(dir, { git: { commits: 'always', remote: bare, syncSeconds: 0 }, folders: true })
    await store.update('blogs', (list) => void list.push(post('a1'), post('b2')))
    await store.settled()
    const branch = git(dir, 'symbolic-ref', '--short', 'HEAD')
    git(dir, 'push', '-q', bare, `HEAD:refs/heads/${branch}`)
    git(bare, 'symbolic-ref', 'HEAD', `refs/heads/${branch}`)
    const maintainer = join(root, 'bakimci')
    git(root, 'clone', '-q', bare, maintainer)
    // As an old clone writes them: a new post in its first-character folder, and a1 edited back in its old place.
    await put(maintainer, oldEntryPath('blogs', 'b9'), entryText(post('b9', { title: 'Bakımcının' })))
    await mkdir(join(maintainer, 'blogs', 'a'))
    git(maintainer, 'mv', entryPath('blogs', 'a1'), oldEntryPath('blogs', 'a1'))
    await writeFile(join(maintainer, oldEntryPath('blogs', 'a1')), entryText(post('a1', { title: 'Bakımcının a1' })))
    git(maintainer, 'add', '-A')
    git(maintainer, 'commit', '-qm', 'eski kopyadan')
    git(maintainer, 'push', '-q')
    await store.sync!.trigger()
    await store.settled()
    expect(store.sync!.status().error).toBeNull()
    expect(titles(store)).toEqual(['Bakımcının a1', 'Başlık b2', 'Bakımcının'])
    expect(tree(dir)).toEqual(['blogs/_sira.json', entryPath('blogs', 'a1'), entryPath('blogs', 'b2'), entryPath('blogs', 'b9')].sort())
    expect(await exists(dir, oldEntryPath('blogs', 'b9'))).toBe(false)
    expect(git(dir, 'status', '--porcelain')).toBe('')
    // The next start has nothing to move.
    await close(store)
    const head = git(dir, 'rev-parse', 'HEAD')
    expect(titles(await open(dir))).toEqual(['Bakımcının a1', 'Başlık b2', 'Bakımcının'])
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head)
  })
})
