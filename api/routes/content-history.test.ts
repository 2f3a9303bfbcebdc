import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { msg } from '#schema/messages.ts'
import { pngFile } from '../testing/test-media.ts'
import { collectionFiles, copyContent, fileOf, layoutOf, readCollection, writeCollection } from '../testing/content-files.ts'
import {
  addUser,
  createTestApp,
  formRequest,
  jsonRequest,
  loginCookie,
  type TestApp,
} from '../testing/test-helpers.ts'

const POST = 'blog-e-fatura-rehberi'
const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim()

// Each test starts an app that commits with real git processes: one took 22-26 s (over 20 s) on a machine loaded
// far past its cores, 32 s alone there, and passes with the time.
vi.setConfig({ testTimeout: 120_000 })

let t: TestApp
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled() // commits still queued must not run in a removed folder
  await t?.cleanup()
  for (const c of cleanups.splice(0)) await c()
})

async function admin(name: string, email: string) {
  await addUser(t.deps.data, 'admin', email)
  await t.deps.data.update('users', (users) => void (users.find((u) => u.email === email)!.name = name))
  return loginCookie(t, email)
}
const saveTitle = (cookie: string, title: string, id = POST, ifMatch?: string) =>
  t.app.request(`/api/admin/blogs/${id}`, {
    method: 'PUT',
    headers: { cookie, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
    body: form({
      title,
      excerpt: 'Özet',
      author: 'Yazar',
      contentStructure: JSON.stringify([{ type: 'text', content: 'Metin' }]),
    }),
  })
function form(fields: Record<string, string>) {
  const body = new FormData()
  for (const [k, v] of Object.entries(fields)) body.append(k, v)
  return body
}
const postOf = (id = POST) => t.deps.content.read('blogs').find((p) => p.id === id)!
const versionFromAdmin = async (cookie: string, id = POST) => {
  const body = await (await jsonRequest(t, 'GET', '/api/admin/blogs', undefined, cookie)).json()
  return (body.data as { id: string; version: string }[]).find((p) => p.id === id)!.version
}
const fileOnDisk = async () => readCollection<{ id: string; title: string }[]>(t.contentDir, 'blogs')

describe('every save is a commit', () => {
  it('commits only the saved file, with the admin as author and a Turkish message', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    const res = await saveTitle(cookie, 'Yeni başlık')
    expect(res.status).toBe(200)
    await t.deps.content.settled()
    expect(gitIn(t.contentDir, 'log', '-1', '--format=%an|%ae|%s')).toBe(
      'Ayşe Yılmaz|ayse@ornek.com|Blog yazısı güncellendi: Yeni başlık',
    )
    // The posts' one file, or the saved post's own file.
    expect(gitIn(t.contentDir, 'show', '--name-only', '--format=', 'HEAD')).toBe(fileOf('blogs', POST))
    // The first start made CONTENT_DIR a repository holding the files as they were.
    expect(gitIn(t.contentDir, 'log', '--format=%s')).toBe(
      'Blog yazısı güncellendi: Yeni başlık\nİçerik deposu oluşturuldu',
    )
    expect(t.deps.content.status().git).toMatchObject({ pending: 0, error: null })
  })

  it('inside an existing repository, commits only content files and leaves the index and work tree alone', async () => {
    const root = await mkdtemp(join(tmpdir(), 'git-host-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    gitIn(root, 'init', '-q')
    await copyContent(join(import.meta.dirname, '..', '..', 'content'), join(root, 'content'))
    await writeFile(join(root, 'notes.txt'), 'bir\n')
    gitIn(root, 'add', '.')
    gitIn(root, '-c', 'user.name=X', '-c', 'user.email=x@x', 'commit', '-qm', 'ilk')
    await writeFile(join(root, 'notes.txt'), 'iki\n')
    gitIn(root, 'add', 'notes.txt')
    await writeFile(join(root, 'notes.txt'), 'üç\n')
    await writeFile(join(root, 'notes.txt'), 'üç\n')
    await writeFile(join(root, 'yeni.txt'), 'izlenmiyor\n')
    const statusBefore = gitIn(root, 'status', '--porcelain')
    // CONTENT_GIT=on: commits even in a folder of another repository (local mode otherwise, decision 026).
    t = await createTestApp({
      contentDir: join(root, 'content'),
      contentVersioning: { git: { commits: 'always' } },
    })
    const res = await saveTitle(await admin('Ali Veli', 'ali@ornek.com'), 'Depo içinde')
    expect(res.status).toBe(200)
    await t.deps.content.settled()
    expect(gitIn(root, 'show', '--name-only', '--format=%s', 'HEAD')).toBe(
      `Blog yazısı güncellendi: Depo içinde\n\ncontent/${fileOf('blogs', POST)}`,
    )
    expect(gitIn(root, 'diff', '--cached', '--name-only')).toContain('notes.txt')
    // Someone commits in the repository between two saves: the next content commit goes on top of theirs.
    const theirs = gitIn(
      root,
      '-c',
      'user.name=X',
      '-c',
      'user.email=x@x',
      'commit',
      '-qm',
      'notlar',
      '--',
      'notes.txt',
    )
    void theirs
    const external = gitIn(root, 'rev-parse', 'HEAD')
    const ali = await loginCookie(t, 'ali@ornek.com')
    expect((await saveTitle(ali, 'Depo içinde 2')).status).toBe(200)
    await t.deps.content.settled()
    expect(gitIn(root, 'rev-parse', 'HEAD~1')).toBe(external)
    expect(gitIn(root, 'show', 'HEAD:notes.txt')).toBe('üç')
    await writeFile(join(root, 'notes.txt'), 'iki\n')
    gitIn(root, 'add', 'notes.txt')
    await writeFile(join(root, 'notes.txt'), 'üç\n')
    expect(await readFile(join(root, 'notes.txt'), 'utf8')).toBe('üç\n')
    // The content files match HEAD in the index and on disk (decision 025); notes.txt stays staged as it was.
    expect(gitIn(root, 'status', '--porcelain')).toBe(statusBefore)
  })

  it('pushes each commit to CONTENT_GIT_REMOTE (a local bare repository)', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'git-remote-'))
    cleanups.push(() => rm(bare, { recursive: true, force: true }))
    gitIn(bare, 'init', '-q', '--bare')
    t = await createTestApp({ contentVersioning: { git: { remote: bare } } })
    await saveTitle(await admin('Ayşe Yılmaz', 'ayse@ornek.com'), 'Uzakta da')
    await t.deps.content.settled()
    expect(gitIn(bare, 'log', '--all', '-1', '--format=%an|%s')).toBe(
      'Ayşe Yılmaz|Blog yazısı güncellendi: Uzakta da',
    )
    expect(t.deps.content.status().git?.push).toMatchObject({ error: null, pending: false })
  })
})

