import { execFileSync } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Writable } from 'node:stream'
import { createLogger, log, setLogger } from './lib/log.ts'
import { openContentRepo } from './store/git/content-repo.ts'
import { addUser, createTestApp, jsonRequest, loginCookie, type TestApp } from './testing/test-helpers.ts'
import { collectionFiles, copyContent, editEntry, fileOf, readCollection } from './testing/content-files.ts'
import { gitFailureAdvice } from '#schema/git-sync.ts'

// Real git, real folders: the repository a maintainer sees after the server's saves (issue 18, decisions 025, 026).
const demo = join(import.meta.dirname, '..', 'content')

/** What the modules log from now until the test ends, one line each (the server logs through pino, api/lib/log.ts). */
const restoreLogger: (() => void)[] = []
afterEach(() => restoreLogger.splice(0).forEach((restore) => restore()))
function captureLog(): string[] {
  const lines: string[] = []
  const original = log
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean))
      done()
    },
  })
  setLogger(createLogger(sink, 'debug'))
  restoreLogger.push(() => setLogger(original))
  return lines
}
const POST = 'blog-e-fatura-rehberi'
/** Logins (scrypt) and git's processes on a busy two-core machine. */
const SLOW = 120_000
const ME = ['-c', 'user.name=Bakımcı', '-c', 'user.email=bakimci@ornek.com']
const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' },
  }).trim()
const porcelain = (cwd: string) => execFileSync('git', ['status', '--porcelain'], { cwd, encoding: 'utf8' })

let t: TestApp | null = null
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  t?.deps.content.close()
  await t?.deps.content.settled()
  await t?.cleanup()
  t = null
  for (const c of cleanups.splice(0)) await c()
  vi.restoreAllMocks()
})

async function tempDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix))
  cleanups.push(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }))
  return dir
}

async function admin(name: string, email: string) {
  await addUser(t!.deps.data, 'admin', email)
  await t!.deps.data.update('users', (users) => void (users.find((u) => u.email === email)!.name = name))
  return loginCookie(t!, email)
}

function saveTitle(cookie: string, title: string) {
  const body = new FormData()
  for (const [k, v] of Object.entries({
    title,
    excerpt: 'Özet',
    author: 'Yazar',
    contentStructure: JSON.stringify([{ type: 'text', content: 'Metin' }]),
  }))
    body.append(k, v)
  return t!.app.request(`/api/admin/blogs/${POST}`, { method: 'PUT', headers: { cookie }, body })
}

async function saveAbout(cookie: string, title2: string) {
  const about = await (await jsonRequest(t!, 'GET', '/api/admin/hakkimizda', undefined, cookie)).json()
  return jsonRequest(t!, 'PUT', '/api/admin/hakkimizda', { ...about, title2 }, cookie)
}

/** A series of staff saves by two admins on two files. */
async function someSaves() {
  const ayse = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
  const ali = await admin('Ali Veli', 'ali@ornek.com')
  for (let i = 1; i <= 2; i++) {
    expect((await saveTitle(i % 2 ? ayse : ali, `Başlık ${i}`)).status).toBe(200)
    expect((await saveAbout(i % 2 ? ali : ayse, `Hakkımızda ${i}`)).status).toBe(200)
  }
  await t!.deps.content.settled()
}

