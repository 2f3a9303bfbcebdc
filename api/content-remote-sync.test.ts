import { createHmac } from 'node:crypto'
import { rename } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { git, remoteFixture, type Post, type RemoteFixture } from './testing/remote-fixture.ts'
import { jsonRequest, type TestApp } from './testing/test-helpers.ts'
import { editEntry, readCollection } from './testing/content-files.ts'

/**
 * Issue 19: the server and the content remote meet. A real bare repository as the remote, a second clone as the
 * maintainer, the real app with its real git; the sync is triggered as a webhook or the timer would.
 */
const SECRET = 'webhook-gizli-anahtar-2026'

let t: TestApp
let fixture: RemoteFixture | undefined
afterEach(async () => {
  await fixture?.close()
  fixture = undefined
})

async function setUp() {
  fixture = await remoteFixture('remote-sync', { gitWebhookSecret: SECRET })
  t = fixture.t
  const { bare, branch, maintainer, cookie, posts } = fixture
  /** A staff save through the admin API: one post's title. */
  const staffSave = async (id: string, title: string) => expect(await fixture!.staffSave(id, title)).toBe(200)
  /** The maintainer edits one post's title in their clone, commits and pushes. */
  const maintainerPush = async (id: string, title: string) => {
    git(maintainer, 'pull', '-q', '--ff-only')
    await editEntry<Post>(maintainer, 'blogs', id, (p) => void (p.title = title))
    git(maintainer, 'commit', '-qam', `Başlık düzeltildi: ${id}`)
    git(maintainer, 'push', '-q')
    return git(maintainer, 'rev-parse', 'HEAD')
  }
  const webhook = (signature: string) =>
    t.app.request('/api/git/webhook', { method: 'POST', headers: { 'x-gitea-signature': signature }, body: '{"ref":"x"}' })
  const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex')
  return { bare, branch, maintainer, cookie, posts, staffSave, maintainerPush, webhook, sign }
}