describe('history and restore', () => {
  it('a history opened right after a save lists it, even while its commit waits for a publish', async () => {
    // The server's commits first wait (up to 2 s) for the publish a save started: hold that publish here.
    let publishDone = () => {}
    const publishing = new Promise<void>((resolve) => (publishDone = resolve))
    t = await createTestApp({ contentVersioning: { git: { quiet: () => publishing } } })
    const ayse = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    expect((await saveTitle(ayse, 'Hemen bakılan')).status).toBe(200)
    setTimeout(publishDone, 300)
    const res = await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${POST}`, undefined, ayse)
    const history = (await res.json()).data as { author: { name: string }; message: string }[]
    expect(history[0]).toMatchObject({
      author: { name: 'Ayşe Yılmaz' },
      message: 'Blog yazısı güncellendi: Hemen bakılan',
    })
  })

  it('lists who changed a post and which fields, and restores an earlier version as a new commit', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const ayse = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    const mehmet = await admin('Mehmet Kaya', 'mehmet@ornek.com')
    const original = postOf().title
    await saveTitle(ayse, 'Birinci düzenleme')
    await saveTitle(mehmet, 'İkinci düzenleme')
    await t.deps.content.settled()
    const res = await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${POST}`, undefined, ayse)
    const history = (await res.json()).data as {
      commit: string
      author: { name: string }
      changes: { label: string; before: string; after: string }[]
    }[]
    expect(history.map((e) => e.author.name)).toEqual(['Mehmet Kaya', 'Ayşe Yılmaz', 'Site sunucusu'])
    expect(history[0].changes).toContainEqual({
      field: 'title',
      label: 'Başlık',
      before: 'Birinci düzenleme',
      after: 'İkinci düzenleme',
    })
    const restore = await jsonRequest(
      t,
      'POST',
      '/api/admin/history/blogs/restore',
      { id: POST, commit: history[2].commit },
      ayse,
    )
    expect(restore.status).toBe(200)
    expect(postOf().title).toBe(original)
    expect(t.changes.at(-1)).toBe('blogs')
    await t.deps.content.settled()
    expect(gitIn(t.contentDir, 'log', '-1', '--format=%an|%s')).toMatch(
      /^Ayşe Yılmaz\|Blog yazısı eski sürüme döndürüldü/,
    )
    expect((await fileOnDisk()).find((p) => p.id === POST)!.title).toBe(original)
    const missing = await jsonRequest(
      t,
      'POST',
      '/api/admin/history/blogs/restore',
      { id: 'yok', commit: history[2].commit },
      ayse,
    )
    expect(missing.status).toBe(404)
  })

  it('keeps an upload that an earlier version refers to', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    const png = pngFile('logo.png')
    const settings = {
      title: 'Örnek',
      email: 'iletisim@ornek.com',
      phone: '+90 212 555 00 00',
      address: 'İstanbul',
      whatsapp: '+90 532 111 22 33',
      mapUrl: 'https://maps.example.com/embed',
      aboutText: 'Hakkında',
      socialLinks: JSON.stringify({}),
    }
    const first = await formRequest(
      t,
      'PUT',
      '/api/admin/contact-settings',
      { ...settings, logoFile: png },
      cookie,
    )
    expect(first.status, await first.clone().text()).toBe(200)
    const logo = (await first.json()).data.logo as string
    const second = await formRequest(
      t,
      'PUT',
      '/api/admin/contact-settings',
      { ...settings, logo: '' },
      cookie,
    )
    expect(second.status).toBe(200)
    await t.deps.content.settled()
    expect(await t.deps.content.isUploadInHistory(logo)).toBe(true)
    await readFile(join(t.dataDir, logo)) // still on disk
  })
})

