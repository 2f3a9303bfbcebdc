import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger, log, setLogger } from '../../lib/log.ts'
import { metrics } from '../../lib/metrics.ts'
import { memoryJournal, type CommitIntent } from './commit-journal.ts'
import { openContentRepo } from './content-repo.ts'
import { blobId } from './git-text.ts'
import { commitRecovered, readRecoverySnapshot } from './recover-commits.ts'

/**
 * The start's recovery on its own (issue 28, mutation group `git-recovery`): a real repository in a temporary folder,
 * the in-memory journal as a crash left it, no app. Each save a crash left uncommitted becomes its own commit under
 * its own author; any other difference from HEAD is committed under the server's name (decision 025).
 */

/**
 * A folder the system cannot list (an I/O error; as root no permission makes one): `readdir` of `unlistable.path`
 * fails, every other call is the real one.
 */
const unlistable = vi.hoisted(() => ({ path: null as string | null }))
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs/promises')>()
  const readdir = ((path: string, ...rest: unknown[]) =>
    path === unlistable.path
      ? Promise.reject(Object.assign(new Error('EIO: okunamadı'), { code: 'EIO' }))
      : (real.readdir as (...args: unknown[]) => Promise<unknown>)(path, ...rest)) as typeof real.readdir
  return { ...real, readdir, default: { ...real, readdir } }
})

const cleanups: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})
async function temp() {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'recover-')))
  cleanups.push(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }))
  return dir
}
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
/** What the module logs during the test, one `level message` line each. */
function captureLog(): string[] {
  const lines: string[] = []
  const original = log
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        const row = JSON.parse(line) as { level: number | string; msg: string }
        lines.push(`${row.level} ${row.msg}`)
      }
      done()
    },
  })
  setLogger(createLogger(sink, 'debug'))
  cleanups.push(() => setLogger(original))
  return lines
}

const AYSE = { name: 'Ayşe', email: 'ayse@ornek.com' }
const ALI = { name: 'Ali', email: 'ali@ornek.com' }
const FILES = ['blogs.json', 'pages.json']
const intent = (id: string, file: string, text: string, extra: Partial<CommitIntent> = {}): CommitIntent => ({
  id,
  file,
  author: AYSE,
  message: `Kayıt ${id}`,
  blob: blobId(text),
  bytes: null,
  ...extra,
})

async function setUp() {
  const dir = await temp()
  await writeFile(join(dir, 'blogs.json'), '[]')
  await writeFile(join(dir, 'pages.json'), '{}')
  const repo = await openContentRepo(dir)
  const journal = memoryJournal()
  const subjects = () => git(dir, 'log', '--format=%an|%s').split('\n')
  return { dir, repo, journal, subjects }
}

describe('readRecoverySnapshot', () => {
  it('reads the journal and every content file and intent file as regular files; a link or a missing file is null', async () => {
    const { dir, journal } = await setUp()
    const other = await temp()
    await writeFile(join(other, 'gizli.json'), '{"x":1}')
    await symlink(join(other, 'gizli.json'), join(dir, 'baglanti.json'))
    await journal.record(intent('1', 'baglanti.json', '{"x":1}'), [])
    await journal.record(intent('2', 'yok.json', '[]'), [])
    // A path the system cannot open at all (a file where a folder should be: ENOTDIR) is null too, never a crash.
    await journal.record(intent('3', 'blogs.json/alt.json', '[]'), [])
    const snapshot = await readRecoverySnapshot(journal, dir, FILES)
    expect(snapshot.intents.map((i) => i.id)).toEqual(['1', '2', '3'])
    expect([...snapshot.disk].map(([f, b]) => [f, b && b.toString()])).toEqual([
      ['blogs.json', '[]'],
      ['pages.json', '{}'],
      ['baglanti.json', null],
      ['yok.json', null],
      ['blogs.json/alt.json', null],
    ])
  })
})

