import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { registry } from '../../lib/metrics.ts'
import { openContentStore, type ContentStore } from '../content-store.ts'
import { memoryJournal } from './commit-journal.ts'
import { createCommitQueue } from './commit-queue.ts'
import { openContentRepo } from './content-repo.ts'
import { conflictId, createRemoteSync, type MergeFile } from './remote-sync.ts'

/**
 * The sync with the content remote on its own (issue 28, mutation group `remote-sync`): a real bare repository as
 * the remote, a maintainer's clone, and the server's content folder opened by the real content store (its gate
 * and its merge: `mergeRemote`), no app, no routes. The sync is triggered by the test, never by a timer. Where a
 * test must hold a step (a sync that runs while another is asked for), the sync is built from its parts (the
 * real repository and commit queue) with a merge the test holds; fixtures are made with the system's git.
 */

const cleanups: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})
async function temp() {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'remote-sync-')))
  cleanups.push(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }))
  return dir
}
const MAINTAINER = { name: 'Bakımcı', email: 'bakimci@ornek.com' }
const gitEnv = {
  ...process.env,
  GIT_AUTHOR_NAME: MAINTAINER.name,
  GIT_AUTHOR_EMAIL: MAINTAINER.email,
  GIT_COMMITTER_NAME: MAINTAINER.name,
  GIT_COMMITTER_EMAIL: MAINTAINER.email,
}
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', env: gitEnv }).trim()

type Post = { id: string; title: string; excerpt: string; author: string; tags: string[]; createdAt: string; [k: string]: unknown }
const post = (id: string, title: string): Post => ({
  id,
  title,
  excerpt: `${title} özeti`,
  author: 'Ayşe',
  tags: [],
  status: 'published',
  featuredImage: '',
  images: [],
  contentStructure: [],
  createdAt: '2026-01-01T00:00:00.000Z',
})

/** The server's content folder with three posts, its store syncing with a bare remote, and a maintainer's clone. */
async function setUp(options: { remote?: string } = {}) {
  const root = await temp()
  const server = join(root, 'sunucu')
  const bare = join(root, 'uzak.git')
  const maintainer = join(root, 'bakimci')
  await mkdir(server)
  await writeFile(join(server, 'blogs.json'), JSON.stringify([post('a', 'A'), post('b', 'B'), post('c', 'C')], null, 2))
  git(root, 'init', '-q', '--bare', bare)
  const store = await openContentStore(server, () => {}, { git: { remote: options.remote ?? bare, syncSeconds: 0 } })
  cleanups.push(async () => {
    store.close()
    await store.sync?.idle()
    await store.settled().catch(() => {})
  })
  await store.settled()
  const branch = git(server, 'symbolic-ref', '--short', 'HEAD')
  git(server, 'push', '-q', bare, `HEAD:refs/heads/${branch}`)
  git(bare, 'symbolic-ref', 'HEAD', `refs/heads/${branch}`)
  git(root, 'clone', '-q', bare, maintainer)
  return world(root, server, bare, maintainer, branch, store)
}