describe('the repository stays clean for its maintainer', () => {
  it(
    'a repository the server initialises: written index, nothing to commit after saves, no temp-dir index',
    async () => {
      // A temporary folder of this test's own: whatever the server puts in the system's one would show up here.
      const ownTmp = await tempDir('git-tmp-')
      const systemTmp = process.env.TMPDIR
      process.env.TMPDIR = ownTmp
      cleanups.unshift(
        async () =>
          void (systemTmp === undefined ? delete process.env.TMPDIR : (process.env.TMPDIR = systemTmp)),
      )
      t = await createTestApp({ contentVersioning: { git: {} } })
      await t.deps.content.settled() // `git init` and the first commit run in the background
      expect(porcelain(t.contentDir)).toBe('')
      await someSaves()
      expect(porcelain(t.contentDir)).toBe('')
      expect(gitIn(t.contentDir, 'log', '-1', '--format=%an|%s')).toBe(
        'Ayşe Yılmaz|Hakkımızda sayfası güncellendi',
      )
      // Nothing in the system's temporary folder, and no index but the repository's own (decision 333: commits
      // build their trees from the parent's; the private index that lived in the git folder is gone).
      expect((await readdir(ownTmp)).filter((n) => !n.startsWith('api-test-'))).toEqual([])
      // (Posts in a folder switch that index to git's split index once: its shared part lies beside it.)
      const indexes = (await readdir(join(t.contentDir, '.git'))).filter((n) => n.includes('index')).sort()
      expect(indexes.filter((n) => !/^sharedindex\.[0-9a-f]{40}$/.test(n))).toEqual(['index'])
      // A maintainer's own change: `git commit -am` records it and nothing else (no stale content, no deletions).
      await writeFile(join(t.contentDir, 'NOTLAR.md'), 'bir\n')
      gitIn(t.contentDir, 'add', 'NOTLAR.md')
      gitIn(t.contentDir, ...ME, 'commit', '-qm', 'Notlar')
      expect((await saveTitle(await loginCookie(t, 'ayse@ornek.com'), 'Başlık 4')).status).toBe(200)
      await t.deps.content.settled()
      await writeFile(join(t.contentDir, 'NOTLAR.md'), 'iki\n')
      gitIn(t.contentDir, ...ME, 'commit', '-qam', 'Notlar güncellendi')
      expect(gitIn(t.contentDir, 'show', '--name-status', '--format=%an|%s', 'HEAD')).toBe(
        'Bakımcı|Notlar güncellendi\n\nM\tNOTLAR.md',
      )
      expect(porcelain(t.contentDir)).toBe('')
      // Every file of the posts (the one file, or each post file and the order file) is HEAD's.
      for (const [path, text] of Object.entries(await collectionFiles(t.contentDir, 'blogs')))
        expect(gitIn(t.contentDir, 'show', `HEAD:${path}`), path).toBe(text.trim())
      // A pull on the server (the README's step) fast-forwards: no "local changes would be overwritten".
      const clone = await tempDir('git-clone-')
      gitIn(clone, 'clone', '-q', t.contentDir, 'icerik')
      const theirs = join(clone, 'icerik')
      const second = readCollection(theirs, 'blogs')[1].id
      await editEntry(theirs, 'blogs', second, (p) => void (p.title = 'Bakımcının düzeltmesi'))
      gitIn(theirs, ...ME, 'commit', '-qam', 'Blog yazısı düzeltildi')
      gitIn(t.contentDir, 'pull', '-q', '--ff-only', theirs, 'HEAD')
      expect(gitIn(t.contentDir, 'log', '-1', '--format=%s')).toBe('Blog yazısı düzeltildi')
      expect(porcelain(t.contentDir)).toBe('')
    },
    SLOW,
  )

  it(
    'CONTENT_DIR a repository of its own (a clone): clean after saves, and after a restart',
    async () => {
      const origin = await tempDir('git-origin-')
      await copyContent(demo, origin)
      gitIn(origin, 'init', '-q')
      gitIn(origin, 'add', '.')
      gitIn(origin, ...ME, 'commit', '-qm', 'İlk içerik')
      const root = await tempDir('git-own-')
      gitIn(root, 'clone', '-q', origin, 'icerik')
      const icerik = join(root, 'icerik')
      t = await createTestApp({ contentDir: icerik, contentVersioning: { git: {} } })
      await someSaves()
      expect(gitIn(icerik, 'rev-list', '--count', 'HEAD')).toBe('5')
      expect(porcelain(icerik)).toBe('')
      await t.restart()
      await t.deps.content.settled()
      expect(gitIn(icerik, 'rev-list', '--count', 'HEAD')).toBe('5')
      expect(porcelain(icerik)).toBe('')
      expect(t.deps.content.status().git).toMatchObject({ mode: 'commit', pending: 0, error: null })
    },
    SLOW,
  )

  it(
    'CONTENT_GIT=on in a folder of another repository: commits, and the content files stay clean',
    async () => {
      const root = await tempDir('git-host-')
      gitIn(root, 'init', '-q')
      await copyContent(demo, join(root, 'content'))
      await writeFile(join(root, 'kod.ts'), 'export {}\n')
      gitIn(root, 'add', '.')
      gitIn(root, ...ME, 'commit', '-qm', 'ilk')
      t = await createTestApp({
        contentDir: join(root, 'content'),
        contentVersioning: { git: { commits: 'always' } },
      })
      await someSaves()
      expect(porcelain(root)).toBe('')
      expect(gitIn(root, 'rev-list', '--count', 'HEAD')).toBe('5')
    },
    SLOW,
  )
})

describe('local mode: CONTENT_DIR inside another repository (the quick start)', () => {
  it(
    'writes the files, makes no commit, says so, and the history shows that repository’s commits',
    async () => {
      const root = await tempDir('git-checkout-')
      gitIn(root, 'init', '-q')
      await copyContent(demo, join(root, 'content'))
      await writeFile(join(root, 'package.json'), '{}\n')
      gitIn(root, 'add', '.')
      gitIn(root, ...ME, 'commit', '-qm', 'Proje')
      const head = gitIn(root, 'rev-parse', 'HEAD')
      const logged = captureLog()
      t = await createTestApp({ contentDir: join(root, 'content'), contentVersioning: { git: {} } })
      const cookie = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
      expect((await saveTitle(cookie, 'Yerel kayıt')).status).toBe(200)
      expect((await saveAbout(cookie, 'Yerel hakkımızda')).status).toBe(200)
      await t.deps.content.settled()
      expect(gitIn(root, 'rev-parse', 'HEAD')).toBe(head)
      expect(porcelain(root).split('\n').filter(Boolean).sort()).toEqual([
        ' M content/about.json',
        ` M content/${fileOf('blogs', POST)}`,
      ])
      expect(logged.filter((l) => l.includes('yerel mod'))).toHaveLength(1)
      const build = await (await jsonRequest(t, 'GET', '/api/admin/build', undefined, cookie)).json()
      expect(build.data.content.git).toMatchObject({ mode: 'local', pending: 0, error: null })
      expect(build.data.content.git.notice).toMatch(/^Yerel mod: /)
      const history = await (
        await jsonRequest(t, 'GET', `/api/admin/history/blogs?id=${POST}`, undefined, cookie)
      ).json()
      expect(history.data.map((e: { message: string; author: { name: string } }) => e.author.name)).toEqual([
        'Bakımcı',
      ])
      // The developer commits the files; the next save again makes no commit of its own.
      gitIn(root, ...ME, 'commit', '-qam', 'İçerik')
      expect((await saveTitle(cookie, 'Yerel kayıt 2')).status).toBe(200)
      await t.deps.content.settled()
      expect(gitIn(root, 'log', '-1', '--format=%s')).toBe('İçerik')
    },
    SLOW,
  )
})

