import { execFileSync } from 'node:child_process'
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterEach, describe, expect, it } from 'vitest'
import { openDataStore, type DataStore } from '../data-store.ts'
import type { CommitIntent } from '../git/commit-journal.ts'
import { openContentRepo } from '../git/content-repo.ts'
import { blobId } from '../git/git-text.ts'
import { commitRecovered, readRecoverySnapshot } from '../git/recover-commits.ts'
import { DB_FILE } from './database.ts'

/**
 * The commit journal in DATA_DIR's database (decisions 025, 333): an intent of several paths keeps one row per
 * path (migration 324); rows an older version wrote, with no path rows, still read and recover as one file.
 */

const cleanups: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})
async function temp() {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'journal-')))
  cleanups.push(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }))
  return dir
}
async function open(dataDir: string) {
  const data = await openDataStore(dataDir)
  cleanups.unshift(() => data.close())
  return data
}
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
const AYSE = { name: 'Ayşe', email: 'ayse@ornek.com' }
const text = (bytes: Uint8Array | null) => bytes && Buffer.from(bytes).toString()
/** An intent as plain values (bytes as text), whichever form it has. */
const shown = (i: CommitIntent) =>
  i.file === undefined
    ? {
        id: i.id,
        message: i.message,
        author: i.author,
        files: i.files.map((p) => [p.path, p.blob, text(p.bytes)]),
      }
    : { id: i.id, message: i.message, author: i.author, file: i.file, blob: i.blob, bytes: text(i.bytes) }
const pathRows = (data: DataStore) =>
  Number(data.db.prepare('SELECT count(*) AS n FROM content_commit_journal_path').get()!.n)

