import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, readFile, realpath, rename, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { gitFailureAdvice } from '#schema/git-sync.ts'
import { createLogger, log, setLogger } from '../../lib/log.ts'
import { registry } from '../../lib/metrics.ts'
import { MAX_CONTENT_FILE_BYTES, REFUSED } from '../content-file.ts'
import { openContentStore, type ContentStore } from '../content-store.ts'
import { memoryJournal } from './commit-journal.ts'
import { createCommitQueue } from './commit-queue.ts'
import { openContentRepo } from './content-repo.ts'
import type { SyncConflict } from '../merge/file-merge.ts'
import { conflictId, createRemoteSync, type MergeFile } from './remote-sync.ts'
import { collectionFile, collectionFiles, collectionPath, fileOf, layoutOf, readCollection, withTestLayout, writeCollection } from '../../testing/content-files.ts'

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
  await writeCollection(server, 'blogs', [post('a', 'A'), post('b', 'B'), post('c', 'C')])
  git(root, 'init', '-q', '--bare', bare)
  const store = await openContentStore(server, () => {}, withTestLayout({ git: { remote: options.remote ?? bare, syncSeconds: 0 } }))
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
    const list = readCollection<Post[]>(dir, 'blogs')
    fn(list)
    await writeCollection(dir, 'blogs', list)
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
  const onDisk = async () => readCollection<Post[]>(server, 'blogs')
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

/** What the module logs during the test, each line as its JSON object. */
function captureLog(): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = []
  const original = log
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>)
      done()
    },
  })
  setLogger(createLogger(sink, 'debug'))
  cleanups.push(() => setLogger(original))
  return lines
}

/**
 * The sync built from its parts, for what the store cannot hold: the real repository and commit queue, and a merge
 * that takes the remote's file as it is (what the store does when nothing of its own differs) and that the test can
 * hold. `files`: blogs.json only.
 */
async function fromParts(options: { remote?: (bare: string) => string; intervalSeconds?: number; inside?: boolean; always?: boolean } = {}) {
  const root = await temp()
  const top = join(root, 'sunucu')
  // `inside`: the content folder is a folder of another repository (local mode: no commits, no sync).
  const server = options.inside ? join(top, 'icerik') : top
  const bare = join(root, 'uzak.git')
  const maintainer = join(root, 'bakimci')
  await mkdir(server, { recursive: true })
  await writeFile(join(server, 'blogs.json'), '[]')
  git(top, 'init', '-q')
  git(top, 'add', '-A')
  git(top, 'commit', '-qm', 'ilk')
  const branch = git(top, 'symbolic-ref', '--short', 'HEAD')
  git(root, 'init', '-q', '--bare', bare)
  git(top, 'push', '-q', bare, `HEAD:refs/heads/${branch}`)
  git(bare, 'symbolic-ref', 'HEAD', `refs/heads/${branch}`)
  git(root, 'clone', '-q', bare, maintainer)
  const repo = openContentRepo(server, { commits: options.always ? 'always' : 'auto' })
  const queue = createCommitQueue(repo, memoryJournal())
  const merged: string[] = []
  /** Conflicts every merge reports (the test fills it). */
  const conflicts: SyncConflict[] = []
  let held: Promise<void> = Promise.resolve()
  let release = () => {}
  /** Runs when a merge starts, before `beforeRead` (a save landing while the sync waits for the file's turn). */
  const hooks: { onMerge?: () => Promise<void> } = {}
  const mergeFile: MergeFile = async (name, _base, theirs, beforeRead) => {
    merged.push(`${name}:${theirs}`)
    await hooks.onMerge?.()
    await beforeRead()
    await held
    await writeFile(join(server, `${name}.json`), theirs ?? '')
    return { ok: true, text: theirs ?? '', conflicts: [...conflicts] }
  }
  const sync = createRemoteSync({
    repo,
    queue,
    remote: options.remote?.(bare) ?? bare,
    intervalSeconds: options.intervalSeconds ?? 0,
    mergeFile,
    files: ['blogs.json'],
  })
  cleanups.push(async () => {
    sync.stop()
    release()
    await sync.idle()
    await queue.idle()
  })
  /** Holds the next merges until `release()`. */
  const hold = () => {
    held = new Promise<void>((resolve) => (release = resolve))
  }
  const folder = options.inside ? join(maintainer, 'icerik') : maintainer
  /** The maintainer writes files of the content folder (and `extra` anywhere in the clone), commits and pushes. */
  const pushFiles = async (files: Record<string, string | Buffer>, extra: Record<string, string> = {}) => {
    git(maintainer, 'pull', '-q', '--ff-only')
    for (const [name, text] of Object.entries(files)) await writeFile(join(folder, name), text)
    for (const [name, text] of Object.entries(extra)) await writeFile(join(maintainer, name), text)
    git(maintainer, 'add', '-A')
    git(maintainer, 'commit', '-qm', `blogs ${String(files['blogs.json'] ?? '').slice(0, 20)}`)
    git(maintainer, 'push', '-q')
    return git(maintainer, 'rev-parse', 'HEAD')
  }
  const pushText = (text: string) => pushFiles({ 'blogs.json': text })
  /** The maintainer rewrites the remote's history: drops its last commit, commits `text` instead, force-pushes. */
  const rewriteRemote = async (text: string) => {
    git(maintainer, 'reset', '-q', '--hard', 'HEAD~1')
    await writeFile(join(folder, 'blogs.json'), text)
    git(maintainer, 'commit', '-qam', 'yeniden')
    git(maintainer, 'push', '-q', '--force')
  }
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  return { root, server, top, bare, sync, queue, merged, conflicts, hooks, hold, release: () => release(), pushFiles, pushText, rewriteRemote, wait, head: () => git(top, 'rev-parse', 'HEAD') }
}

