import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { git, remoteFixture, type Post, type RemoteFixture } from './testing/remote-fixture.ts'
import { formRequest } from './testing/test-helpers.ts'
import { collectionAt, editEntry, readCollection } from './testing/content-files.ts'

/**
 * Issue 27 (the write-path bench, seed 3 step 456): a save written while a sync waits its turn in the commit queue.
 * Its commit is queued behind the sync's merge, but the merge reads the live file with the save in it. Committed
 * after the merge with the text it wrote before it, the save undid the maintainer's change in git (HEAD without it,
 * the file on disk with it, `git status`: M blogs.json). Held in place by a real mechanism: the server's branch is
 * locked (git's own `.lock` file), so the first save's commit fails and is retried while the sync queues behind it.
 */
let fixture: RemoteFixture | undefined
afterEach(async () => {
  await fixture?.close()
  fixture = undefined
})

describe('a save written while a sync waits for its turn (issue 27)', { timeout: 240_000 }, () => {
  it('is committed before the merge, under its author; HEAD equals the file; the maintainer’s change stays in git', async () => {
    fixture = await remoteFixture('sync-queued-saves')
    const { t, maintainer, cookie, posts } = fixture
    const target = posts()[0]!.id
    // The maintainer changes a post's title and pushes.
    await editEntry<Post>(maintainer, 'blogs', target, (p) => void (p.title = 'Git 454'))
    git(maintainer, 'commit', '-qam', 'Başlık: Git 454')
    git(maintainer, 'push', '-q')

    // The server's branch is locked: commits fail (and are retried) until the lock goes.
    const lock = join(t.contentDir, '.git', `${git(t.contentDir, 'symbolic-ref', 'HEAD')}.lock`)
    await writeFile(lock, '')
    const create = async (title: string) => {
      const res = await formRequest(t, 'POST', '/api/admin/blogs', { title, contentStructure: '[]' }, cookie)
      expect(res.status).toBe(200)
      return ((await res.json()) as { data: Post }).data.id
    }
    const first = await create('Birinci yeni yazı')
    // The sync fetches, then queues its merge behind the first save's (failing) commit.
    const sync = t.deps.content.sync!
    const syncing = sync.trigger()
    await vi.waitFor(() => expect(sync.status().lastFetchAt).not.toBeNull(), { timeout: 60_000, interval: 20 })
    // Written now, before the merge reads the live file: its commit is queued behind the merge.
    const second = await create('İkinci yeni yazı')
    await rm(lock)
    await syncing
    await sync.idle()
    await t.deps.content.settled()

    // Live: both creations and the maintainer's title.
    expect(posts().find((p) => p.id === target)!.title).toBe('Git 454')
    expect(posts().map((p) => p.id)).toEqual(expect.arrayContaining([first, second]))
    // Git: HEAD is the file on disk; nothing left uncommitted.
    expect(git(t.contentDir, 'status', '--porcelain')).toBe('')
    const head = collectionAt<Post[]>(t.contentDir, 'HEAD', 'blogs')!
    expect(head.find((p) => p.id === target)!.title).toBe('Git 454')
    expect(head.map((p) => p.id)).toEqual(expect.arrayContaining([first, second]))
    // History: each creation is its own commit under the admin's name, before the merge that took 'Git 454'.
    const log = git(t.contentDir, 'log', '--first-parent', '-3', '--format=%an|%P').split('\n')
    expect(log[0]!.split('|')[1]!.split(' ')).toHaveLength(2) // the merge
    const [mergeAuthor, secondAuthor, firstAuthor] = log.map((l) => l.split('|')[0])
    expect(secondAuthor).toBe(firstAuthor)
    expect(mergeAuthor).not.toBe(secondAuthor)
    const before = collectionAt<Post[]>(t.contentDir, 'HEAD~1', 'blogs')!
    expect(before.map((p) => p.id)).toEqual(expect.arrayContaining([first, second]))
    expect(before.find((p) => p.id === target)!.title).not.toBe('Git 454')
    expect(collectionAt<Post[]>(t.contentDir, 'HEAD~2', 'blogs')!.map((p) => p.id)).not.toContain(second)
    // The remote got it all: the maintainer's pull is a fast-forward with the title still theirs.
    git(maintainer, 'pull', '-q', '--ff-only')
    const pulled = readCollection<Post[]>(maintainer, 'blogs')
    expect(pulled.find((p) => p.id === target)!.title).toBe('Git 454')
    expect(pulled.map((p) => p.id)).toEqual(expect.arrayContaining([first, second]))
  })
})