describe('commitRecovered', () => {
  it('each uncommitted save becomes its own commit under its author, in journal order; then nothing else to recover', async () => {
    const { dir, repo, journal, subjects } = await setUp()
    const lines = captureLog()
    // Save 1 (Ayşe) wrote blogs [1], save 2 (Ali) then wrote blogs [1,2]: the file holds save 2's bytes, save 1's
    // were kept in the journal when the file moved on. Save 3 wrote pages.
    await journal.record(intent('1', 'blogs.json', '[1]'), [])
    await journal.record(intent('2', 'blogs.json', '[1,2]', { author: ALI }), [{ id: '1', bytes: Buffer.from('[1]') }])
    await journal.record(intent('3', 'pages.json', '{"a":1}'), [])
    await writeFile(join(dir, 'blogs.json'), '[1,2]')
    await writeFile(join(dir, 'pages.json'), '{"a":1}')
    const snapshot = await readRecoverySnapshot(journal, dir, FILES)
    await commitRecovered(repo, journal, snapshot, FILES)
    expect(subjects()).toEqual(['Ayşe|Kayıt 3', 'Ali|Kayıt 2', 'Ayşe|Kayıt 1', 'Site sunucusu|İçerik deposu oluşturuldu'])
    expect(git(dir, 'show', 'HEAD~2:blogs.json')).toBe('[1]')
    expect(journal.pending()).toEqual([])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(lines).toContain("info Yarım kalan kayıt git'e eklendi: Kayıt 2 (Ali)")
    expect(lines.filter((l) => l.includes('kurtarıldı'))).toEqual([])
  })

  it('a save already in HEAD is not committed again (logged as such); its intent is forgotten', async () => {
    const { dir, repo, journal, subjects } = await setUp()
    const lines = captureLog()
    await writeFile(join(dir, 'blogs.json'), '[5]')
    await repo.commit([{ name: 'blogs.json', text: '[5]' }], AYSE, 'Kayıt 1')
    await journal.record(intent('1', 'blogs.json', '[5]'), [])
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, dir, FILES), FILES)
    expect(subjects()).toEqual(['Ayşe|Kayıt 1', 'Site sunucusu|İçerik deposu oluşturuldu'])
    expect(journal.pending()).toEqual([])
    expect(lines).toEqual(["debug Kayıt zaten git'teydi: Kayıt 1"])
  })

  it('a save whose bytes are gone (the file changed outside after it) is skipped and reported; the file’s change is recovered under the server’s name', async () => {
    const { dir, repo, journal, subjects } = await setUp()
    const lines = captureLog()
    await journal.record(intent('1', 'blogs.json', '[1]'), [])
    await writeFile(join(dir, 'blogs.json'), '["elle"]')
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, dir, FILES), FILES)
    expect(subjects()).toEqual(['Site sunucusu|Kaydedilmemiş değişiklik kurtarıldı: blogs.json', 'Site sunucusu|İçerik deposu oluşturuldu'])
    expect(git(dir, 'show', 'HEAD:blogs.json')).toBe('["elle"]')
    expect(journal.pending()).toEqual([])
    expect(lines).toEqual([
      'error Yarım kalan kaydın içeriği artık diskte yok, atlandı: Kayıt 1 (blogs.json)',
      "info Kaydedilmemiş değişiklik kurtarıldı: blogs.json (dosya git'tekinden farklıydı)",
    ])
  })

  it('a save of a file now missing is skipped; a missing content file is no change to recover', async () => {
    const { dir, repo, journal, subjects } = await setUp()
    await journal.record(intent('1', 'blogs.json', '[1]'), [])
    await rm(join(dir, 'blogs.json'))
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, dir, FILES), FILES)
    expect(subjects()).toEqual(['Site sunucusu|İçerik deposu oluşturuldu'])
    expect(journal.pending()).toEqual([])
  })

  it('differences no save accounts for: one commit per file, each under the server; unchanged files none', async () => {
    const { dir, repo, journal, subjects } = await setUp()
    await writeFile(join(dir, 'blogs.json'), '[9]')
    await writeFile(join(dir, 'pages.json'), '{"b":9}')
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, dir, FILES), FILES)
    expect(subjects()).toEqual([
      'Site sunucusu|Kaydedilmemiş değişiklik kurtarıldı: pages.json',
      'Site sunucusu|Kaydedilmemiş değişiklik kurtarıldı: blogs.json',
      'Site sunucusu|İçerik deposu oluşturuldu',
    ])
    expect(git(dir, 'show', '--name-only', '--format=', 'HEAD')).toBe('pages.json')
    expect(git(dir, 'show', 'HEAD~1:blogs.json')).toBe('[9]')
    // Run again: nothing left.
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, dir, FILES), FILES)
    expect(subjects()).toHaveLength(3)
  })

  it('a new content file HEAD lacks is recovered too', async () => {
    const { dir, repo, journal, subjects } = await setUp()
    await writeFile(join(dir, 'yeni.json'), '[]')
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, dir, [...FILES, 'yeni.json']), [...FILES, 'yeni.json'])
    expect(subjects()[0]).toBe('Site sunucusu|Kaydedilmemiş değişiklik kurtarıldı: yeni.json')
  })
})

