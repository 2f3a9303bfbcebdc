import { execFileSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../testing/test-helpers.ts'
import { collectionFiles, fileOf, readCollection, writeCollection } from '../testing/content-files.ts'

const POST = 'blog-e-fatura-rehberi'
const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Bakımcı', '-c', 'user.email=bakimci@ornek.com', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim()

let t: TestApp
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled()
  await t?.cleanup()
  for (const c of cleanups.splice(0)) await c()
})

type Post = { id: string; title: unknown }

/** A maintainer's clone of CONTENT_DIR's repository, where `edit` changes the posts (either layout) and commits them. */
async function maintainerCommit(edit: (posts: Post[]) => void, branch?: string): Promise<string> {
  await t.deps.content.settled()
  await t.deps.content.uploadHistory!.catchUp() // waits for the repository to open (its first commit)
  const dir = await mkdtemp(join(tmpdir(), 'maintainer-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  const clone = join(dir, 'clone')
  gitIn(t.contentDir, 'clone', '-q', t.contentDir, clone)
  if (branch) gitIn(clone, 'checkout', '-q', '-b', branch)
  const posts = readCollection<Post[]>(clone, 'blogs')
  edit(posts)
  await writeCollection(clone, 'blogs', posts)
  gitIn(clone, 'commit', '-qam', 'Bakımcının değişikliği')
  const sha = gitIn(clone, 'rev-parse', 'HEAD')
  // A side branch only arrives as a ref; a change on the main branch arrives as a pull does.
  if (branch) gitIn(t.contentDir, 'fetch', '-q', clone, `${branch}:${branch}`)
  else {
    gitIn(t.contentDir, 'fetch', '-q', clone)
    gitIn(t.contentDir, 'reset', '-q', '--hard', 'FETCH_HEAD')
    await t.deps.content.checkDisk()
  }
  return sha
}

const restore = (cookie: string, commit: string, id = POST) =>
  jsonRequest(t, 'POST', '/api/admin/history/blogs/restore', { id, commit }, cookie)

/** What a refused restore must leave alone: the content in memory, the file and HEAD. */
async function snapshot() {
  await t.deps.content.settled()
  return {
    post: t.deps.content.read('blogs').find((p) => p.id === POST),
    files: await collectionFiles(t.contentDir, 'blogs'),
    head: gitIn(t.contentDir, 'rev-parse', 'HEAD'),
  }
}

describe('a restore takes only a valid version from the item’s own history', () => {
  it('refuses a commit from a side branch and one outside the item’s history, changing nothing', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    const side = await maintainerCommit((posts) => {
      posts.find((p) => p.id === POST)!.title = 'Yan daldaki başlık'
    }, 'yan-dal')
    // The commit exists in the repository, with this very post in it.
    expect(gitIn(t.contentDir, 'cat-file', '-t', side)).toBe('commit')
    const other = await maintainerCommit((posts) => {
      posts.find((p) => p.id !== POST)!.title = 'Başka yazının başlığı'
    })
    const before = await snapshot()
    for (const commit of [side, other]) {
      const res = await restore(cookie, commit)
      expect(res.status).toBe(404)
      expect((await res.json()).message).toBe(msg.versionNotInHistory)
    }
    expect(await snapshot()).toEqual(before)
    // The post's own history still restores.
    const history = (await (await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${POST}`, undefined, cookie)).json())
      .data as { commit: string }[]
    expect(history.map((e) => e.commit)).not.toContain(side)
    expect((await restore(cookie, history.at(-1)!.commit)).status).toBe(200)
  })

  it('refuses a version the schemas reject with a Turkish 422, changing nothing', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await adminCookie(t)
    // A maintainer pushed a broken title (refused on disk), then fixed it: the broken version is in the history.
    const broken = await maintainerCommit((posts) => {
      posts.find((p) => p.id === POST)!.title = 42
    })
    // The posts' one file, or the post's own file (decision 333: a refused file is named by its path).
    expect(t.deps.content.status().errors).toMatchObject([{ file: fileOf('blogs', POST) }])
    await maintainerCommit((posts) => {
      posts.find((p) => p.id === POST)!.title = 'Düzeltilmiş başlık'
    })
    expect(t.deps.content.status().errors).toEqual([])
    const history = (await (await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${POST}`, undefined, cookie)).json())
      .data as { commit: string }[]
    expect(history.map((e) => e.commit)).toContain(broken)
    const before = await snapshot()
    const res = await restore(cookie, broken)
    expect(res.status).toBe(422)
    const body = await res.json()
    expect(body.message).toMatch(/^Bu sürüm geri yüklenemez, çünkü geçerli değil \(alan "Başlık"\): /)
    expect(await snapshot()).toEqual(before)
    expect(before.post?.title).toBe('Düzeltilmiş başlık')
  })
})