function world(root: string, server: string, bare: string, maintainer: string, branch: string, store: ContentStore) {
  const sync = store.sync!
  const posts = () => store.read('blogs') as unknown as Post[]
  const title = (id: string) => posts().find((p) => p.id === id)!.title
  /** A staff save through the store: one post's fields (its commit is queued: a sync's turn comes after it). */
  const save = (id: string, fields: Partial<Post>) =>
    store.update('blogs', (list) => void Object.assign((list as unknown as Post[]).find((p) => p.id === id)!, fields))
  /** The maintainer pulls (not before a `--force`), changes files in their clone, commits and pushes. */
  const push = async (message: string, change: (dir: string) => Promise<unknown> | unknown, ...pushArgs: string[]) => {
    if (!pushArgs.includes('--force')) git(maintainer, 'pull', '-q', '--ff-only')
    await change(maintainer)
    git(maintainer, 'add', '-A')
    git(maintainer, 'commit', '-q', '--allow-empty', '-m', message)
    git(maintainer, 'push', '-q', ...pushArgs)
    return git(maintainer, 'rev-parse', 'HEAD')
  }
  const editPosts = async (dir: string, fn: (list: Post[]) => void) => {
    const file = join(dir, 'blogs.json')
    const list = JSON.parse(await readFile(file, 'utf8')) as Post[]
    fn(list)
    await writeFile(file, JSON.stringify(list, null, 2))
  }
  /** The maintainer sets posts' fields: { id: { field: value } }. */
  const pushFields = (message: string, changes: Record<string, Partial<Post>>) =>
    push(message, (dir) => editPosts(dir, (list) => Object.entries(changes).forEach(([id, f]) => Object.assign(list.find((p) => p.id === id)!, f))))
  /** A sync as the webhook starts one; then the commits and the push it queued. */
  const run = async () => {
    await sync.trigger()
    await store.settled()
  }
  const head = () => git(server, 'rev-parse', 'HEAD')
  const remoteHead = () => git(bare, 'rev-parse', `refs/heads/${branch}`)
  const clean = () => expect(git(server, 'status', '--porcelain')).toBe('')
  const parents = (rev = 'HEAD') => git(server, 'rev-list', '--parents', '-n', '1', rev).split(' ').slice(1)
  const subject = (rev = 'HEAD') => git(server, 'log', '-1', '--format=%s', rev)
  const onDisk = async () => JSON.parse(await readFile(join(server, 'blogs.json'), 'utf8')) as Post[]
  return { root, server, bare, maintainer, branch, store, sync, posts, title, save, push, editPosts, pushFields, run, head, remoteHead, clean, parents, subject, onDisk }
}

/** Makes the bare remote refuse the server's pushes (its committer) while the returned flag file exists. */
async function refuseServerPushes(bare: string) {
  const flag = join(bare, 'sunucuyu-reddet')
  await writeFile(flag, '')
  const hook = join(bare, 'hooks', 'pre-receive')
  await writeFile(
    hook,
    `#!/bin/sh\nwhile read old new ref; do\n  if [ -e '${flag}' ] && [ "$(git log -1 --format=%ce $new)" = sunucu@localhost ]; then exit 1; fi\ndone\nexit 0\n`,
    { mode: 0o755 },
  )
  return flag
}

const metric = async (line: string) =>
  (await registry.metrics())
    .split('\n')
    .find((l) => l.startsWith(line))
    ?.slice(line.length)
    .trim()

