import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AppOptions } from '../app.ts'
import { git } from './maintainer-git.ts'
import { adminCookie, createTestApp, type TestApp } from './test-helpers.ts'

export { git }

/**
 * The server and a content remote, for the sync tests (content-remote-sync, sync-maintainer-pushes,
 * sync-monitoring, the write-path steps): a real bare repository as the remote holding the server's first commit, a
 * maintainer's clone of it, and the real app with its real git and no polling (`syncSeconds: 0`), so every fetch
 * is one a test or the server chose to make.
 */

/** A blog post as the tests read and write it. */
export type Post = {
  id: string
  title: string
  excerpt: string
  author: string
  status: string
  tags: string[]
  contentStructure: unknown[]
  slug?: string
}

export type RemoteFixture = Awaited<ReturnType<typeof remoteFixture>>

/** `name` prefixes the temporary folder; `options` go to the app (a webhook secret, …). */
export async function remoteFixture(name: string, options: Partial<AppOptions> = {}) {
  const root = await mkdtemp(join(tmpdir(), `${name}-`))
  const bare = join(root, 'icerik.git')
  git(root, 'init', '-q', '--bare', bare)
  const t: TestApp = await createTestApp({ ...options, contentVersioning: { git: { remote: bare, syncSeconds: 0 } } })
  await t.deps.content.settled()
  const branch = git(t.contentDir, 'symbolic-ref', '--short', 'HEAD')
  git(t.contentDir, 'push', '-q', bare, `HEAD:refs/heads/${branch}`)
  git(bare, 'symbolic-ref', 'HEAD', `refs/heads/${branch}`)
  const maintainer = join(root, 'bakimci')
  git(root, 'clone', '-q', bare, maintainer)
  const cookie = await adminCookie(t)
  const posts = () => t.deps.content.read('blogs') as unknown as Post[]

  /** A staff save through the admin API: one post's title; the answer's status. */
  const staffSave = async (id: string, title: string): Promise<number> => {
    const post = posts().find((p) => p.id === id)!
    const form = new FormData()
    for (const key of ['excerpt', 'author', 'status'] as const) form.set(key, post[key])
    form.set('title', title)
    form.set('tags', JSON.stringify(post.tags))
    form.set('contentStructure', JSON.stringify(post.contentStructure))
    const res = await t.app.request(`/api/admin/blogs/${id}`, { method: 'PUT', headers: { cookie }, body: form })
    return res.status
  }

  /** Stops the app's git work and removes every folder of the fixture. */
  const close = async () => {
    t.deps.content.close()
    await t.deps.content.settled().catch(() => {})
    await t.cleanup()
    await rm(root, { recursive: true, force: true })
  }
  return { t, root, bare, branch, maintainer, cookie, posts, staffSave, close }
}