describe('the SQLite commit journal', () => {
  it('keeps an intent of several paths (a removal without blob), its kept bytes per path, and forgets its paths when done', async () => {
    const data = await open(await temp())
    const journal = data.commitJournal('/srv/icerik')
    const elsewhere = data.commitJournal('/srv/baska')
    const many: CommitIntent = {
      id: 'i1',
      author: AYSE,
      message: 'Yazılar',
      files: [
        { path: 'blogs/c/c1.json', blob: blobId('c'), bytes: null },
        { path: 'blogs/b/b1.json', blob: null, bytes: null },
        { path: 'blogs/_sira.json', blob: blobId('o'), bytes: Buffer.from('o') },
      ],
    }
    await journal.record(many, [])
    // A one-file intent whose bytes go in with it (an outside edit about to be overwritten).
    await journal.record(
      {
        id: 'i2',
        file: 'pages.json',
        author: AYSE,
        message: 'Sayfa',
        blob: blobId('p'),
        bytes: Buffer.from('p0'),
      },
      [],
    )
    expect(journal.pending().map(shown)[1]).toEqual({
      id: 'i2',
      message: 'Sayfa',
      author: AYSE,
      file: 'pages.json',
      blob: blobId('p'),
      bytes: 'p0',
    })
    await elsewhere.record({ ...many, id: 'x1' }, [])
    // Kept later: one path of the first (by path), the second whole (one file: no path).
    await journal.record(null, [
      { id: 'i1', path: 'blogs/c/c1.json', bytes: Buffer.from('c') },
      { id: 'i2', bytes: Buffer.from('p') },
    ])
    expect(journal.pending().map(shown)).toEqual([
      {
        id: 'i1',
        message: 'Yazılar',
        author: AYSE,
        files: [
          ['blogs/c/c1.json', blobId('c'), 'c'],
          ['blogs/b/b1.json', null, null],
          ['blogs/_sira.json', blobId('o'), 'o'],
        ],
      },
      { id: 'i2', message: 'Sayfa', author: AYSE, file: 'pages.json', blob: blobId('p'), bytes: 'p' },
    ])
    // The intent's own row names its first path, so a version without the path table still finds a file there.
    expect(
      data.db.prepare("SELECT file, blob, bytes FROM content_commit_journal WHERE id = 'i1'").get(),
    ).toEqual({
      file: 'blogs/c/c1.json',
      blob: blobId('c'),
      bytes: null,
    })
    expect(pathRows(data)).toBe(6)
    await journal.done('i1')
    expect(journal.pending().map((i) => i.id)).toEqual(['i2'])
    expect(pathRows(data)).toBe(3)
    expect(elsewhere.pending().map(shown)).toEqual([{ ...shown(many), id: 'x1' }])
  })

  it('a removal first: its own row has no blob to name', async () => {
    const data = await open(await temp())
    const journal = data.commitJournal('/srv/icerik')
    await journal.record(
      {
        id: 'r',
        author: AYSE,
        message: 'Silindi',
        files: [{ path: 'blogs/b/b1.json', blob: null, bytes: null }],
      },
      [],
    )
    expect(data.db.prepare("SELECT file, blob FROM content_commit_journal WHERE id = 'r'").get()).toEqual({
      file: 'blogs/b/b1.json',
      blob: '',
    })
    expect(journal.pending().map(shown)).toEqual([
      { id: 'r', message: 'Silindi', author: AYSE, files: [['blogs/b/b1.json', null, null]] },
    ])
  })

  it('a row an older version wrote (no path rows, before migration 324) is read as one file and recovered under its author', async () => {
    const dataDir = await temp()
    const content = await temp()
    await writeFile(join(content, 'blogs.json'), '[]')
    const repo = await openContentRepo(content)
    // The database as the version before 324 left it: no path table, one row per intent, written by its SQL.
    const first = await openDataStore(dataDir)
    await first.close()
    const raw = new DatabaseSync(join(dataDir, DB_FILE))
    raw.exec('DROP TABLE content_commit_journal_path; DELETE FROM schema_migrations WHERE version = 324')
    const old = raw.prepare(
      'INSERT INTO content_commit_journal (id, content_dir, file, author_name, author_email, message, blob, bytes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    // Two saves of blogs.json: the first's bytes kept (the file moved on), the second's on disk.
    old.run(
      'eski-1',
      content,
      'blogs.json',
      'Ayşe',
      'ayse@ornek.com',
      'Eski kayıt 1',
      blobId('[1]'),
      Buffer.from('[1]'),
      '2026-11-01T00:00:00Z',
    )
    old.run(
      'eski-2',
      content,
      'blogs.json',
      'Ali',
      'ali@ornek.com',
      'Eski kayıt 2',
      blobId('[1,2]'),
      null,
      '2026-11-01T00:00:01Z',
    )
    raw.close()
    await writeFile(join(content, 'blogs.json'), '[1,2]')

    const data = await open(dataDir)
    expect(pathRows(data)).toBe(0)
    const journal = data.commitJournal(content)
    expect(journal.pending().map(shown)).toEqual([
      {
        id: 'eski-1',
        message: 'Eski kayıt 1',
        author: AYSE,
        file: 'blogs.json',
        blob: blobId('[1]'),
        bytes: '[1]',
      },
      {
        id: 'eski-2',
        message: 'Eski kayıt 2',
        author: { name: 'Ali', email: 'ali@ornek.com' },
        file: 'blogs.json',
        blob: blobId('[1,2]'),
        bytes: null,
      },
    ])
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, content, ['blogs.json']), [
      'blogs.json',
    ])
    expect(git(content, 'log', '--format=%an|%s').split('\n')).toEqual([
      'Ali|Eski kayıt 2',
      'Ayşe|Eski kayıt 1',
      'Site sunucusu|İçerik deposu oluşturuldu',
    ])
    expect(git(content, 'show', 'HEAD~1:blogs.json')).toBe('[1]')
    expect(journal.pending()).toEqual([])
  })

  it('an intent of several paths through the database recovers as one commit', async () => {
    const data = await open(await temp())
    const content = await temp()
    await writeFile(join(content, 'blogs.json'), '[]')
    const repo = await openContentRepo(content)
    await mkdir(join(content, 'blogs', 'a'), { recursive: true })
    await writeFile(join(content, 'blogs/a/a1.json'), '{"id":"a1"}')
    await writeFile(join(content, 'blogs/_sira.json'), '["a1"]')
    const journal = data.commitJournal(content)
    await journal.record(
      {
        id: 'y',
        author: AYSE,
        message: 'Yeni yazı',
        files: [
          { path: 'blogs/a/a1.json', blob: blobId('{"id":"a1"}'), bytes: null },
          { path: 'blogs/_sira.json', blob: blobId('["a1"]'), bytes: null },
        ],
      },
      [],
    )
    await commitRecovered(repo, journal, await readRecoverySnapshot(journal, content, ['blogs.json']), [
      'blogs.json',
    ])
    expect(git(content, 'log', '-1', '--format=%an|%s', '--name-status')).toBe(
      'Ayşe|Yeni yazı\n\nA\tblogs/_sira.json\nA\tblogs/a/a1.json',
    )
    expect(journal.pending()).toEqual([])
    expect(pathRows(data)).toBe(0)
  })
})