describe('fetch and integrate', { timeout: 120_000 }, () => {
  it('nothing to do: the status names the fetch, nothing ahead or behind, no commit', async () => {
    const s = await setUp()
    const before = s.head()
    expect(s.sync.status()).toEqual({ lastFetchAt: null, ahead: 0, behind: 0, error: null, errorKind: null, refused: [], ignored: [], notice: null })
    const started = Date.now()
    await s.run()
    const status = s.sync.status()
    expect(status).toEqual({ lastFetchAt: expect.any(String), ahead: 0, behind: 0, error: null, errorKind: null, refused: [], ignored: [], notice: null })
    expect(Date.parse(status.lastFetchAt!)).toBeGreaterThanOrEqual(started - 1000)
    expect(s.head()).toBe(before)
    expect(s.sync.busy()).toBe(false)
    // The remote's branch is fetched into a ref of its own, never into a branch of the repository.
    expect(git(s.server, 'rev-parse', 'refs/site-sync/remote')).toBe(before)
    expect(git(s.server, 'for-each-ref', '--format=%(refname)', 'refs/heads')).toBe(`refs/heads/${s.branch}`)
  })

  it('only the remote moved: a fast-forward to the maintainer’s commit, its own bytes, no merge commit', async () => {
    const s = await setUp()
    const pushed = await s.pushFields('Başlık düzeltildi', { a: { title: 'Bakımcının A' } })
    await s.run()
    expect(s.head()).toBe(pushed)
    expect(s.title('a')).toBe('Bakımcının A')
    expect(await readFile(join(s.server, 'blogs.json'), 'utf8')).toBe(git(s.maintainer, 'show', 'HEAD:blogs.json') + '\n'.repeat(0))
    expect(s.sync.status()).toMatchObject({ ahead: 0, behind: 0, error: null, refused: [] })
    s.clean()
  })

  it('both moved, other posts: the refused push starts the sync; one merge commit, second parent the remote’s', async () => {
    const s = await setUp()
    const ours = s.head()
    const theirs = await s.pushFields('A', { a: { title: 'Bakımcının A' } })
    // The save's push is refused (the remote moved): the queue tells the sync, which fetches and merges at once.
    await s.save('b', { title: 'Yönetimin B' })
    await s.store.settled()
    await s.sync.idle()
    await s.store.settled()
    const merge = s.head()
    const [first, second] = s.parents(merge)
    expect(second).toBe(theirs)
    expect(s.parents(first)).toEqual([ours])
    expect(s.subject(merge)).toBe('Uzak depodaki değişiklikler birleştirildi')
    expect(s.title('a')).toBe('Bakımcının A')
    expect(s.title('b')).toBe('Yönetimin B')
    expect(s.remoteHead()).toBe(merge)
    expect(s.sync.status()).toMatchObject({ ahead: 0, behind: 0, error: null, lastFetchAt: expect.any(String) })
    expect(s.sync.conflicts()).toEqual([])
    s.clean()
  })

  it('ahead and behind: counted at each fetch; a good push sets ahead to 0', async () => {
    const s = await setUp()
    const flag = await refuseServerPushes(s.bare)
    await s.save('b', { title: 'Yönetimin B' })
    await s.sync.trigger()
    expect(s.sync.status()).toMatchObject({ ahead: 1, behind: 0, error: null })
    const theirs = await s.pushFields('A', { a: { title: 'Bakımcının A' } })
    await s.sync.trigger()
    // The save and the merge commit: two commits the remote lacks; nothing of the remote left to take.
    expect(s.parents()[1]).toBe(theirs)
    expect(s.sync.status()).toMatchObject({ ahead: 2, behind: 0, error: null })
    expect(await metric('site_git_sync_ahead')).toBe('2')
    await rm(flag)
    await s.store.settled()
    expect(s.remoteHead()).toBe(s.head())
    expect(s.sync.status()).toMatchObject({ ahead: 0, behind: 0 })
  })
})

