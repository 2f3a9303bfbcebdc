import { createHmac } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { openContentRepo } from '../store/git/content-repo.ts'
import { remoteFixture, type Post, type RemoteFixture } from '../testing/remote-fixture.ts'
import { adminCookie, createTestApp, jsonRequest } from '../testing/test-helpers.ts'

/**
 * The git routes on their own (issue 28, mutation group `git-sync`): the webhook is off without a secret or a
 * remote, refuses a wrong signature, answers a right one at once; take and keep name a listed conflict by id. One
 * server and remote for the file; the listed conflicts are the list the server reads at start.
 */
const SECRET = 'rota-webhook-anahtari'
const BODY = '{"ref":"refs/heads/main"}'
const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex')

describe('without a secret or a remote: off', { timeout: 120_000 }, () => {
  it('no secret: the webhook and the conflict routes answer 404', async () => {
    const t = await createTestApp()
    try {
      const res = await t.app.request('/api/git/webhook', { method: 'POST', headers: { 'x-gitea-signature': sign(BODY) }, body: BODY })
      expect(res.status).toBe(404)
      expect((await res.json()).message).toBe(msg.routeNotFound)
      const cookie = await adminCookie(t)
      const keep = await jsonRequest(t, 'POST', '/api/admin/git/conflicts/abc/keep', {}, cookie)
      expect(keep.status).toBe(404)
    } finally {
      await t.cleanup()
    }
  })
  it('a secret but no remote to sync with: 404 even when signed', async () => {
    const t = await createTestApp({ gitWebhookSecret: SECRET })
    try {
      const res = await t.app.request('/api/git/webhook', { method: 'POST', headers: { 'x-gitea-signature': sign(BODY) }, body: BODY })
      expect(res.status).toBe(404)
    } finally {
      await t.cleanup()
    }
  })
})

describe('with a remote', { timeout: 180_000 }, () => {
  let fixture: RemoteFixture
  beforeAll(async () => {
    fixture = await remoteFixture('git-sync-route', { gitWebhookSecret: SECRET })
  }, 180_000)
  afterAll(async () => fixture?.close(), 180_000)

  it('a wrong signature: 401 with the Turkish message, nothing fetched; the right one: 202 at once, the sync runs', async () => {
    const { t } = fixture
    const wrong = await t.app.request('/api/git/webhook', { method: 'POST', headers: { 'x-gitea-signature': sign('{}') }, body: BODY })
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).message).toBe(msg.webhookSignature)
    await t.deps.content.settled()
    expect(t.deps.content.status().git!.sync!.lastFetchAt).toBeNull()
    const right = await t.app.request('/api/git/webhook', { method: 'POST', headers: { 'x-gitea-signature': sign(BODY) }, body: BODY })
    expect(right.status).toBe(202)
    expect(await right.json()).toEqual({ success: true })
    // The sync the webhook started (a second trigger joins it) fetched.
    await t.deps.content.sync!.trigger()
    await t.deps.content.settled()
    expect(t.deps.content.status().git!.sync!.lastFetchAt).not.toBeNull()
  })

  it('take writes the other value and keep leaves the live one, each with its message; the conflict leaves the list; an unknown id is 409', async () => {
    const { t, cookie } = fixture
    const posts = t.deps.content.read('blogs') as unknown as Post[]
    const [a, b] = posts.map((p) => p.id)
    const conflict = (id: string, other: string) => ({ file: 'blogs.json', itemId: id, path: [{ id }, 'title'], live: 'canlı', other })
    // The list as a sync left it (the server reads it at start).
    const repo = await openContentRepo(t.contentDir)
    await writeFile(join(repo.gitDir, 'netiz-sync-conflicts.json'), JSON.stringify([conflict(a!, 'Uzaktaki A'), conflict(b!, 'Uzaktaki B')]))
    t.deps.content.close()
    await t.deps.content.settled()
    await t.restart()
    await t.deps.content.sync!.settled()
    const listed = t.deps.content.status().git!.conflicts!
    expect(listed.map((c) => c.itemId)).toEqual([a, b])
    const titleOf = (id: string) => (t.deps.content.read('blogs') as unknown as Post[]).find((p) => p.id === id)!.title
    const before = titleOf(b!)

    const take = await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${listed[0]!.id}/take`, {}, cookie)
    expect(take.status).toBe(200)
    expect(await take.json()).toEqual({ success: true, message: msg.conflictTaken })
    expect(titleOf(a!)).toBe('Uzaktaki A')

    const keep = await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${listed[1]!.id}/keep`, {}, cookie)
    expect(keep.status).toBe(200)
    expect(await keep.json()).toEqual({ success: true, message: msg.conflictKept })
    expect(titleOf(b!)).toBe(before)
    expect(t.deps.content.status().git!.conflicts).toEqual([])

    const again = await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${listed[1]!.id}/keep`, {}, cookie)
    expect(again.status).toBe(409)
    expect((await again.json()).message).toBe(msg.conflictGone)
    // Only take and keep are choices.
    expect((await jsonRequest(t, 'POST', `/api/admin/git/conflicts/${listed[1]!.id}/drop`, {}, cookie)).status).toBe(404)
    await t.deps.content.settled()
  })
})