describe('If-Match', () => {
  it('answers 412 to a stale version and changes nothing; a current version or none saves', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    const loaded = await versionFromAdmin(cookie)
    expect(await saveTitle(cookie, 'Başkası kaydetti')).toHaveProperty('status', 200)
    const before = await collectionFiles(t.contentDir, 'blogs')
    const stale = await saveTitle(cookie, 'Eski sürümden', POST, loaded)
    expect(stale.status).toBe(412)
    const body = await stale.json()
    expect(body.message).toBe(msg.editConflict)
    expect(body.current.title).toBe('Başkası kaydetti')
    expect(body.current.version).toBe(await versionFromAdmin(cookie))
    expect(await collectionFiles(t.contentDir, 'blogs')).toEqual(before)
    expect(await saveTitle(cookie, 'Güncel sürümden', POST, body.current.version)).toHaveProperty(
      'status',
      200,
    )
    expect(await saveTitle(cookie, 'If-Match olmadan')).toHaveProperty('status', 200)
    expect(postOf().title).toBe('If-Match olmadan')
  })

  it('guards documents too: the about page', async () => {
    t = await createTestApp()
    const cookie = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    const res = await jsonRequest(t, 'GET', '/api/admin/hakkimizda', undefined, cookie)
    const about = await res.json()
    const version = res.headers.get('etag')!.replaceAll('"', '')
    const put = (title1: string, version?: string) =>
      t.app.request('/api/admin/hakkimizda', {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', ...(version ? { 'if-match': version } : {}) },
        body: JSON.stringify({ ...about, title1 }),
      })
    const first = await put('Birinci', version)
    expect(first.status).toBe(200)
    expect((await put('İkinci', `"${version}"`)).status).toBe(412)
    expect(t.deps.content.read('about').title1).toBe('Birinci')
    // The save's answer names the saved version: the editor's next save sends it without loading again.
    const saved = first.headers.get('etag')!
    expect(saved).not.toBe(`"${version}"`)
    expect((await put('Üçüncü', saved)).status).toBe(200)
    expect(t.deps.content.read('about').title1).toBe('Üçüncü')
  })
})