describe('conflicts', { timeout: 180_000 }, () => {
  it('several fields both changed: the live values kept and listed by id; find, resolve (take or keep) one by one; the list outlives a restart', async () => {
    const s = await setUp()
    const theirs = await s.pushFields('Git’te üç alan', { a: { title: 'Git A' }, b: { title: 'Git B', excerpt: 'Git özeti B' } })
    await s.save('a', { title: 'Yönetim A' })
    await s.save('b', { title: 'Yönetim B', excerpt: 'Yönetim özeti B' })
    await s.run()
    await s.sync.idle()
    await s.store.settled()
    expect(s.title('a')).toBe('Yönetim A')
    expect(s.posts().find((p) => p.id === 'b')).toMatchObject({ title: 'Yönetim B', excerpt: 'Yönetim özeti B' })
    // One merge commit says how many conflicts kept the live value; the maintainer's commit stays an ancestor.
    expect(s.subject()).toBe('Uzak depodaki değişiklikler birleştirildi (3 çakışmada yayındaki değer korundu)')
    expect(s.parents()[1]).toBe(theirs)
    const listed = s.sync.conflicts()
    const expected = [
      { file: 'blogs.json', itemId: 'a', path: [{ id: 'a' }, 'title'], live: 'Yönetim A', other: 'Git A' },
      { file: 'blogs.json', itemId: 'b', path: [{ id: 'b' }, 'title'], live: 'Yönetim B', other: 'Git B' },
      { file: 'blogs.json', itemId: 'b', path: [{ id: 'b' }, 'excerpt'], live: 'Yönetim özeti B', other: 'Git özeti B' },
    ].map((c) => ({ ...c, id: conflictId(c) }))
    expect([...listed].sort((x, y) => x.id.localeCompare(y.id))).toEqual([...expected].sort((x, y) => x.id.localeCompare(y.id)))
    expect(new Set(listed.map((c) => c.id)).size).toBe(3)
    expect(await metric('site_git_sync_conflicts')).toBe('3')
    // A copy: changing what was read changes nothing listed.
    listed[0]!.other = 'değiştirildi'
    expect(s.sync.conflicts()[0]!.other).not.toBe('değiştirildi')
    const [titleA, titleB, excerptB] = expected
    const found = s.sync.find(titleB!.id)!
    expect(found).toEqual(titleB)
    found.other = 'değiştirildi'
    expect(s.sync.find(titleB!.id)).toEqual(titleB)
    expect(s.sync.find('yok')).toBeUndefined()
    // Keep one, take another (the route does the taking; the sync forgets the conflict either way), in any order.
    expect(await s.sync.resolve(titleB!.id)).toEqual(titleB)
    expect(await s.sync.resolve(titleB!.id)).toBeUndefined()
    expect(s.sync.conflicts().map((c) => c.id).sort()).toEqual([titleA!.id, excerptB!.id].sort())
    expect(await s.sync.resolve(titleA!.id)).toEqual(titleA)
    expect(s.sync.conflicts()).toEqual([excerptB])
    expect(await metric('site_git_sync_conflicts')).toBe('1')
    await s.sync.settled()
    const listFile = join(s.server, '.git', 'netiz-sync-conflicts.json')
    expect(JSON.parse(await readFile(listFile, 'utf8'))).toEqual([excerptB])
    // A list saved before conflicts had ids: read at start, each with its id.
    const { id: _, ...noId } = excerptB!
    await writeFile(listFile, JSON.stringify([noId, { ...titleA, id: undefined }]))
    s.store.close()
    await s.store.settled()
    const again = await openContentStore(s.server, () => {}, { git: { remote: s.bare, syncSeconds: 0 } })
    cleanups.push(async () => {
      again.close()
      await again.settled()
    })
    await again.sync!.settled()
    expect(again.sync!.conflicts()).toEqual([excerptB, titleA])
  })

  it('a later value of a listed field replaces its conflict, newest first; a sync without conflicts leaves the list', async () => {
    const s = await setUp()
    await s.pushFields('Git A', { a: { title: 'Git A' } })
    await s.save('a', { title: 'Yönetim A' })
    await s.run()
    await s.sync.idle()
    await s.store.settled()
    const first = s.sync.conflicts()
    expect(first.map((c) => c.other)).toEqual(['Git A'])
    await s.pushFields('Git B', { b: { title: 'Git B' } })
    await s.save('b', { title: 'Yönetim B' })
    await s.run()
    await s.sync.idle()
    await s.store.settled()
    expect(s.sync.conflicts().map((c) => c.other)).toEqual(['Git B', 'Git A'])
    // The same field both changed again (the maintainer pulled the last merge): a new other value.
    await s.pushFields('Git A2', { a: { title: 'Git A2' } })
    await s.save('a', { title: 'Yönetim A2' })
    await s.run()
    await s.sync.idle()
    await s.store.settled()
    const now = s.sync.conflicts()
    expect(now.map((c) => c.other)).toEqual(['Git A2', 'Git B'])
    expect(now[0]!.id).not.toBe(first[0]!.id)
    expect(now[0]!.id).toBe(conflictId(now[0]!))
    // Nothing both changed: no conflict added, none removed.
    await s.pushFields('Git C', { c: { title: 'Git C' } })
    await s.run()
    expect(s.sync.conflicts()).toEqual(now)
    expect(s.title('c')).toBe('Git C')
  })

  it('conflictId: stable for one field and one other value, another for another value or field', () => {
    const c = { file: 'blogs.json', itemId: 'a', path: [{ id: 'a' }, 'title'], live: 'x', other: 'y' }
    expect(conflictId(c)).toBe(conflictId({ ...c, live: 'z' }))
    expect(conflictId(c)).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(conflictId(c)).not.toBe(conflictId({ ...c, other: 'w' }))
    expect(conflictId(c)).not.toBe(conflictId({ ...c, path: [{ id: 'a' }, 'excerpt'] }))
    expect(conflictId(c)).not.toBe(conflictId({ ...c, file: 'pages.json' }))
    expect(conflictId({ ...c, other: undefined })).toBe(conflictId({ ...c, other: null }))
  })
})