/** Cheapest and broadest first: a mutant is stopped by the first test that fails. */
describe('when a sync runs', { timeout: 300_000 }, () => {
  it('an unreachable remote: the error in Turkish with its kind, logged once per failure with git’s words, no secret; retried after a back-off', async () => {
    const lines = captureLog()
    const p = await fromParts()
    const away = `${p.bare}.gitmis`
    await rename(p.bare, away)
    const failures = Number((await metric('site_git_sync_failures_total{kind="unreachable"}')) ?? 0)
    await p.sync.trigger()
    expect(p.sync.status()).toEqual({
      lastFetchAt: null,
      ahead: 0,
      behind: 0,
      error: `Uzak depoyla eşitlenemedi: ${gitFailureAdvice.unreachable}`,
      errorKind: 'unreachable',
      refused: [],
      ignored: [],
      notice: null,
    })
    // (The back-off's timer may have failed once more by now on a slow machine: at least one more.)
    expect(Number(await metric('site_git_sync_failures_total{kind="unreachable"}'))).toBeGreaterThanOrEqual(failures + 1)
    const errors = lines.filter((l) => l.kind === 'unreachable')
    expect(errors[0]).toMatchObject({ msg: p.sync.status().error, failures: 1, detail: expect.stringMatching(/^git fetch: /) })
    expect(errors[0]!.refusedFile).toBeUndefined()
    // Back, and no trigger: the back-off's timer syncs, and the error goes.
    await rename(away, p.bare)
    await vi.waitFor(() => expect(p.sync.status().error).toBeNull(), { timeout: 120_000, interval: 100 })
    expect(p.sync.status().errorKind).toBeNull()
    expect(p.sync.status().lastFetchAt).not.toBeNull()
    // A good sync starts the count again: the next failure is the first.
    await rename(p.bare, away)
    await p.sync.trigger()
    p.sync.stop()
    expect(lines.filter((l) => l.kind === 'unreachable').map((l) => l.failures).slice(0, 2)).toEqual([1, 1])
  })

  it('a remote URL’s password never reaches the log or the status', async () => {
    const lines = captureLog()
    const p = await fromParts({ remote: () => 'http://kullanici:gizli-parola@127.0.0.1:9/depo.git' })
    await p.sync.trigger()
    await p.sync.trigger()
    p.sync.stop()
    expect(p.sync.status().errorKind).toBe('unreachable')
    // (The back-off's timer may have added a third failure on a slow machine.)
    const logged = lines.filter((l) => l.kind === 'unreachable')
    expect(logged.map((l) => l.failures).slice(0, 2)).toEqual([1, 2])
    expect(JSON.stringify(logged)).not.toContain('gizli-parola')
    expect(JSON.stringify(p.sync.status())).not.toContain('gizli-parola')
  })

  it('local mode (a folder inside another repository): no fetch, no status change', async () => {
    const p = await fromParts({ inside: true })
    await p.pushText('[1]')
    await p.sync.trigger()
    expect(p.sync.status()).toMatchObject({ lastFetchAt: null, error: null, behind: 0 })
    expect(p.merged).toEqual([])
    expect(() => git(p.top, 'rev-parse', '-q', '--verify', 'refs/site-sync/remote')).toThrow()
  })

  it('interval 0: nothing is fetched until asked', async () => {
    const p = await fromParts()
    // Longer than the back-off's first step (1 s): only a failure starts a timer when the interval is 0.
    await p.wait(1500)
    expect(p.sync.busy()).toBe(false)
    expect(p.sync.status().lastFetchAt).toBeNull()
  })

  it('a server on a detached HEAD follows the remote’s default branch, without an error', async () => {
    const p = await fromParts()
    const theirs = await p.pushText('[1]')
    git(p.top, 'checkout', '-q', '--detach')
    await p.sync.trigger()
    expect(p.sync.status()).toMatchObject({ error: null, errorKind: null })
    expect(p.sync.status().lastFetchAt).not.toBeNull()
    expect(git(p.top, 'rev-parse', 'refs/site-sync/remote')).toBe(theirs)
    // Taken as from a branch: the remote alone moved, a fast-forward.
    expect(p.merged).toEqual(['blogs:[1]'])
    expect(p.head()).toBe(theirs)
  })

  it('asked for while one runs: the same promise, one more sync right after; stop() ends the repeats', async () => {
    const p = await fromParts()
    await p.pushText('[1]')
    p.hold()
    const first = p.sync.trigger()
    await vi.waitFor(() => expect(p.merged).toEqual(['blogs:[1]']), { timeout: 120_000 })
    expect(p.sync.busy()).toBe(true)
    const second = await p.pushText('[1,2]')
    expect(p.sync.trigger()).toBe(first)
    let idle = false
    const waiting = p.sync.idle().then(() => (idle = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(idle).toBe(false)
    p.release()
    await first
    await waiting
    expect(p.merged).toEqual(['blogs:[1]', 'blogs:[1,2]'])
    expect(p.head()).toBe(second)
    expect(p.sync.busy()).toBe(false)
    // Stopped while a repeat is asked for: the running sync ends, no repeat.
    const third = await p.pushText('[3]')
    p.hold()
    const running = p.sync.trigger()
    await vi.waitFor(() => expect(p.merged).toHaveLength(3), { timeout: 120_000 })
    await p.pushText('[4]')
    void p.sync.trigger()
    p.sync.stop()
    p.release()
    await running
    await p.sync.idle()
    expect(p.merged).toHaveLength(3)
    expect(p.head()).toBe(third)
  })

  it('a save written while the sync waits for its file is committed before the merge commit, under its author', async () => {
    const p = await fromParts()
    const theirs = await p.pushText('[1]')
    // As the store saves: the file written, its commit queued (behind the running sync).
    p.hooks.onMerge = async () => {
      await writeFile(join(p.server, 'blogs.json'), '[2]')
      await p.queue.enqueue({ file: { name: 'blogs.json', text: '[2]' }, author: { name: 'Ayşe', email: 'ayse@ornek.com' }, message: 'Yazı kaydedildi' })
    }
    await p.sync.trigger()
    await p.queue.idle()
    const [save, remote] = git(p.top, 'rev-list', '--parents', '-n', '1', 'HEAD').split(' ').slice(1)
    expect(remote).toBe(theirs)
    expect(git(p.top, 'log', '-1', '--format=%an|%s', save!)).toBe('Ayşe|Yazı kaydedildi')
    expect(git(p.top, 'log', '-1', '--format=%s', 'HEAD')).toBe('Uzak depodaki değişiklikler birleştirildi')
  })

  it('a save written while a rewritten history is taken is committed first and counted as kept', async () => {
    const p = await fromParts()
    await p.pushText('[1]')
    await p.sync.trigger()
    await p.rewriteRemote('[3]')
    p.hooks.onMerge = async () => {
      p.hooks.onMerge = undefined
      await writeFile(join(p.server, 'blogs.json'), '[2]')
      await p.queue.enqueue({ file: { name: 'blogs.json', text: '[2]' }, author: { name: 'Ayşe', email: 'ayse@ornek.com' }, message: 'Yazı kaydedildi' })
    }
    await p.sync.trigger()
    await p.queue.idle()
    // (This merge takes the remote's file as it is: the branch is now the remote's.) The save was counted.
    expect(p.sync.status().notice).toMatch(/uzak depodan 1 kayıt kaldırılmış.*yönetim panelinden yapılan 1 kayıt korunup/)
  })

  it('a rewritten history’s merge lists its conflicts as any merge does', async () => {
    const p = await fromParts()
    await p.pushText('[1]')
    await p.sync.trigger()
    await p.rewriteRemote('[3]')
    const conflict = { file: 'blogs.json', itemId: 'a', path: [{ id: 'a' }, 'title'], live: 'bizim', other: 'yeni geçmiş' }
    p.conflicts.push(conflict)
    await p.sync.trigger()
    expect(p.sync.status().notice).toMatch(/geçmiş yeniden yazıldı/)
    expect(p.sync.conflicts()).toEqual([{ ...conflict, id: conflictId(conflict) }])
  })

  it('a remote with a history of its own (no common commit): merged by item, the remote’s commit its second parent', async () => {
    const p = await fromParts()
    const maintainer = join(p.root, 'bakimci')
    git(maintainer, 'checkout', '-q', '--orphan', 'baska')
    await writeFile(join(maintainer, 'blogs.json'), '[5]')
    git(maintainer, 'add', '-A')
    git(maintainer, 'commit', '-qm', 'kendi geçmişi')
    const branch = git(p.top, 'symbolic-ref', '--short', 'HEAD')
    git(maintainer, 'push', '-q', '--force', 'origin', `baska:${branch}`)
    const theirs = git(maintainer, 'rev-parse', 'HEAD')
    const ours = p.head()
    await p.sync.trigger()
    expect(p.sync.status()).toMatchObject({ error: null, behind: 0 })
    // No base: the remote's file merged against nothing.
    expect(p.merged).toEqual(['blogs:[5]'])
    expect(git(p.top, 'rev-parse', 'HEAD^1', 'HEAD^2').split('\n')).toEqual([ours, theirs])
  })

  it('the conflict list cannot be written: logged, the conflict still listed; the next write goes through', async () => {
    const lines = captureLog()
    const p = await fromParts()
    const conflict = { file: 'blogs.json', itemId: 'a', path: [{ id: 'a' }, 'title'], live: 'x', other: 'y' }
    p.conflicts.push(conflict)
    const listFile = join(p.top, '.git', 'netiz-sync-conflicts.json')
    await mkdir(listFile)
    await p.pushText('[1]')
    await p.sync.trigger()
    await p.sync.settled()
    const listed = { ...conflict, id: conflictId(conflict) }
    expect(p.sync.conflicts()).toEqual([listed])
    expect(lines.filter((l) => String(l.msg).startsWith('Çakışma listesi kaydedilemedi: '))).toHaveLength(1)
    await rm(listFile, { recursive: true })
    expect(await p.sync.resolve(listed.id)).toEqual(listed)
    await p.sync.settled()
    expect(JSON.parse(await readFile(listFile, 'utf8'))).toEqual([])
  })

  it('the same path in two files is two conflicts', async () => {
    const p = await fromParts()
    const inBlogs = { file: 'blogs.json', path: ['baslik'], live: 'a', other: 'b' }
    const inAbout = { file: 'about.json', path: ['baslik'], live: 'c', other: 'd' }
    p.conflicts.push(inBlogs, inAbout)
    await p.pushText('[1]')
    await p.sync.trigger()
    expect(p.sync.conflicts().map((c) => c.file)).toEqual(['about.json', 'blogs.json'])
  })

  it('an interval: fetched on its own; stopped with the next timer set, no sync after', async () => {
    const timed = await fromParts({ intervalSeconds: 1 })
    const pushed = await timed.pushText('[1]')
    await vi.waitFor(() => expect(timed.head()).toBe(pushed), { timeout: 120_000, interval: 100 })
    expect(timed.sync.status().lastFetchAt).not.toBeNull()
    await timed.sync.idle()
    timed.sync.stop()
    await timed.pushText('[2]')
    // Absence of a sync can only be seen by waiting: twice the interval and more.
    await timed.wait(2500)
    expect(timed.sync.busy()).toBe(false)
    expect(timed.head()).toBe(pushed)
  })

  it('stopped while the timer’s sync runs: it ends, and sets no timer', async () => {
    const held = await fromParts({ intervalSeconds: 1 })
    held.hold()
    const one = await held.pushText('[1]')
    await vi.waitFor(() => expect(held.merged).toHaveLength(1), { timeout: 120_000, interval: 100 })
    await held.pushText('[2]')
    held.sync.stop()
    held.release()
    await held.sync.idle()
    await held.wait(2500)
    expect(held.sync.busy()).toBe(false)
    expect(held.head()).toBe(one)
  })

  it('a content folder inside the repository (commits on): paths under it; a file over the size limit refused unread', async () => {
    const p = await fromParts({ inside: true, always: true })
    const pushed = await p.pushFiles({ 'blogs.json': '[1]', 'kampanyalar.json': '[]' }, { 'BENIOKU.md': 'başka' })
    await p.sync.trigger()
    expect(p.sync.status()).toMatchObject({ error: null, ignored: ['kampanyalar.json'], behind: 0 })
    expect(p.merged).toEqual(['blogs:[1]'])
    expect(p.head()).toBe(pushed)
    expect(await readFile(join(p.server, 'kampanyalar.json'), 'utf8')).toBe('[]')
    const head = p.head()
    await p.pushFiles({ 'blogs.json': Buffer.alloc(MAX_CONTENT_FILE_BYTES + 1, 32) })
    await p.sync.trigger()
    expect(p.sync.status()).toMatchObject({
      errorKind: 'refused-file',
      refused: [{ file: 'blogs.json', message: REFUSED.tooLarge(MAX_CONTENT_FILE_BYTES) }],
    })
    expect(p.merged).toEqual(['blogs:[1]'])
    expect(p.head()).toBe(head)
  })
})

describe('fetch and integrate', { timeout: 300_000 }, () => {
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
    // The maintainer's clone is clean: its files are its HEAD's bytes.
    expect(await collectionFiles(s.server, 'blogs')).toEqual(await collectionFiles(s.maintainer, 'blogs'))
    expect(s.sync.status()).toMatchObject({ ahead: 0, behind: 0, error: null, refused: [] })
    s.clean()
  })

  it('both moved, other posts: the refused push starts the sync; one merge commit, second parent the remote’s', async () => {
    const s = await setUp()
    const ours = s.head()
    const theirs = await s.pushFields('A', { a: { title: 'Bakımcının A' } })
    // The save's push is refused (the remote moved): the queue tells the sync, which fetches and merges at once.
    // The server also wrote a collection file the remote never had: it is the server's, not a deletion.
    await s.store.update('about', (about) => void (about.title1 = 'Hakkımızda'))
    await s.save('b', { title: 'Yönetimin B' })
    await s.store.settled()
    await s.sync.idle()
    await s.store.settled()
    const merge = s.head()
    const [first, second] = s.parents(merge)
    expect(second).toBe(theirs)
    expect(s.parents(s.parents(first)[0])).toEqual([ours])
    expect(s.sync.status().refused).toEqual([])
    expect(JSON.parse(git(s.server, 'show', `${merge}:about.json`)).title1).toBe('Hakkımızda')
    expect(s.subject(merge)).toBe('Uzak depodaki değişiklikler birleştirildi')
    expect(s.title('a')).toBe('Bakımcının A')
    expect(s.title('b')).toBe('Yönetimin B')
    expect(s.remoteHead()).toBe(merge)
    expect(s.sync.status()).toMatchObject({ ahead: 0, behind: 0, error: null, lastFetchAt: expect.any(String) })
    expect(s.sync.conflicts()).toEqual([])
    s.clean()
    // Both made the same change: the merged file is the remote's, byte for byte, yet the staff save's commit stays in
    // the history (a merge, not a fast-forward that would drop it).
    const same = await s.pushFields('Aynı C', { c: { title: 'Aynı C' } })
    await s.save('c', { title: 'Aynı C' })
    await s.store.settled()
    await s.sync.idle()
    await s.store.settled()
    const [staff, remote] = s.parents()
    expect(remote).toBe(same)
    expect(s.parents(staff)).toEqual([merge])
    expect(s.remoteHead()).toBe(s.head())
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

describe('conflicts', { timeout: 300_000 }, () => {
  it('conflictId: stable for one field and one other value, another for another value or field', () => {
    const c = { file: 'blogs.json', itemId: 'a', path: [{ id: 'a' }, 'title'], live: 'x', other: 'y' }
    expect(conflictId(c)).toBe(conflictId({ ...c, live: 'z' }))
    // The first 16 characters of the sha256 of [file, path, other], base64url.
    expect(conflictId(c)).toBe('b8gyI2tKuQAlyePm')
    expect(conflictId(c)).not.toBe(conflictId({ ...c, other: 'w' }))
    expect(conflictId(c)).not.toBe(conflictId({ ...c, path: [{ id: 'a' }, 'excerpt'] }))
    expect(conflictId(c)).not.toBe(conflictId({ ...c, file: 'pages.json' }))
    expect(conflictId({ ...c, other: undefined })).toBe(conflictId({ ...c, other: null }))
  })

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
    await s.sync.settled()
    expect(JSON.parse(await readFile(join(s.server, '.git', 'netiz-sync-conflicts.json'), 'utf8'))).toEqual(s.sync.conflicts())
    expect(await metric('site_git_sync_conflicts')).toBe('3')
    // A copy: changing what was read changes nothing listed.
    listed[0]!.other = 'değiştirildi'
    expect(s.sync.conflicts()[0]!.other).not.toBe('değiştirildi')
    const [first, second, third] = s.sync.conflicts()
    const found = s.sync.find(second!.id)!
    expect(found).toEqual(second)
    found.other = 'değiştirildi'
    expect(s.sync.find(second!.id)).toEqual(second)
    expect(s.sync.find('yok')).toBeUndefined()
    // Keep one, take another (the route does the taking; the sync forgets the conflict either way), in any order.
    expect(await s.sync.resolve(first!.id)).toEqual(first)
    expect(await s.sync.resolve(first!.id)).toBeUndefined()
    expect(s.sync.conflicts()).toEqual([second, third])
    expect(await s.sync.resolve(third!.id)).toEqual(third)
    expect(s.sync.conflicts()).toEqual([second])
    expect(await metric('site_git_sync_conflicts')).toBe('1')
    await s.sync.settled()
    const listFile = join(s.server, '.git', 'netiz-sync-conflicts.json')
    expect(JSON.parse(await readFile(listFile, 'utf8'))).toEqual([second])
    // A list saved before conflicts had ids: read at start, each with its id.
    const { id: _, ...noId } = second!
    await writeFile(listFile, JSON.stringify([noId, { ...third, id: undefined }]))
    s.store.close()
    await s.store.settled()
    const again = await openContentStore(s.server, () => {}, withTestLayout({ git: { remote: s.bare, syncSeconds: 0 } }))
    cleanups.push(async () => {
      again.close()
      await again.settled()
    })
    await again.sync!.settled()
    expect(again.sync!.conflicts()).toEqual([second, third])
  })

  it('later values of listed fields replace their conflicts, newest first; a sync without conflicts leaves the list', async () => {
    const s = await setUp()
    /** The maintainer changes both titles; staff change the titles of `staff`. */
    const both = async (n: number, staff: string[]) => {
      await s.pushFields(`Git ${n}`, { a: { title: `Git A${n}` }, b: { title: `Git B${n}` } })
      for (const id of staff) await s.save(id, { title: `Yönetim ${id.toUpperCase()}${n}` })
      await s.run()
      await s.sync.idle()
      await s.store.settled()
    }
    await both(1, ['a', 'b'])
    const first = s.sync.conflicts()
    expect(first.map((c) => c.other)).toEqual(['Git B1', 'Git A1'])
    // b's conflict, first in the list, gets a later value; a's stays as it was (its title taken from git now).
    await both(2, ['b'])
    expect(s.title('a')).toBe('Git A2')
    const now = s.sync.conflicts()
    expect(now.map((c) => c.other)).toEqual(['Git B2', 'Git A1'])
    expect(now[0]!.id).not.toBe(first[0]!.id)
    expect(now[0]!.id).toBe(conflictId(now[0]!))
    // Nothing both changed: no conflict added, none removed.
    await s.pushFields('Git C', { c: { title: 'Git C' } })
    await s.run()
    expect(s.sync.conflicts()).toEqual(now)
    expect(s.title('c')).toBe('Git C')
  })

})

describe('what the sync refuses', { timeout: 300_000 }, () => {
  it('a file the schemas refuse: named with its field, the live file and HEAD kept; cleared when the remote goes back or is repaired', async () => {
    const s = await setUp()
    const lines = captureLog()
    const before = await collectionFiles(s.server, 'blogs')
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
    expect(await metric('site_git_sync_behind')).toBe('1')
    expect(await metric('site_git_failing')).toBe('1')
    // (A failed sync is retried after a back-off: on a slow machine that retry may have failed too by now.)
    expect(Number(await metric('site_git_sync_failures_total{kind="refused-file"}'))).toBeGreaterThanOrEqual(failures + 1)
    const logged = lines.filter((l) => l.kind === 'refused-file')
    expect(logged[0]).toEqual(expect.objectContaining({ msg: status.error, refusedFile: 'blogs.json', failures: 1 }))
    expect(logged[0]!.detail).toBeUndefined()
    expect(s.head()).toBe(head)
    expect(await collectionFiles(s.server, 'blogs')).toEqual(before)
    // Not JSON at all: no field to name.
    // Cut short: the one file, or post a's file in the folder layout.
    const cut = layoutOf(s.maintainer, 'blogs') === 'folder' ? '{"id": "a",' : '[{"id": "a",'
    await s.push('bozuk', (dir) => writeFile(join(dir, fileOf('blogs', 'a', layoutOf(dir, 'blogs'))), cut))
    await s.run()
    const cutFile = fileOf('blogs', 'a', layoutOf(s.server, 'blogs'))
    expect(s.sync.status().refused).toEqual([{ file: cutFile, message: expect.stringMatching(new RegExp(`^${cutFile.replaceAll('.', '\\.')} uzak depoda geçersiz: \\S`)) }])
    expect(s.sync.status().behind).toBe(2)
    // The maintainer sets the remote back to what the server has: nothing to take, nothing refused, no rewrite.
    git(s.maintainer, 'reset', '-q', '--hard', 'HEAD~2')
    git(s.maintainer, 'push', '-q', '--force')
    await s.run()
    expect(s.sync.status()).toMatchObject({ error: null, errorKind: null, refused: [], behind: 0, ahead: 0, notice: null })
    expect(await metric('site_git_failing')).toBe('0')
    // Refused again, then repaired on top: taken, nothing refused.
    await s.pushFields('Kötü başlık', { a: { title: 5 as never } })
    await s.run()
    expect(s.sync.status().refused).toHaveLength(1)
    await s.pushFields('düzeltildi', { a: { title: 'Düzeltilmiş A' } })
    await s.run()
    expect(s.sync.status()).toMatchObject({ error: null, errorKind: null, refused: [], behind: 0, notice: null })
    expect(s.title('a')).toBe('Düzeltilmiş A')
    s.clean()
  })

  it('a deleted collection is refused as deleted; a renamed one too, the new name listed as ignored', async () => {
    const s = await setUp()
    // The one file, or the whole folder (named by its order file).
    const layout = layoutOf(s.server, 'blogs')
    await s.push('blogs silindi', (dir) => rm(join(dir, collectionPath('blogs', layout)), { recursive: true }))
    await s.run()
    const named = collectionFile('blogs', layout)
    const deleted = `${named} uzak depoda silindi; yayındaki dosya korunuyor (dosyayı geri getirin ya da silmeyi geri alın)`
    expect(s.sync.status()).toMatchObject({ refused: [{ file: named, message: deleted }], error: `Uzak depoyla eşitlenemedi: ${deleted}`, errorKind: 'refused-file' })
    expect(s.posts()).toHaveLength(3)
    s.clean()
    git(s.maintainer, 'revert', '--no-edit', 'HEAD')
    git(s.maintainer, 'push', '-q')
    await s.run()
    expect(s.sync.status()).toMatchObject({ refused: [], error: null })
    expect(s.head()).toBe(s.remoteHead())
    const renamed = layout === 'folder' ? 'bloglar' : 'bloglar.json'
    await s.push('yeniden adlandırıldı', (dir) => git(dir, 'mv', collectionPath('blogs', layout), renamed))
    await s.run()
    // The new name's files: the one file, or every file of the renamed folder.
    const ignored = git(s.maintainer, 'ls-files', renamed).split('\n')
    expect(s.sync.status()).toMatchObject({ refused: [{ file: named, message: deleted }], ignored })
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

describe('a history rewritten on the remote', { timeout: 300_000 }, () => {
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
    const previous = git(s.server, 'rev-parse', 'refs/site-sync/remote')
    const lines = captureLog()
    const flag = await refuseServerPushes(s.bare)
    await s.sync.trigger()
    // One commit on top of the remote's new history, not pushed yet.
    expect(s.sync.status().ahead).toBe(1)
    expect(lines.filter((l) => l.event === 'sync-history-rewritten')).toEqual([
      expect.objectContaining({ removed: 2, keptStaffSaves: 2, previous, theirs, msg: s.sync.status().notice }),
    ])
    await rm(flag)
    await s.store.settled()
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

  it('a rewritten history with a file the schemas refuse, or without a collection, is refused; the live content kept', async () => {
    const s = await setUp()
    await s.pushFields('A', { a: { title: 'Git A' } })
    await s.run()
    git(s.maintainer, 'reset', '-q', '--hard', 'HEAD~1')
    await s.push('kötü başlık', (dir) => s.editPosts(dir, (list) => void (list[0]!.title = 5 as never)), '--force')
    await s.run()
    expect(s.sync.status()).toMatchObject({
      refused: [{ file: 'blogs.json', message: expect.stringMatching(/^blogs\.json uzak depoda geçersiz \(alan "[^"]+"\): \S/) }],
      errorKind: 'refused-file',
      notice: null,
    })
    expect(s.title('a')).toBe('Git A')
    // The maintainer puts the branch back (nothing to take), then rewrites it without blogs.json.
    git(s.maintainer, 'reset', '-q', '--hard', s.head())
    git(s.maintainer, 'push', '-q', '--force')
    await s.run()
    expect(s.sync.status()).toMatchObject({ refused: [], error: null })
    git(s.maintainer, 'reset', '-q', '--hard', 'HEAD~1')
    const layout = layoutOf(s.server, 'blogs')
    await s.push('blogs silindi', (dir) => rm(join(dir, collectionPath('blogs', layout)), { recursive: true }), '--force')
    await s.run()
    const named = collectionFile('blogs', layout)
    expect(s.sync.status()).toMatchObject({ refused: [{ file: named, message: expect.stringMatching(new RegExp(`^${named.replaceAll('.', '\\.')} uzak depoda silindi; `)) }], errorKind: 'refused-file', notice: null })
    expect(s.title('a')).toBe('Git A')
  })
})
