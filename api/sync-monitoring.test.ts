import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, log, setLogger } from './lib/log.ts'
import { registry } from './lib/metrics.ts'
import { readiness } from './ops/readiness.ts'
import { git, remoteFixture, type Post, type RemoteFixture } from './testing/remote-fixture.ts'
import type { TestApp } from './testing/test-helpers.ts'
import { collectionAt, editEntry, readCollection, writeCollection } from './testing/content-files.ts'

/**
 * Issue 29, point 5: the sync with the content remote in monitoring. A real bare repository as the remote, a
 * maintainer's clone, the real app with its real git; no polling (syncSeconds 0), so every fetch here is one the
 * server chose to make.
 */
let t: TestApp
let fixture: RemoteFixture | undefined
let lines: string[] = []
const original = log
afterEach(async () => {
  setLogger(original)
  await fixture?.close()
  fixture = undefined
})

type Sync = { ahead: number; behind: number; error: string | null; errorKind: string | null }

async function setUp() {
  lines = []
  setLogger(
    createLogger(
      new Writable({
        write(chunk, _enc, done) {
          lines.push(...String(chunk).split('\n').filter(Boolean))
          done()
        },
      }),
      'info',
    ),
  )
  fixture = await remoteFixture('sync-monitoring')
  t = fixture.t
  const { bare, branch, maintainer, posts } = fixture
  const staffSave = async (id: string, title: string) => expect(await fixture!.staffSave(id, title)).toBe(200)
  const maintainerPush = async (change: (posts: Post[]) => unknown) => {
    git(maintainer, 'pull', '-q', '--ff-only')
    const list = readCollection<Post[]>(maintainer, 'blogs')
    await writeCollection(maintainer, 'blogs', change(list) ?? list)
    git(maintainer, 'commit', '-qam', 'Bakımcının değişikliği')
    git(maintainer, 'push', '-q')
  }
  const sync = () => (t.deps.content.status().git as unknown as { sync: Sync }).sync
  return { bare, branch, posts, staffSave, maintainerPush, sync }
}

const metric = async (name: string, labels = '') => {
  const text = await registry.metrics()
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `))
  return line ? Number(line.split(' ').pop()) : 0
}

describe('the content sync in monitoring', { timeout: 90_000 }, () => {
  it('a file the schemas refuse on the remote: its kind in the status, a /readyz warning, metrics and one JSON log line', async () => {
    const s = await setUp()
    await s.maintainerPush((list) => {
      list[0]!.title = 42 as unknown as string
    })
    await t.deps.content.sync!.trigger()
    // The remote's commit is not taken: the two sides stay one commit apart.
    expect(s.sync()).toMatchObject({ errorKind: 'refused-file', behind: 1 })
    expect(s.sync().error).toContain('uzak depoda geçersiz')
    const ready = readiness(t.deps)
    expect(ready.ready).toBe(true)
    expect(ready.checks.git.warning).toContain('uzak depoda geçersiz')
    expect(await metric('site_git_sync_failures_total', '{kind="refused-file"}')).toBe(1)
    expect(await metric('site_git_failing')).toBe(1)
    expect(await metric('site_git_sync_behind')).toBe(1)
    // Every line JSON (journalctl -o cat | jq), the sync error with its kind.
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(entries).toContainEqual(expect.objectContaining({ level: 'error', kind: 'refused-file' }))
  })

  it('a push the remote refuses because it moved fetches and merges at once; after the push nothing is ahead', async () => {
    const s = await setUp()
    const [a, b] = s.posts().map((p) => p.id)
    await s.maintainerPush((list) => {
      list.find((p) => p.id === a)!.title = 'Bakımcının başlığı'
    })
    // The staff save's commit is pushed, refused (the remote has the maintainer's commit), and with no polling
    // the server fetches, merges and pushes again by itself.
    await s.staffSave(b!, 'Yöneticinin başlığı')
    await expect.poll(() => s.posts().find((p) => p.id === a)!.title, { timeout: 60_000 }).toBe('Bakımcının başlığı')
    await expect
      .poll(() => collectionAt<Post[]>(s.bare, s.branch, 'blogs')!.find((p) => p.id === b)!.title, { timeout: 60_000 })
      .toBe('Yöneticinin başlığı')
    await t.deps.content.settled()
    const entries = lines.map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(entries).toContainEqual(expect.objectContaining({ level: 'error', kind: 'push-refused' }))
    await expect.poll(() => s.sync().ahead, { timeout: 30_000 }).toBe(0)
    expect(await metric('site_git_sync_ahead')).toBe(0)
  })

  it('a commit recovered at start (a change the last run left uncommitted) is pushed at once, with no poll', async () => {
    const s = await setUp()
    t.deps.content.close()
    await t.deps.content.settled()
    // What a kill -9 after a write leaves: the file on disk differs from HEAD.
    const [first] = readCollection<Post[]>(t.contentDir, 'blogs')
    await editEntry<Post>(t.contentDir, 'blogs', first!.id, (p) => void (p.title = 'Kesintiden kalan başlık'))
    await t.restart()
    await expect
      .poll(() => collectionAt<Post[]>(s.bare, s.branch, 'blogs')![0]!.title, { timeout: 60_000 })
      .toBe('Kesintiden kalan başlık')
  })
})