describe('what the sync refuses', { timeout: 180_000 }, () => {
  it('a file the schemas refuse: named with its field, the live file and HEAD kept; the next good sync clears it', async () => {
    const s = await setUp()
    const before = await readFile(join(s.server, 'blogs.json'), 'utf8')
    const head = s.head()
    const failures = Number((await metric('site_git_sync_failures_total{kind="refused-file"}')) ?? 0)
    await s.pushFields('Kötü başlık', { a: { title: 5 as never } })
    await s.run()
    const status = s.sync.status()
    const message = status.refused[0]?.message
    expect(message).toMatch(/^blogs\.json uzak depoda geçersiz \(alan "[^"]+"\): \S/)
    expect(status).toEqual({
      lastFetchAt: expect.any(String),
      ahead: 0,
      behind: 1,
      error: `Uzak depoyla eşitlenemedi: ${message}`,
      errorKind: 'refused-file',
      refused: [{ file: 'blogs.json', message }],
      ignored: [],
      notice: null,
    })
    expect(Number(await metric('site_git_sync_failures_total{kind="refused-file"}'))).toBe(failures + 1)
    expect(s.head()).toBe(head)
    expect(await readFile(join(s.server, 'blogs.json'), 'utf8')).toBe(before)
    // Not JSON at all: no field to name.
    await s.push('bozuk', (dir) => writeFile(join(dir, 'blogs.json'), '[{"id": "a",'))
    await s.run()
    expect(s.sync.status().refused).toEqual([{ file: 'blogs.json', message: expect.stringMatching(/^blogs\.json uzak depoda geçersiz: \S/) }])
    expect(s.sync.status().behind).toBe(2)
    // The maintainer repairs it: taken, nothing refused, no error.
    await s.push('düzeltildi', (dir) => writeFile(join(dir, 'blogs.json'), JSON.stringify([post('a', 'Düzeltilmiş A'), post('b', 'B'), post('c', 'C')], null, 2)))
    await s.run()
    expect(s.sync.status()).toMatchObject({ error: null, errorKind: null, refused: [], behind: 0 })
    expect(s.title('a')).toBe('Düzeltilmiş A')
    s.clean()
  })

  it('a deleted collection is refused as deleted; a renamed one too, the new name listed as ignored', async () => {
    const s = await setUp()
    await s.push('blogs silindi', (dir) => rm(join(dir, 'blogs.json')))
    await s.run()
    const deleted = 'blogs.json uzak depoda silindi; yayındaki dosya korunuyor (dosyayı geri getirin ya da silmeyi geri alın)'
    expect(s.sync.status()).toMatchObject({ refused: [{ file: 'blogs.json', message: deleted }], error: `Uzak depoyla eşitlenemedi: ${deleted}`, errorKind: 'refused-file' })
    expect(s.posts()).toHaveLength(3)
    s.clean()
    git(s.maintainer, 'revert', '--no-edit', 'HEAD')
    git(s.maintainer, 'push', '-q')
    await s.run()
    expect(s.sync.status()).toMatchObject({ refused: [], error: null })
    expect(s.head()).toBe(s.remoteHead())
    await s.push('yeniden adlandırıldı', (dir) => git(dir, 'mv', 'blogs.json', 'bloglar.json'))
    await s.run()
    expect(s.sync.status()).toMatchObject({ refused: [{ file: 'blogs.json', message: deleted }], ignored: ['bloglar.json'] })
    s.clean()
  })

  it('a file of no collection is carried along and listed as ignored, in a fast-forward and in a merge', async () => {
    const s = await setUp()
    await s.push('kampanyalar eklendi', (dir) => writeFile(join(dir, 'kampanyalar.json'), '[]'))
    await s.run()
    expect(s.sync.status()).toMatchObject({ error: null, ignored: ['kampanyalar.json'] })
    expect(await readFile(join(s.server, 'kampanyalar.json'), 'utf8')).toBe('[]')
    s.clean()
    await s.push('kampanyalar değişti', (dir) => writeFile(join(dir, 'kampanyalar.json'), '[1]'))
    await s.save('a', { title: 'Yönetim A' })
    await s.run()
    await s.sync.idle()
    await s.store.settled()
    expect(s.sync.status()).toMatchObject({ error: null, ignored: ['kampanyalar.json'] })
    expect(s.parents()).toHaveLength(2)
    expect(git(s.server, 'show', 'HEAD:kampanyalar.json')).toBe('[1]')
    expect(await readFile(join(s.server, 'kampanyalar.json'), 'utf8')).toBe('[1]')
    s.clean()
  })
})

describe('a history rewritten on the remote', { timeout: 180_000 }, () => {
  it('a force-pushed rollback is honoured and reported; staff saves the remote dropped are kept; nothing pushed back', async () => {
    const s = await setUp()
    const bad = await s.pushFields('yanlış başlık', { a: { title: 'Yanlış başlık' } })
    await s.run()
    expect(s.title('a')).toBe('Yanlış başlık')
    // One staff save the server pushed and fetched back; one pushed after the last fetch.
    await s.save('b', { title: 'Yönetimin kaydı' })
    await s.store.settled()
    await s.run()
    expect(git(s.server, 'rev-parse', 'refs/site-sync/remote')).toBe(s.head())
    await s.save('c', { title: 'Yönetimin ikinci kaydı' })
    await s.store.settled()
    git(s.maintainer, 'reset', '-q', '--hard', 'HEAD~1')
    const theirs = await s.push('başka bir düzeltme', (dir) => writeFile(join(dir, 'kampanyalar.json'), '[]'), '--force')
    await s.run()
    expect(s.title('a')).toBe('A')
    expect(s.title('b')).toBe('Yönetimin kaydı')
    expect(s.title('c')).toBe('Yönetimin ikinci kaydı')
    // The branch moved onto the remote's: one commit on top, no merge, the maintainer's new file carried.
    expect(s.subject()).toBe('Uzak depodaki yeni geçmiş alındı; sunucudaki kayıtlar üzerine eklendi')
    expect(s.parents()).toEqual([theirs])
    expect(git(s.server, 'show', 'HEAD:kampanyalar.json')).toBe('[]')
    expect(s.sync.status()).toMatchObject({
      error: null,
      refused: [],
      behind: 0,
      ahead: 0,
      ignored: ['kampanyalar.json'],
      notice:
        'Uzak depoda geçmiş yeniden yazıldı: uzak depodan 2 kayıt kaldırılmış. Sunucu yeni geçmişi aldı ve kaldırılan ' +
        'kayıtları geri göndermedi; bakımcıların kaldırılan değişiklikleri sitede de geri alındı, yönetim panelinden ' +
        'yapılan 2 kayıt korunup yeni geçmişin üzerine eklendi.',
    })
    expect(() => git(s.bare, 'merge-base', '--is-ancestor', bad, s.remoteHead())).toThrow()
    expect(s.remoteHead()).toBe(s.head())
    s.clean()
    // A maintainer's commit dropped again, with no staff save among the dropped: the notice says only that.
    const bad2 = await s.pushFields('yine yanlış', { a: { title: 'Yine yanlış' } })
    await s.run()
    expect(s.head()).toBe(bad2)
    git(s.maintainer, 'reset', '-q', '--hard', 'HEAD~1')
    git(s.maintainer, 'push', '-q', '--force')
    await s.run()
    expect(s.title('a')).toBe('A')
    expect(s.sync.status().notice).toBe(
      'Uzak depoda geçmiş yeniden yazıldı: uzak depodan 1 kayıt kaldırılmış. Sunucu yeni geçmişi aldı ve kaldırılan ' +
        'kayıtları geri göndermedi; bakımcıların kaldırılan değişiklikleri sitede de geri alındı.',
    )
    s.clean()
  })

  it('a rewritten history that deletes a collection is refused as deleted', async () => {
    const s = await setUp()
    await s.pushFields('A', { a: { title: 'Git A' } })
    await s.run()
    git(s.maintainer, 'reset', '-q', '--hard', 'HEAD~1')
    await s.push('blogs silindi', (dir) => rm(join(dir, 'blogs.json')), '--force')
    await s.run()
    expect(s.sync.status()).toMatchObject({ refused: [{ file: 'blogs.json', message: expect.stringMatching(/uzak depoda silindi/) }], errorKind: 'refused-file', notice: null })
    expect(s.title('a')).toBe('Git A')
  })
})