describe('authors and messages', () => {
  it(
    'an admin named "..." gets their own commit (their e-mail as the name), never the next admin’s',
    async () => {
      t = await createTestApp({ contentVersioning: { git: {} } })
      const dots = await admin('...', 'nokta@ornek.com')
      const ayse = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
      expect((await saveTitle(dots, 'Noktalı yöneticiden')).status).toBe(200)
      expect((await saveTitle(ayse, 'Ayşe’den')).status).toBe(200)
      await t.deps.content.settled()
      expect(gitIn(t.contentDir, 'log', '-2', '--format=%an|%ae|%s')).toBe(
        'Ayşe Yılmaz|ayse@ornek.com|Blog yazısı güncellendi: Ayşe’den\n' +
          'nokta@ornek.com|nokta@ornek.com|Blog yazısı güncellendi: Noktalı yöneticiden',
      )
      expect(t.deps.content.status().git).toMatchObject({ pending: 0, error: null })
    },
    SLOW,
  )

  it(
    'a commit message with \\x1e/\\x1f cannot forge entries in another item’s history',
    async () => {
      const dir = await tempDir('git-forge-')
      await cp(demo, dir, { recursive: true })
      const repo = await openContentRepo(dir)
      const real = gitIn(dir, 'rev-parse', 'HEAD')
      // A maintainer's commit of about.json whose message carries the old separators and fake fields.
      const forged = `Hakkımızda\x1e${real}\x1fSahte Kişi\x1fsahte@ornek.com\x1f2020-01-01T00:00:00Z\x1fSahte kayıt\x1e`
      await writeFile(join(dir, 'about.json'), (await readFile(join(dir, 'about.json'), 'utf8')) + '\n')
      gitIn(dir, ...ME, 'commit', '-qam', forged)
      const log = await repo.log('about.json')
      expect(log).toHaveLength(2)
      expect(log.map((e) => e.author.name)).toEqual(['Bakımcı', 'Site sunucusu'])
      expect(log.some((e) => e.author.name === 'Sahte Kişi')).toBe(false)
      // The server's own messages never carry control characters either (a NUL would make git refuse the commit).
      await repo.commit(
        [{ name: 'about.json', text: '{}\n' }],
        { name: 'A', email: 'a@o.com' },
        'x\x00y\x1ez\nw',
      )
      expect(gitIn(dir, 'log', '-1', '--format=%s')).toBe('x y z w')
      await repo.close()
    },
    SLOW,
  )
})

describe('no secret leaves the server', () => {
  it(
    'the user name and token of CONTENT_GIT_REMOTE are in no API answer and no log line',
    async () => {
      const lines = captureLog()
      // Port 9 on loopback: nothing listens, so every push fails and its error is reported.
      const remote = 'https://deploy-user:s3cr3t-T0ken@127.0.0.1:9/site/icerik.git'
      t = await createTestApp({ contentVersioning: { git: { remote } } })
      const cookie = await admin('Ayşe Yılmaz', 'ayse@ornek.com')
      expect((await saveTitle(cookie, 'Gizli kalsın')).status).toBe(200)
      await expect
        .poll(() => t!.deps.content.status().git?.push?.error ?? null, { timeout: 15_000 })
        .not.toBeNull()
      const build = await (await jsonRequest(t, 'GET', '/api/admin/build', undefined, cookie)).text()
      expect(build).toContain('https://***@127.0.0.1:9/site/icerik.git')
      for (const text of [build, ...lines]) {
        expect(text).not.toContain('s3cr3t')
        expect(text).not.toContain('deploy-user')
      }
      expect(lines.some((l) => l.includes('Uzak depoya gönderilemedi'))).toBe(true)
      // Staff read Turkish advice for the kind; git's own English words are only in the log line's detail.
      expect(t.deps.content.status().git?.push?.error).toBe(`Uzak depoya gönderilemedi: ${gitFailureAdvice.unreachable}`)
      expect(build).not.toMatch(/git push|fatal|unable to access/)
      expect(lines.some((l) => l.includes('"detail":"git push: '))).toBe(true)
      // The push keeps retrying with back-off: end here instead of waiting for it (settled() would).
      t.deps.content.close()
      await t.cleanup()
      t = null
    },
    SLOW,
  )
})