describe('If-Match on home sections', () => {
  it('a section write answers its new version as the ETag; the old one then gets 412', async () => {
    t = await createTestApp()
    const cookie = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    const loaded = (await (await jsonRequest(t, 'GET', '/api/admin/anasayfa', undefined, cookie)).json())
      .versions.banner as string
    const put = (subtitle: string, version: string) =>
      t.app.request('/api/admin/anasayfa/banner', {
        method: 'PUT',
        headers: { cookie, 'content-type': 'application/json', 'if-match': version },
        body: JSON.stringify({ subtitle }),
      })
    const first = await put('Birinci', loaded)
    expect(first.status).toBe(200)
    expect(await first.json()).not.toHaveProperty('versions')
    const next = first.headers.get('etag')!
    expect(next).not.toBe(`"${loaded}"`)
    expect((await put('Eski sürümden', loaded)).status).toBe(412)
    expect((await put('İkinci', next)).status).toBe(200)
    expect(t.deps.content.read('home').banner.subtitle).toBe('İkinci')
  })
})

describe('edits from outside the API', () => {
  const editOnDisk = async (change: (posts: { id: string; title: unknown }[]) => void) => {
    const posts = await fileOnDisk()
    change(posts)
    await writeCollection(t.contentDir, 'blogs', posts)
  }

  it('loads a valid external edit on its own and publishes it', async () => {
    t = await createTestApp({ contentVersioning: { git: {}, watch: true } })
    await editOnDisk((posts) => void (posts[0].title = 'Dışarıdan gelen başlık'))
    await expect
      .poll(
        async () =>
          (await (await jsonRequest(t, 'GET', '/api/blogs')).json()).data.map(
            (p: { title: string }) => p.title,
          ),
        { timeout: 10_000 },
      )
      .toContain('Dışarıdan gelen başlık')
    expect(t.changes).toContain('blogs')
  })

  it('refuses an invalid external edit, names file and field, keeps the last valid content', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const title = postOf().title
    await editOnDisk((posts) => void (posts[0].title = 42))
    await t.deps.content.checkDisk()
    expect(postOf().title).toBe(title)
    expect(t.changes).toEqual([])
    const cookie = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    const build = await (await jsonRequest(t, 'GET', '/api/admin/build', undefined, cookie)).json()
    // Named as an operator fixes it: the posts' one file and the list position, or the post's own file.
    const first = (await fileOnDisk())[0]!.id
    const named = layoutOf(t.contentDir, 'blogs') === 'folder' ? { file: fileOf('blogs', first, 'folder'), field: 'title' } : { file: 'blogs.json', field: '[0].title' }
    expect(build.data.content.errors).toMatchObject([{ ...named, message: expect.any(String) }])
    await editOnDisk((posts) => void (posts[0].title = 'Düzeltildi'))
    await t.deps.content.checkDisk()
    expect(t.deps.content.read('blogs')[0].title).toBe('Düzeltildi')
    expect(t.deps.content.status().errors).toEqual([])
  })

  it('an admin save after an external edit keeps both changes', async () => {
    t = await createTestApp({ contentVersioning: { git: {} } })
    const cookie = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
    const other = t.deps.content.read('blogs').find((p) => p.id !== POST)!.id
    await editOnDisk((posts) => void (posts.find((p) => p.id === other)!.title = 'Bakımcının başlığı'))
    expect((await saveTitle(cookie, 'Yöneticinin başlığı')).status).toBe(200)
    const onDisk = await fileOnDisk()
    expect(onDisk.find((p) => p.id === other)!.title).toBe('Bakımcının başlığı')
    expect(onDisk.find((p) => p.id === POST)!.title).toBe('Yöneticinin başlığı')
  })
})
