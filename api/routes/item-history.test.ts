import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../testing/test-helpers.ts'
import { collectionPath, fileOf, layoutOf, readCollection } from '../testing/content-files.ts'

// Issue 27 point 7, decision 272: an item's history reads its own commits from the item index, however many
// commits other items of its file have. Real app, real git, on temp folders.
vi.setConfig({ testTimeout: 240_000 })

const A = 'blog-e-imza-nedir'
const B = 'blog-e-fatura-rehberi'
const OTHER_COMMITS = 320

const gitIn = (cwd: string, args: string[], input?: Buffer) =>
  execFileSync('git', args, { cwd, input, encoding: 'utf8', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } }).trim()

let t: TestApp
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled()
  await t?.cleanup()
})

const form = (title: string) => {
  const body = new FormData()
  body.append('title', title)
  body.append('excerpt', 'Özet')
  body.append('author', 'Yazar')
  body.append('contentStructure', JSON.stringify([{ type: 'text', content: 'Metin' }]))
  return body
}

/**
 * `count` commits on the content branch, each changing post A's title (git fast-import: a maintainer's pushes, fast)
 * in the file that holds it (the posts' one file, or A's own file); the last one puts the file back as it is on
 * disk, so the server's folder stays clean.
 */
async function commitsToA(dir: string, count: number) {
  const folder = layoutOf(dir, 'blogs') === 'folder'
  const file = fileOf('blogs', A, layoutOf(dir, 'blogs'))
  const disk = await readFile(join(dir, file))
  const posts = readCollection<{ id: string; title: string }[]>(dir, 'blogs')
  const text = () => (folder ? `${JSON.stringify(posts.find((p) => p.id === A), null, 2)}\n` : JSON.stringify(posts, null, 2))
  const branch = gitIn(dir, ['symbolic-ref', 'HEAD'])
  const chunks: Buffer[] = []
  const start = Math.floor(Date.now() / 1000) + 10
  for (let i = 0; i < count; i++) {
    posts.find((p) => p.id === A)!.title = `Başka yazı ${i}`
    const bytes = i === count - 1 ? disk : Buffer.from(text())
    const message = Buffer.from(`Blog yazısı güncellendi: ${i}`)
    chunks.push(
      Buffer.from(
        `commit ${branch}\nauthor Mehmet <mehmet@ornek.com> ${start + i} +0300\n` +
          `committer Mehmet <mehmet@ornek.com> ${start + i} +0300\ndata ${message.length}\n`,
      ),
      message,
      Buffer.from(`\n${i === 0 ? `from ${branch}^0\n` : ''}M 100644 inline ${file}\ndata ${bytes.length}\n`),
      bytes,
      Buffer.from('\n'),
    )
  }
  gitIn(dir, ['fast-import', '--quiet'], Buffer.concat(chunks))
}

const indexReady = () =>
  vi.waitFor(() => expect(t.deps.content.itemIndex?.ready).toBe(true), { timeout: 120_000, interval: 100 })

type Entry = { commit: string; author: { name: string }; message: string }
const historyOf = async (cookie: string, id: string) =>
  (await (await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${id}`, undefined, cookie)).json())
    .data as Entry[]

describe('item history index', () => {
  it('lists every version of a post after 320 commits of another post, restores the oldest, and survives a restart', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    let cookie = await adminCookie(t)
    const original = t.deps.content.read('blogs').find((p) => p.id === B)!.title
    for (let i = 1; i <= 6; i++) {
      const res = await t.app.request(`/api/admin/blogs/${B}`, { method: 'PUT', headers: { cookie }, body: form(`B ${i}`) })
      expect(res.status).toBe(200)
    }
    await t.deps.content.settled()
    t.deps.content.close()
    await t.deps.content.settled()
    await commitsToA(t.contentDir, OTHER_COMMITS)
    expect(gitIn(t.contentDir, ['status', '--porcelain'])).toBe('')
    // Today's reading of the file's last 300 commits would list none of B's saves (posts in a folder: of the folder's).
    expect(Number(gitIn(t.contentDir, ['rev-list', '--count', 'HEAD', '--', collectionPath('blogs', layoutOf(t.contentDir, 'blogs'))]))).toBeGreaterThan(300 + 7)

    await t.restart()
    cookie = await adminCookie(t)
    await indexReady()
    const history = await historyOf(cookie, B)
    expect(history.map((e) => e.message)).toEqual([
      'Blog yazısı güncellendi: B 6',
      'Blog yazısı güncellendi: B 5',
      'Blog yazısı güncellendi: B 4',
      'Blog yazısı güncellendi: B 3',
      'Blog yazısı güncellendi: B 2',
      'Blog yazısı güncellendi: B 1',
      'İçerik deposu oluşturuldu',
    ])
    // A's own history is there too, with its last 300 versions.
    expect((await historyOf(cookie, A)).length).toBe(300)

    const restore = await jsonRequest(
      t,
      'POST',
      '/api/admin/history/blogs/restore',
      { id: B, commit: history.at(-1)!.commit },
      cookie,
    )
    expect(restore.status).toBe(200)
    expect(t.deps.content.read('blogs').find((p) => p.id === B)!.title).toBe(original)
    await t.deps.content.settled()
    expect((await historyOf(cookie, B)).length).toBe(8)

    // A restart reads the index from the database: no commit is scanned again.
    t.deps.content.close()
    await t.deps.content.settled()
    await t.restart()
    cookie = await adminCookie(t)
    await indexReady()
    expect(t.deps.content.itemIndex!.stats.scannedCommits).toBe(0)
    expect((await historyOf(cookie, B)).length).toBe(8)
  })

  it('a scan after each save reads only the new version of the file (the last one is remembered), and lists each save', async () => {
    // The index reads versions of a collection stored as one file: posts in a folder have a file each, whose own
    // log is their history (no index scan), so this runs on the one-file layout in either test run.
    t = await createTestApp({ contentVersioning: { git: {}, folders: false } })
    const cookie = await adminCookie(t)
    await indexReady()
    const index = t.deps.content.itemIndex!
    await historyOf(cookie, B)
    const [commits, versions] = [index.stats.scannedCommits, index.stats.versionsRead]
    for (let i = 1; i <= 3; i++) {
      const res = await t.app.request(`/api/admin/blogs/${B}`, { method: 'PUT', headers: { cookie }, body: form(`Tek ${i}`) })
      expect(res.status).toBe(200)
      await t.deps.content.settled()
      // Reading the history brings the index up to HEAD: one more commit, one more version read (was two).
      expect((await historyOf(cookie, B))[0]!.message).toBe(`Blog yazısı güncellendi: Tek ${i}`)
      expect(index.stats.scannedCommits - commits).toBe(i)
      expect(index.stats.versionsRead - versions).toBe(i)
    }
  })
})