// Decision 333 (step 2b): intents of several paths, removals, and folder collections (`blogs/<b>/<id>.json`).
describe('folder collections and saves of several paths (decision 333)', () => {
  const ORDER = 'blogs/_sira.json'
  const A1 = 'blogs/a/a1.json'
  const B1 = 'blogs/b/b1.json'
  const C1 = 'blogs/c/c1.json'
  const paths = (id: string, files: { path: string; text: string | null; bytes?: string }[], extra: Partial<CommitIntent> = {}): CommitIntent => ({
    id,
    author: AYSE,
    message: `Kayıt ${id}`,
    files: files.map((f) => ({
      path: f.path,
      blob: f.text === null ? null : blobId(f.text),
      bytes: f.bytes === undefined ? null : Buffer.from(f.bytes),
    })),
    ...(extra as object),
  })
  async function put(dir: string, path: string, text: string) {
    await mkdir(join(dir, path, '..'), { recursive: true })
    await writeFile(join(dir, path), text)
  }
  /** setUp's repository with the folder committed (a1, b1, the order file, a README) and on disk alike. */
  async function folderSetUp() {
    const s = await setUp()
    const start = [
      { name: A1, text: '{"id":"a1"}' },
      { name: B1, text: '{"id":"b1"}' },
      { name: ORDER, text: '["a1","b1"]' },
      { name: 'blogs/README.md', text: 'yazılar' },
      { name: 'social-projects/p/p1.json', text: '{"id":"p1"}' },
    ]
    for (const f of start) await put(s.dir, f.name, f.text)
    await s.repo.commit(start, SERVER, 'Klasör')
    return s
  }
  const SERVER = { name: 'Site sunucusu', email: 'sunucu@localhost' }
  const changed = (dir: string, rev: string) => git(dir, 'show', '--name-status', '--format=', rev).split('\n')
  /** git processes started while `body` runs, by command (site_git_processes_total). */
  async function gitCalls(body: () => Promise<void>) {
    const counts = async () => new Map((await metrics.gitProcesses.get()).values.map((v) => [String(v.labels.command), v.value]))
    const before = await counts()
    await body()
    const added: Record<string, number> = {}
    for (const [command, n] of await counts()) if (n > (before.get(command) ?? 0)) added[command] = n - (before.get(command) ?? 0)
    return added
  }

  it('reads the folders’ entry and order files (links and misplaced files aside), and no bytes for a removed path', async () => {
    const { dir, journal } = await folderSetUp()
    const other = await temp()
    await writeFile(join(other, 'x.json'), '{"id":"x"}')
    await symlink(join(other, 'x.json'), join(dir, 'blogs/a/a2.json'))
    // A bucket that is a link is not followed; a file in the wrong bucket, or not an entry, is no content.
    await mkdir(join(other, 'd'))
    await writeFile(join(other, 'd', 'd1.json'), '{}')
    await symlink(join(other, 'd'), join(dir, 'blogs/d'))
    await put(dir, 'blogs/a/b2.json', '{}')
    await put(dir, 'blogs/c/notlar.txt', '')
    await journal.record(paths('1', [{ path: C1, text: null }, { path: 'pages.json', text: '{}' }]), [])
    const snapshot = await readRecoverySnapshot(journal, dir, FILES)
    // (In the order the disk lists them.)
    expect([...snapshot.folders].map(([name, found]) => [name, found.toSorted()])).toEqual([
      ['blogs', [ORDER, A1, 'blogs/a/a2.json', B1]],
      ['social-projects', ['social-projects/p/p1.json']],
    ])
    const disk = [...snapshot.disk].map(([f, b]) => [f, b && b.toString()])
    expect(disk.slice(0, 2)).toEqual([
      ['blogs.json', '[]'],
      ['pages.json', '{}'],
    ])
    expect(disk.slice(2).toSorted()).toEqual([
      [ORDER, '["a1","b1"]'],
      [A1, '{"id":"a1"}'],
      ['blogs/a/a2.json', null],
      [B1, '{"id":"b1"}'],
      ['social-projects/p/p1.json', '{"id":"p1"}'],
    ])
  })

  it('a crash-left save of several paths is one commit under its author: paths from disk or kept bytes, the removal too', async () => {
    const { dir, repo, journal, subjects } = await folderSetUp()
    const lines = captureLog()
    // Save 1 (Ayşe) added c1, removed b1 and wrote the order; save 2 (Ali) wrote the order again (save 1's order
    // bytes were kept then). Save 3 is a removal already in HEAD's place: nothing to commit for it.
    await journal.record(
      paths('1', [
        { path: C1, text: '{"id":"c1"}' },
        { path: B1, text: null },
        { path: ORDER, text: '["c1","a1"]', bytes: '["c1","a1"]' },
      ]),
      [],
    )
    await journal.record(intent('2', ORDER, '["a1","c1"]', { author: ALI }), [])
    await journal.record(paths('3', [{ path: 'blogs/z/z9.json', text: null }]), [])
    await put(dir, C1, '{"id":"c1"}')
    await rm(join(dir, B1))
    await put(dir, ORDER, '["a1","c1"]')
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, dir, FILES), FILES)
    expect(subjects().slice(0, 3)).toEqual(['Ali|Kayıt 2', 'Ayşe|Kayıt 1', 'Site sunucusu|Klasör'])
    expect(changed(dir, 'HEAD~1')).toEqual([`M\t${ORDER}`, `D\t${B1}`, `A\t${C1}`])
    expect(git(dir, 'show', `HEAD~1:${ORDER}`)).toBe('["c1","a1"]')
    expect(git(dir, 'show', `HEAD:${ORDER}`)).toBe('["a1","c1"]')
    expect(journal.pending()).toEqual([])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(lines).toEqual([
      "info Yarım kalan kayıt git'e eklendi: Kayıt 1 (Ayşe)",
      "info Yarım kalan kayıt git'e eklendi: Kayıt 2 (Ali)",
      "debug Kayıt zaten git'teydi: Kayıt 3",
    ])
  })

  it('a path whose bytes are gone is skipped and logged, the save’s other paths committed; the folder’s change then under the server', async () => {
    const { dir, repo, journal, subjects } = await folderSetUp()
    const lines = captureLog()
    await journal.record(paths('1', [{ path: C1, text: '{"id":"c1"}' }, { path: A1, text: null }]), [])
    // c1 changed outside after the save; a1 removed as the save did.
    await put(dir, C1, '{"id":"c1","elle":true}')
    await rm(join(dir, A1))
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, dir, FILES), FILES)
    expect(subjects().slice(0, 3)).toEqual([
      'Site sunucusu|Kaydedilmemiş değişiklik kurtarıldı: blogs/ (1 dosya)',
      'Ayşe|Kayıt 1',
      'Site sunucusu|Klasör',
    ])
    expect(changed(dir, 'HEAD~1')).toEqual([`D\t${A1}`])
    expect(changed(dir, 'HEAD')).toEqual([`A\t${C1}`])
    expect(git(dir, 'show', `HEAD:${C1}`)).toBe('{"id":"c1","elle":true}')
    expect(journal.pending()).toEqual([])
    expect(lines).toEqual([
      `error Yarım kalan kaydın içeriği artık diskte yok, atlandı: Kayıt 1 (${C1})`,
      "info Yarım kalan kayıt git'e eklendi: Kayıt 1 (Ayşe)",
      "info Kaydedilmemiş değişiklik kurtarıldı: blogs/ (1 dosya) (klasör git'tekinden farklıydı)",
    ])
  })

  it('a folder changed outside: changed, added and removed entry files in one commit per collection, with one ls-tree', async () => {
    const { dir, repo, journal, subjects } = await folderSetUp()
    const A3 = 'blogs/a/a3.json'
    await put(dir, A3, '{"id":"a3"}')
    await repo.commit([{ name: A3, text: '{"id":"a3"}' }], SERVER, 'a3')
    await put(dir, A1, '{"id":"a1","v":2}')
    await rm(join(dir, B1))
    await put(dir, C1, '{"id":"c1"}')
    // Not removals: the README (no entry), an entry now unreadable (a link), the order file missing.
    await rm(join(dir, 'blogs/README.md'))
    await rm(join(dir, ORDER))
    await rm(join(dir, A3))
    await symlink(join(dir, C1), join(dir, A3))
    // The other folder: its post removed; a one-file collection changed (today's message, its own commit, first).
    await rm(join(dir, 'social-projects/p/p1.json'))
    await writeFile(join(dir, 'pages.json'), '{"b":1}')
    const snapshot = await readRecoverySnapshot(journal, dir, FILES)
    const lines = captureLog()
    await commitRecovered(repo, journal, snapshot, FILES)
    expect(subjects().slice(0, 4)).toEqual([
      'Site sunucusu|Kaydedilmemiş değişiklik kurtarıldı: social-projects/ (1 dosya)',
      'Site sunucusu|Kaydedilmemiş değişiklik kurtarıldı: blogs/ (3 dosya)',
      'Site sunucusu|Kaydedilmemiş değişiklik kurtarıldı: pages.json',
      'Site sunucusu|a3',
    ])
    expect(changed(dir, 'HEAD~1')).toEqual([`M\t${A1}`, `D\t${B1}`, `A\t${C1}`])
    expect(changed(dir, 'HEAD')).toEqual(['D\tsocial-projects/p/p1.json'])
    expect(git(dir, 'ls-tree', '-r', '--name-only', 'HEAD', 'blogs').split('\n')).toEqual(['blogs/README.md', ORDER, A1, A3, C1])
    expect(lines).toContain("info Kaydedilmemiş değişiklik kurtarıldı: blogs/ (3 dosya) (klasör git'tekinden farklıydı)")
    // Nothing left: again, nothing committed, and the whole comparison was one git process.
    const again = await readRecoverySnapshot(journal, dir, FILES)
    expect(await gitCalls(() => commitRecovered(repo, journal, again, FILES))).toEqual({ 'ls-tree': 1 })
    expect(subjects()).toHaveLength(6)
  })

  it('HEAD’s folder is read with one ls-tree however many entry files; no difference, no commit', async () => {
    const { dir, repo, journal, subjects } = await setUp()
    const posts = Array.from({ length: 40 }, (_, i) => ({ name: `blogs/p/p${i}.json`, text: `{"id":"p${i}"}` }))
    posts.push({ name: 'social-projects/s/s1.json', text: '{}' })
    for (const p of posts) await put(dir, p.name, p.text)
    await repo.commit(posts, SERVER, 'Klasör')
    const snapshot = await readRecoverySnapshot(journal, dir, FILES)
    expect(snapshot.folders.get('blogs')).toHaveLength(40)
    expect(await gitCalls(() => commitRecovered(repo, journal, snapshot, FILES))).toEqual({ 'ls-tree': 1 })
    expect(subjects()).toHaveLength(2)
  })

  it('a folder that cannot be listed whole is left out (logged), never read as its posts removed', async () => {
    const { dir, repo, journal, subjects } = await folderSetUp()
    const lines = captureLog()
    await rm(join(dir, 'social-projects/p/p1.json'))
    unlistable.path = join(dir, 'blogs', 'b')
    const snapshot = await readRecoverySnapshot(journal, dir, FILES)
    unlistable.path = null
    expect([...snapshot.folders.keys()]).toEqual(['social-projects'])
    await commitRecovered(repo, journal, snapshot, FILES)
    expect(subjects().slice(0, 2)).toEqual([
      'Site sunucusu|Kaydedilmemiş değişiklik kurtarıldı: social-projects/ (1 dosya)',
      'Site sunucusu|Klasör',
    ])
    expect(lines[0]).toBe('error blogs/ klasörü okunamadı, kurtarmada atlandı: EIO: okunamadı')
  })

  it('a folder missing on disk, or there as a link, is no removal of its posts', async () => {
    const { dir, repo, journal, subjects } = await folderSetUp()
    const other = await temp()
    await rm(join(dir, 'blogs'), { recursive: true })
    await rename(join(dir, 'social-projects'), join(other, 'social-projects'))
    await rm(join(other, 'social-projects/p/p1.json'))
    await symlink(join(other, 'social-projects'), join(dir, 'social-projects'))
    const snapshot = await readRecoverySnapshot(journal, dir, FILES)
    expect([...snapshot.folders]).toEqual([])
    await commitRecovered(repo, journal, snapshot, FILES)
    expect(subjects()[0]).toBe('Site sunucusu|Klasör')
  })
})
