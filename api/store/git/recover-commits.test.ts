import { execFileSync } from 'node:child_process'
import { mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, log, setLogger } from '../../lib/log.ts'
import { memoryJournal, type CommitIntent } from './commit-journal.ts'
import { openContentRepo } from './content-repo.ts'
import { blobId } from './git-text.ts'
import { commitRecovered, readRecoverySnapshot } from './recover-commits.ts'

/**
 * The start's recovery on its own (issue 28, mutation group `git-recovery`): a real repository in a temporary folder,
 * the in-memory journal as a crash left it, no app. Each save a crash left uncommitted becomes its own commit under
 * its own author; any other difference from HEAD is committed under the server's name (decision 025).
 */

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