describe('two-way sync with the content remote', { timeout: 90_000 }, () => {
  it('a maintainer’s push and a staff save of another post: both live, both on the remote, the pull fast-forwards', async () => {
    const s = await setUp()
    const [a, b] = s.posts().map((p) => p.id)
    const pushed = await s.maintainerPush(a!, 'Bakımcının başlığı')
    await s.staffSave(b!, 'Yöneticinin başlığı')
    // The webhook as Gitea sends it: the sync runs; wait until it and the push are done.
    expect((await s.webhook(s.sign('{"ref":"x"}'))).status).toBe(202)
    await t.deps.content.sync!.trigger()
    await t.deps.content.settled()
    expect(s.posts().find((p) => p.id === a)!.title).toBe('Bakımcının başlığı')
    expect(s.posts().find((p) => p.id === b)!.title).toBe('Yöneticinin başlığı')
    // The remote has both commits: the maintainer's is an ancestor (nothing rewritten), and their pull is a fast-forward.
    const remoteHead = git(s.bare, 'rev-parse', `refs/heads/${s.branch}`)
    expect(git(t.contentDir, 'rev-parse', 'HEAD')).toBe(remoteHead)
    git(s.bare, 'merge-base', '--is-ancestor', pushed, remoteHead)
    git(s.maintainer, 'pull', '-q', '--ff-only')
    const theirs = readCollection<Post[]>(s.maintainer, 'blogs')
    expect(theirs.find((p) => p.id === b)!.title).toBe('Yöneticinin başlığı')
    expect(git(s.maintainer, 'log', '--format=%s', '-3')).toContain('Blog yazısı güncellendi')
    // The server's repository is clean for the maintainer too.
    expect(git(t.contentDir, 'status', '--porcelain')).toBe('')
    const status = t.deps.content.status().git!
    expect(status.sync).toMatchObject({ behind: 0, error: null })
    expect(status.conflicts).toEqual([])
  })

  it('only the remote moved: a fast-forward, no merge commit', async () => {
    const s = await setUp()
    const [a] = s.posts().map((p) => p.id)
    const pushed = await s.maintainerPush(a!, 'Yalnız bakımcı')
    await t.deps.content.sync!.trigger()
    await t.deps.content.settled()
    expect(git(t.contentDir, 'rev-parse', 'HEAD')).toBe(pushed)
    expect(s.posts().find((p) => p.id === a)!.title).toBe('Yalnız bakımcı')
    expect(git(t.contentDir, 'status', '--porcelain')).toBe('')
  })

  it('the same field on both sides: one conflict with both values, the live value kept, the other taken on request', async () => {
    const s = await setUp()
    const [a] = s.posts().map((p) => p.id)
    const pushed = await s.maintainerPush(a!, 'Bakımcının başlığı')
    await s.staffSave(a!, 'Yöneticinin başlığı')
    await t.deps.content.sync!.trigger()
    await t.deps.content.settled()
    expect(s.posts().find((p) => p.id === a)!.title).toBe('Yöneticinin başlığı')
    const build = await (await jsonRequest(t, 'GET', '/api/admin/build', undefined, s.cookie)).json()
    const conflicts = build.data.content.git.conflicts
    expect(conflicts).toEqual([
      { id: expect.any(String), file: 'blogs.json', itemId: a, path: [{ id: a }, 'title'], live: 'Yöneticinin başlığı', other: 'Bakımcının başlığı' },
    ])
    // Never a force push: the maintainer's commit stays an ancestor of the remote's branch.
    git(s.bare, 'merge-base', '--is-ancestor', pushed, `refs/heads/${s.branch}`)
    // The list outlives a restart: it is where staff find the other value.
    await t.deps.content.sync!.settled()
    t.deps.content.close()
    await t.deps.content.settled()
    await t.restart()
    await t.deps.content.sync!.settled()
    expect(t.deps.content.status().git!.conflicts).toEqual(conflicts)
    const take = await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${conflicts[0].id}/take`, {}, s.cookie)
    expect(take.status).toBe(200)
    expect(s.posts().find((p) => p.id === a)!.title).toBe('Bakımcının başlığı')
    expect(t.deps.content.status().git!.conflicts).toEqual([])
  })

  it('a webhook with a missing or wrong signature is refused and fetches nothing', async () => {
    const s = await setUp()
    await s.maintainerPush(s.posts()[0]!.id, 'Fetch edilmemeli')
    expect((await s.webhook('yanlis')).status).toBe(401)
    expect((await t.app.request('/api/git/webhook', { method: 'POST', body: '{}' })).status).toBe(401)
    // Issue 28: forgeries in each forge's header (the route was tested with Gitea's only).
    const mac = s.sign('{"ref":"x"}')
    const forged: Record<string, string>[] = [
      { 'x-gitea-signature': mac.slice(0, -1) },
      { 'x-gitea-signature': mac.slice(0, 32) },
      { 'x-gitea-signature': '' },
      { 'x-forgejo-signature': `sha256=${mac}` },
      { 'x-hub-signature-256': `sha256=${mac.slice(0, -1)}` },
      { 'x-hub-signature-256': mac },
      { 'x-hub-signature-256': `sha256=${mac}0` },
      { 'x-gitlab-token': 'yanlis' },
      { 'x-gitlab-token': mac },
      { 'x-gitlab-token': SECRET.slice(0, -1) },
      { 'x-gitlab-token': '' },
      { 'x-gitea-signature': mac.slice(0, 10), 'x-gitlab-token': 'yanlis' },
    ]
    for (const headers of forged) {
      const res = await t.app.request('/api/git/webhook', { method: 'POST', headers, body: '{"ref":"x"}' })
      expect(res.status, JSON.stringify(headers)).toBe(401)
    }
    await t.deps.content.settled()
    expect(t.deps.content.status().git!.sync!.lastFetchAt).toBeNull()
    expect(s.posts()[0]!.title).not.toBe('Fetch edilmemeli')
  })

  it('each forge’s own signature is accepted at the route: GitHub, Forgejo and GitLab as well as Gitea', async () => {
    const s = await setUp()
    const mac = s.sign('{"ref":"x"}')
    const signed: Record<string, string>[] = [{ 'x-hub-signature-256': `sha256=${mac}` }, { 'x-forgejo-signature': mac }, { 'x-gitlab-token': SECRET }]
    for (const headers of signed) {
      const res = await t.app.request('/api/git/webhook', { method: 'POST', headers, body: '{"ref":"x"}' })
      expect(res.status, JSON.stringify(headers)).toBe(202)
    }
    // The syncs the webhooks started finish before the app closes.
    await t.deps.content.sync!.trigger()
    await t.deps.content.settled()
  })

  it('a remote that is down is retried; once it is back, the server pushes without help', async () => {
    const s = await setUp()
    const away = `${s.bare}.gitmis`
    await rename(s.bare, away)
    const [a] = s.posts().map((p) => p.id)
    await s.staffSave(a!, 'Uzak depo yokken')
    await t.deps.content.sync!.trigger()
    expect(t.deps.content.status().git!.sync!.error).toMatch(/Uzak depoyla eşitlenemedi/)
    await rename(away, s.bare)
    await t.deps.content.sync!.trigger()
    await t.deps.content.settled()
    expect(t.deps.content.status().git!.sync!.error).toBeNull()
    expect(git(s.bare, 'rev-parse', `refs/heads/${s.branch}`)).toBe(git(t.contentDir, 'rev-parse', 'HEAD'))
  })
})
