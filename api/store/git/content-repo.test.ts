import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { Writable } from 'node:stream'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openContentRepo, recoveredMessage, SERVER_AUTHOR } from './content-repo.ts'
import { blobId } from './git-text.ts'
import { git } from '../../testing/maintainer-git.ts'
import { createLogger, log, setLogger } from '../../lib/log.ts'
import { metrics } from '../../lib/metrics.ts'

/**
 * The content repository on its own (issue 28, mutation group `git-repo`): real git in temporary folders, no app.
 * What a maintainer sees after the server's commits: who, what, which files, a clean `git status`.
 */

const cleanups: string[] = []
afterEach(async () => {
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 5 })
})
async function temp() {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'content-repo-')))
  cleanups.push(dir)
  return dir
}
const AYSE = { name: 'Ayşe Yılmaz', email: 'ayse@ornek.com' }

/** A folder in no repository with two JSON files and one that is not JSON, opened (git init + first commit). */
async function fresh() {
  const dir = await temp()
  await writeFile(join(dir, 'blogs.json'), '[]\n')
  await writeFile(join(dir, 'pages.json'), '{"a":1}\n')
  await writeFile(join(dir, 'notlar.txt'), 'not JSON\n')
  const repo = await openContentRepo(dir)
  return { dir, repo }
}

// Issue 28, fourth session of 2026-11-28: the survivors of the full mutation run (first in the file: a mutant they kill
// never waits for the slower tests below).
/** git processes the module started, by command (site_git_processes_total); `since` gives what a call added. */
async function gitCounts() {
  return new Map((await metrics.gitProcesses.get()).values.map((v) => [String(v.labels.command), v.value]))
}
async function since(before: Map<string, number>) {
  const added: Record<string, number> = {}
  for (const [command, n] of await gitCounts()) if (n > (before.get(command) ?? 0)) added[command] = n - (before.get(command) ?? 0)
  return added
}
/** The messages the module logs while `body` runs. */
async function logged(body: () => Promise<void>) {
  const lines: string[] = []
  const original = log
  setLogger(
    createLogger(
      new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push((JSON.parse(line) as { msg: string }).msg)
          done()
        },
      }),
      'debug',
    ),
  )
  try {
    await body()
  } finally {
    setLogger(original)
  }
  return lines
}
/** A `git` first on PATH for `body` (shell lines run before the real git, which does the work). */
async function withGitOnPath(script: string, body: () => Promise<void>) {
  const bin = await temp()
  const real = join(git(bin, '--exec-path'), 'git')
  await writeFile(join(bin, 'git'), `#!/bin/sh\n${script}\nexec '${real}' "$@"\n`)
  await chmod(join(bin, 'git'), 0o755)
  const path = process.env.PATH
  process.env.PATH = `${bin}:${path}`
  try {
    await body()
  } finally {
    process.env.PATH = path
  }
}

describe('what a save costs, where it lands, when it gives up', () => {
  // Decision 333: no private index (it was 'update-index' twice and 'write-tree'; the same bytes again cost three
  // processes). Issue 33: the blob, trees and commit are written by the server itself (loose-objects.ts).
  it('a save on the HEAD the server knows: two git processes; the same bytes again: none', async () => {
    const { dir, repo } = await fresh()
    await writeFile(join(dir, 'blogs.json'), '[1]')
    let before = await gitCounts()
    const sha = await repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'bir')
    expect(await since(before)).toEqual({ 'update-ref': 1, 'update-index': 1 })
    before = await gitCounts()
    expect(await repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'aynı')).toBeNull()
    expect(await since(before)).toEqual({})
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(sha)
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    // Closing twice is no error (the server's stop may run twice).
    await repo.close()
    await repo.close()
    expect(existsSync(join(dir, '.git', 'site-content-index'))).toBe(false)
  })

  it('a maintainer switches branches between saves: the next save lands on the branch checked out now', async () => {
    const { dir, repo } = await fresh()
    const first = git(dir, 'symbolic-ref', '--short', 'HEAD')
    const before = git(dir, 'rev-parse', 'HEAD')
    git(dir, 'checkout', '-q', '-b', 'yan')
    await writeFile(join(dir, 'blogs.json'), '[2]')
    const sha = await repo.commit([{ name: 'blogs.json', text: '[2]' }], AYSE, 'yan dalda')
    expect(git(dir, 'symbolic-ref', 'HEAD')).toBe('refs/heads/yan')
    expect(git(dir, 'rev-parse', 'yan')).toBe(sha)
    expect(git(dir, 'rev-parse', first)).toBe(before)
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    // Back on the first branch, whose tip is not the server's last commit: the compare-and-swap fails, HEAD is reread.
    git(dir, 'checkout', '-q', first)
    await writeFile(join(dir, 'blogs.json'), '[3]')
    const next = (await repo.commit([{ name: 'blogs.json', text: '[3]' }], AYSE, 'ilk dalda'))!
    expect(git(dir, 'rev-parse', first)).toBe(next)
    expect(git(dir, 'log', '-1', '--format=%P', next)).toBe(before)
    expect(git(dir, 'rev-parse', 'yan')).toBe(sha)
  })

  it('the branch locked by another git: three tries, then git’s error (a fourth would have worked); the next save goes through', async () => {
    const { dir, repo } = await fresh()
    const lock = join(dir, '.git', `${git(dir, 'symbolic-ref', 'HEAD')}.lock`)
    const head = git(dir, 'rev-parse', 'HEAD')
    const count = join(await temp(), 'update-ref')
    // Counts update-ref calls and frees the lock at the fourth.
    const script = `if [ "$1" = update-ref ]; then n=$(( $(cat '${count}' 2>/dev/null || echo 0) + 1 )); echo $n > '${count}'; if [ $n -ge 4 ]; then rm -f '${lock}'; fi; fi`
    await withGitOnPath(script, async () => {
      await writeFile(lock, '')
      await expect(repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'kilitli')).rejects.toThrow(/^git update-ref: .*\.lock/s)
      expect(await readFile(count, 'utf8')).toBe('3\n')
      expect(git(dir, 'rev-parse', 'HEAD')).toBe(head)
      await rm(lock)
      await writeFile(join(dir, 'blogs.json'), '[1]')
      const sha = await repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'serbest')
      expect(git(dir, 'rev-parse', 'HEAD')).toBe(sha)
      expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    })
  })

  it('a merge carries a changed file and a removed one at once, also one the work tree already lacks; HEAD stays on its branch', async () => {
    const { dir, repo } = await fresh()
    const branch = git(dir, 'symbolic-ref', 'HEAD')
    await writeFile(join(dir, 'README.md'), 'bir\n')
    await writeFile(join(dir, 'eski.txt'), 'x\n')
    git(dir, 'add', 'README.md', 'eski.txt')
    git(dir, 'commit', '-qm', 'bakımcı')
    const ours = git(dir, 'rev-parse', 'HEAD')
    const { theirs } = await otherSide(dir, async (clone) => {
      await writeFile(join(clone, 'README.md'), 'iki\n')
      git(clone, 'rm', '-q', 'eski.txt')
      git(clone, 'commit', '-qam', 'uzak')
    })
    await rm(join(dir, 'eski.txt')) // the maintainer deleted it by hand already
    const merge = await repo.commit([], SERVER_AUTHOR, 'birleştirildi', theirs, { carry: ['README.md', 'eski.txt'] })
    expect(git(dir, 'log', '-1', '--format=%H %P')).toBe(`${merge} ${ours} ${theirs}`)
    expect(git(dir, 'ls-tree', '--name-only', 'HEAD').split('\n')).toEqual(['README.md', 'blogs.json', 'pages.json'])
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('iki\n')
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    // Only a path neither side has: nothing to check out; the merge is still a commit and HEAD stays on the branch.
    const again = await repo.commit([], SERVER_AUTHOR, 'yine', theirs, { carry: ['yok.txt'] })
    expect(git(dir, 'log', '-1', '--format=%H %P')).toBe(`${again} ${merge} ${theirs}`)
    expect(git(dir, 'symbolic-ref', 'HEAD')).toBe(branch)
  })

  it('a merge while a maintainer’s git holds the real index: the commit stands, the file that could not follow is logged', async () => {
    const { dir, repo } = await fresh()
    const { theirs } = await otherSide(dir, async (clone) => {
      await writeFile(join(clone, 'README.md'), 'r\n')
      git(clone, 'add', 'README.md')
      git(clone, 'commit', '-qm', 'uzak')
    })
    let merge: string | null = null
    const lines = await logged(async () => {
      await writeFile(join(dir, '.git', 'index.lock'), '')
      merge = await repo.commit([], SERVER_AUTHOR, 'birleştirildi', theirs, { carry: ['README.md'] })
    })
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(merge)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(/^git checkout: fatal: Unable to create '.*index\.lock': File exists/)
    expect(existsSync(join(dir, 'README.md'))).toBe(false)
  })

  it('a fast-forward with no content file leaves the real index alone: a maintainer’s staged change stays staged', async () => {
    const { dir, repo } = await fresh()
    const { theirs } = await otherSide(dir, async (clone) => {
      await writeFile(join(clone, 'README.md'), 'r\n')
      git(clone, 'add', 'README.md')
      git(clone, 'commit', '-qm', 'uzak')
    })
    await writeFile(join(dir, 'pages.json'), '{"a":2}\n')
    git(dir, 'add', 'pages.json')
    expect(await repo.fastForward(theirs, [], ['README.md'])).toBe(true)
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(theirs)
    expect(git(dir, 'status', '--porcelain').split('\n')).toEqual(['M  pages.json', '?? notlar.txt'])
  })

  it('showMany reads only whole commit ids (not one with anything before or after it); none asked, no git process', async () => {
    const { dir, repo } = await fresh()
    const first = git(dir, 'rev-parse', 'HEAD')
    const second = (await repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'bir'))!
    expect([...(await repo.showMany([`${second}^`, `x${second}`, second, first], 'blogs.json'))]).toEqual([
      [second, '[1]'],
      [first, '[]\n'],
    ])
    const before = await gitCounts()
    expect(await repo.showMany(['HEAD', `${second}~1`], 'blogs.json')).toEqual(new Map())
    expect(await since(before)).toEqual({})
  })

  it('headBlobs: a folder is never a file, whatever its name', async () => {
    // A folder named like the rest of a blob row ("… 1 blob <id>\t<name>"): only a row's start says what it is.
    const { dir, repo } = await fresh()
    const odd = `k 100644 blob ${'a'.repeat(40)}\tblogs.json`
    await mkdir(join(dir, odd))
    await writeFile(join(dir, odd, 'ic.txt'), 'i\n')
    git(dir, 'add', '.')
    git(dir, 'commit', '-qm', 'tuhaf klasör')
    expect(await repo.headBlobs([odd])).toEqual(new Map())
  })

  it('a server that reads HEAD afresh (a restart) still commits nothing for bytes HEAD already has', async () => {
    const { dir } = await fresh()
    const head = git(dir, 'rev-parse', 'HEAD')
    const restarted = await openContentRepo(dir)
    expect(await restarted.commit([{ name: 'blogs.json', text: '[]\n' }], AYSE, 'aynı')).toBeNull()
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head)
  })

  it('local mode never packs the repository it lies in (its owner’s)', async () => {
    const top = await temp()
    git(top, 'init', '-q')
    const dir = join(top, 'content')
    await mkdir(dir)
    await writeFile(join(dir, 'blogs.json'), '[]')
    git(top, 'add', '.')
    git(top, 'commit', '-qm', 'ilk')
    const local = await openContentRepo(dir)
    await local.maintain()
    expect(Number(/^count: (\d+)$/m.exec(git(top, 'count-objects', '-v'))![1])).toBeGreaterThan(0)
  })
})

describe('opening', () => {
  it('a folder in no repository becomes one, its JSON files committed by the server; commit mode, no prefix', async () => {
    const { dir, repo } = await fresh()
    expect(repo.mode).toBe('commit')
    expect(repo.prefix).toBe('')
    expect(repo.root).toBe(dir)
    expect(repo.gitDir).toBe(join(dir, '.git'))
    expect(git(dir, 'log', '--format=%an|%ae|%cn|%ce|%s')).toBe(
      'Site sunucusu|sunucu@localhost|Site sunucusu|sunucu@localhost|İçerik deposu oluşturuldu',
    )
    expect(git(dir, 'ls-tree', '--name-only', 'HEAD').split('\n')).toEqual(['blogs.json', 'pages.json'])
    // The real index holds the committed files: only the non-JSON file is untracked.
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
  })

  it('a JSON link is never read into the first commit', async () => {
    const dir = await temp()
    const other = await temp()
    await writeFile(join(other, 'gizli.json'), '{"secret":1}')
    await writeFile(join(dir, 'blogs.json'), '[]')
    await symlink(join(other, 'gizli.json'), join(dir, 'baglanti.json'))
    await openContentRepo(dir)
    expect(git(dir, 'ls-tree', '--name-only', 'HEAD')).toBe('blogs.json')
  })

  it('a folder inside another repository: local mode (no commits) unless commits are "always"', async () => {
    const top = await temp()
    git(top, 'init', '-q')
    const dir = join(top, 'content')
    await mkdir(dir)
    await writeFile(join(dir, 'blogs.json'), '[]')
    git(top, 'add', '.')
    git(top, 'commit', '-qm', 'ilk')
    const local = await openContentRepo(dir)
    expect(local.mode).toBe('local')
    expect(local.prefix).toBe('content')
    expect(local.root).toBe(top)
    await writeFile(join(dir, 'blogs.json'), '[1]')
    expect(await local.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'x')).toBeNull()
    expect(await local.fastForward('HEAD', ['blogs.json'])).toBe(false)
    await local.maintain()
    expect(git(top, 'rev-list', '--count', 'HEAD')).toBe('1')
    // Its history is still read (through the prefix).
    expect((await local.log('blogs.json')).map((e) => e.message)).toEqual(['ilk'])
    expect(await local.show('HEAD', 'blogs.json')).toBe('[]')
    expect(await local.headBlobs(['blogs.json'])).toEqual(new Map([['blogs.json', blobId('[]')]]))

    const always = await openContentRepo(dir, { commits: 'always' })
    expect(always.mode).toBe('commit')
    const sha = await always.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'Kayıt')
    expect(sha).toBe(git(top, 'rev-parse', 'HEAD'))
    expect(git(top, 'show', '--name-only', '--format=', 'HEAD')).toBe('content/blogs.json')
    expect(git(top, 'status', '--porcelain')).toBe('')
  })

  it('a repository made by its owner is opened as it is: no commit of its own', async () => {
    const dir = await temp()
    git(dir, 'init', '-q')
    await writeFile(join(dir, 'blogs.json'), '[]')
    const repo = await openContentRepo(dir)
    expect(repo.mode).toBe('commit')
    expect(git(dir, 'rev-list', '--all')).toBe('')
    // The first commit of an empty repository has no parent.
    const sha = await repo.commit([{ name: 'blogs.json', text: '[]' }], AYSE, 'ilk kayıt')
    expect(git(dir, 'rev-list', '--parents', '-n', '1', sha!)).toBe(sha)
  })
})

describe('commits', () => {
  it('exactly the given files, by the staff member, committed by the server; null when nothing changed; git status clean', async () => {
    const { dir, repo } = await fresh()
    const first = git(dir, 'rev-parse', 'HEAD')
    await writeFile(join(dir, 'blogs.json'), '[{"id":"a"}]\n')
    const sha = await repo.commit([{ name: 'blogs.json', text: '[{"id":"a"}]\n' }], AYSE, 'Blog yazısı eklendi')
    expect(sha).toBe(git(dir, 'rev-parse', 'HEAD'))
    expect(git(dir, 'log', '-1', '--format=%P|%an|%ae|%cn|%ce|%s')).toBe(
      `${first}|Ayşe Yılmaz|ayse@ornek.com|Site sunucusu|sunucu@localhost|Blog yazısı eklendi`,
    )
    expect(git(dir, 'show', '--name-only', '--format=', 'HEAD')).toBe('blogs.json')
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    // The same bytes again: no commit.
    expect(await repo.commit([{ name: 'blogs.json', text: '[{"id":"a"}]\n' }], AYSE, 'tekrar')).toBeNull()
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(sha)
    // Pieces of bytes are one file.
    const pieces = [Buffer.from('[{"id":'), Buffer.from('"b"}]\n')]
    await writeFile(join(dir, 'blogs.json'), Buffer.concat(pieces))
    await repo.commit([{ name: 'blogs.json', text: pieces }], AYSE, 'parça')
    expect(git(dir, 'show', 'HEAD:blogs.json')).toBe('[{"id":"b"}]')
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
  })

  it('an author git would refuse and a message with line breaks are made acceptable', async () => {
    const { dir, repo } = await fresh()
    await repo.commit([{ name: 'blogs.json', text: '[1]' }], { name: '...', email: 'ayse@ornek.com' }, 'Satır\nbir\0iki')
    expect(git(dir, 'log', '-1', '--format=%an|%ae|%B')).toBe('ayse@ornek.com|ayse@ornek.com|Satır bir iki')
  })

  it('a maintainer’s staged change is never part of the server’s commit', async () => {
    const { dir, repo } = await fresh()
    await writeFile(join(dir, 'pages.json'), '{"a":2}\n')
    git(dir, 'add', 'pages.json')
    await repo.commit([{ name: 'blogs.json', text: '[2]' }], AYSE, 'kayıt')
    expect(git(dir, 'show', '--name-only', '--format=', 'HEAD')).toBe('blogs.json')
    expect(git(dir, 'show', 'HEAD:pages.json')).toBe('{"a":1}')
    // Still staged for the maintainer.
    expect(git(dir, 'diff', '--cached', '--name-only')).toBe('pages.json')
  })

  it('someone else commits in between: the next commit goes on top of theirs, nothing of theirs lost', async () => {
    const { dir, repo } = await fresh()
    await repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'bir')
    await writeFile(join(dir, 'blogs.json'), '[1]')
    await writeFile(join(dir, 'pages.json'), '{"a":3}')
    git(dir, 'commit', '-qam', 'bakımcı')
    const theirs = git(dir, 'rev-parse', 'HEAD')
    await repo.commit([{ name: 'blogs.json', text: '[1,2]' }], AYSE, 'iki')
    expect(git(dir, 'log', '-1', '--format=%P')).toBe(theirs)
    expect(git(dir, 'show', 'HEAD:pages.json')).toBe('{"a":3}')
    expect(git(dir, 'show', 'HEAD:blogs.json')).toBe('[1,2]')
  })

  it('a merge with a second parent is a commit even when the tree stays, and carries other files as that parent has them', async () => {
    const { dir, repo } = await fresh()
    const head = git(dir, 'rev-parse', 'HEAD')
    const { theirs } = await otherSide(dir, async (clone) => {
      await writeFile(join(clone, 'README.md'), 'okuyun\n')
      await writeFile(join(clone, 'eski.txt'), 'x\n')
      git(clone, 'add', 'README.md', 'eski.txt')
      git(clone, 'commit', '-qm', 'uzak bir')
    })
    // Nothing of the content changes: still a commit, with both parents.
    const merge = await repo.commit([], SERVER_AUTHOR, 'birleştirildi', theirs, { carry: ['README.md', 'eski.txt'] })
    expect(merge).toBe(git(dir, 'rev-parse', 'HEAD'))
    expect(git(dir, 'log', '-1', '--format=%P')).toBe(`${head} ${theirs}`)
    // The carried files are in the commit, the work tree and the real index.
    expect(git(dir, 'ls-tree', '--name-only', 'HEAD').split('\n')).toEqual(['README.md', 'blogs.json', 'eski.txt', 'pages.json'])
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('okuyun\n')
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    // The other side removes eski.txt: carried as removed (tree, index and work tree).
    const { theirs: next } = await otherSide(dir, async (clone) => {
      git(clone, 'rm', '-q', 'eski.txt')
      await writeFile(join(clone, 'pages.json'), '{"a":9}\n')
      git(clone, 'commit', '-qam', 'uzak iki')
    })
    await repo.commit([{ name: 'pages.json', text: '{"a":9}\n' }], SERVER_AUTHOR, 'birleştirildi 2', next, { carry: ['eski.txt'] })
    expect(git(dir, 'ls-tree', '--name-only', 'HEAD').split('\n')).toEqual(['README.md', 'blogs.json', 'pages.json'])
    expect(existsSync(join(dir, 'eski.txt'))).toBe(false)
    await writeFile(join(dir, 'pages.json'), '{"a":9}\n')
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    // Without carry, other paths stay as HEAD has them (a merge never takes them unasked).
    const { theirs: third } = await otherSide(dir, async (clone) => {
      await writeFile(join(clone, 'README.md'), 'değişti\n')
      git(clone, 'commit', '-qam', 'uzak üç')
    })
    await repo.commit([], SERVER_AUTHOR, 'birleştirildi 3', third)
    expect(git(dir, 'show', 'HEAD:README.md')).toBe('okuyun')
  })

  it('onto: the branch moves onto another history; only what is ours is added on top', async () => {
    const { dir, repo } = await fresh()
    const head = git(dir, 'rev-parse', 'HEAD')
    const { theirs } = await otherSide(dir, async (clone) => {
      await writeFile(join(clone, 'pages.json'), '{"a":5}\n')
      git(clone, 'commit', '-qam', 'yeni geçmiş')
    })
    // Nothing of ours differs from theirs: the branch simply moves there.
    expect(await repo.commit([{ name: 'pages.json', text: '{"a":5}\n' }], SERVER_AUTHOR, 'alındı', undefined, { onto: theirs })).toBe(theirs)
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(theirs)
    await writeFile(join(dir, 'pages.json'), '{"a":5}\n')
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    // Ours differs: one commit on top of the other history, whose only parent is it.
    const { theirs: other } = await otherSide(dir, async (clone) => {
      git(clone, 'reset', '-q', '--hard', head)
      await writeFile(join(clone, 'pages.json'), '{"a":6}\n')
      git(clone, 'commit', '-qam', 'yeniden yazıldı')
    })
    const sha = await repo.commit([{ name: 'blogs.json', text: '[7]' }], SERVER_AUTHOR, 'üstüne', undefined, { onto: other })
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(sha)
    expect(git(dir, 'log', '-1', '--format=%P')).toBe(other)
    expect(git(dir, 'show', 'HEAD:pages.json')).toBe('{"a":6}')
    expect(git(dir, 'show', 'HEAD:blogs.json')).toBe('[7]')
    // The next plain commit builds on that.
    await repo.commit([{ name: 'blogs.json', text: '[8]' }], AYSE, 'sonra')
    expect(git(dir, 'log', '-1', '--format=%P')).toBe(sha)
    expect(git(dir, 'show', 'HEAD:pages.json')).toBe('{"a":6}')
  })
})

/** Another clone of `dir` commits (`change`); its commit is fetched into `dir` as refs/diger (HEAD stays). */
async function otherSide(dir: string, change: (clone: string) => Promise<void>) {
  const clone = join(await temp(), 'klon')
  git(dir, 'clone', '-q', dir, clone)
  git(clone, 'fetch', '-q', dir, '+refs/*:refs/remotes/kaynak/*')
  const current = git(dir, 'rev-parse', 'HEAD')
  git(clone, 'checkout', '-q', current)
  await change(clone)
  const theirs = git(clone, 'rev-parse', 'HEAD')
  git(dir, 'fetch', '-q', clone, `+${theirs}:refs/diger`)
  return { theirs }
}

describe('fast-forward', () => {
  it('moves the branch to a descendant; the work tree and the index follow; false once HEAD moved elsewhere', async () => {
    const { dir, repo } = await fresh()
    const head = git(dir, 'rev-parse', 'HEAD')
    const { theirs } = await otherSide(dir, async (clone) => {
      await writeFile(join(clone, 'blogs.json'), '[3]\n')
      await writeFile(join(clone, 'README.md'), 'r\n')
      git(clone, 'add', '.')
      git(clone, 'commit', '-qm', 'uzak')
    })
    await writeFile(join(dir, 'blogs.json'), '[3]\n') // the store writes the merged file itself
    expect(await repo.fastForward(theirs, ['blogs.json'], ['README.md'])).toBe(true)
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(theirs)
    expect(await readFile(join(dir, 'README.md'), 'utf8')).toBe('r\n')
    expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    expect(git(dir, 'reflog', '-1', '--format=%gs')).toBe('İçerik uzak depodan alındı (ileri sarma)')
    // The next commit builds on the new HEAD.
    await repo.commit([{ name: 'pages.json', text: '{"b":1}' }], AYSE, 'sonra')
    expect(git(dir, 'log', '-1', '--format=%P')).toBe(theirs)
    // HEAD has moved: a target that is an older commit fails the compare-and-swap? No: update-ref only checks the
    // old value, so the store's own knowledge must be current; someone else's commit makes it stale.
    await writeFile(join(dir, 'pages.json'), '{"b":2}')
    git(dir, 'commit', '-qam', 'bakımcı')
    expect(await repo.fastForward(head, ['blogs.json'])).toBe(false)
    expect(git(dir, 'log', '-1', '--format=%s')).toBe('bakımcı')
    // After a refused fast-forward, the next commit rereads HEAD.
    await repo.commit([{ name: 'blogs.json', text: '[4]' }], AYSE, 'yine')
    expect(git(dir, 'log', '-2', '--format=%s').split('\n')).toEqual(['yine', 'bakımcı'])
  })
})

describe('reading history', () => {
  it('log: newest first, with author, date and subject; a subject cannot forge another entry', async () => {
    const { dir, repo } = await fresh()
    await repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'bir')
    await repo.commit([{ name: 'pages.json', text: '{}' }], AYSE, 'başka dosya')
    await repo.commit([{ name: 'blogs.json', text: '[2]' }], { name: 'Ali', email: 'ali@o.com' }, 'iki\nabc0123 x')
    const log = await repo.log('blogs.json')
    expect(log.map((e) => [e.author.name, e.author.email, e.message])).toEqual([
      ['Ali', 'ali@o.com', 'iki abc0123 x'],
      ['Ayşe Yılmaz', 'ayse@ornek.com', 'bir'],
      ['Site sunucusu', 'sunucu@localhost', 'İçerik deposu oluşturuldu'],
    ])
    expect(log[0]!.commit).toBe(git(dir, 'rev-parse', 'HEAD'))
    expect(log[0]!.date).toBe(git(dir, 'log', '-1', '--format=%aI'))
    expect(await repo.log('yok.json')).toEqual([])
  })

  it('show and showMany: a file as each commit had it, null where it did not exist or the id is no commit', async () => {
    const { dir, repo } = await fresh()
    const first = git(dir, 'rev-parse', 'HEAD')
    const second = (await repo.commit([{ name: 'yeni.json', text: '["ğ"]' }], AYSE, 'yeni'))!
    const third = (await repo.commit([{ name: 'yeni.json', text: '["ğü", 2]\n' }], AYSE, 'yeni 2'))!
    expect(await repo.show(second, 'yeni.json')).toBe('["ğ"]')
    expect(await repo.show(first, 'yeni.json')).toBeNull()
    const many = await repo.showMany([third, 'HEAD', first, second, 'a'.repeat(41), third], 'yeni.json')
    expect([...many]).toEqual([
      [third, '["ğü", 2]\n'],
      [first, null],
      [second, '["ğ"]'],
      ['a'.repeat(41), null],
    ])
    // A name that is a folder in that commit is no file: null, and the answers after it are still read right.
    await repo.commit([{ name: 'klasor/ic.json', text: '1' }], AYSE, 'klasör')
    const head = git(dir, 'rev-parse', 'HEAD')
    expect([...(await repo.showMany([head, second], 'klasor'))]).toEqual([
      [head, null],
      [second, null],
    ])
    expect(await repo.showMany(['HEAD', 'main'], 'yeni.json')).toEqual(new Map())
  })

  it('headBlobs: the blob ids HEAD records, a file HEAD lacks left out (also with a prefix)', async () => {
    const { repo } = await fresh()
    expect(await repo.headBlobs(['blogs.json', 'pages.json', 'yok.json'])).toEqual(
      new Map([
        ['blogs.json', blobId('[]\n')],
        ['pages.json', blobId('{"a":1}\n')],
      ]),
    )
    expect(repo.blobOf('[]\n')).toBe(blobId('[]\n'))
  })

  it('blobOf in a sha256 repository is the sha256 id', async () => {
    const dir = await temp()
    git(dir, 'init', '-q', '--object-format=sha256')
    const repo = await openContentRepo(dir)
    const sha = await repo.commit([{ name: 'blogs.json', text: '[]' }], AYSE, 'ilk')
    expect(sha).toMatch(/^[0-9a-f]{64}$/)
    expect(repo.blobOf('[]')).toBe(blobId('[]', 'sha256'))
    expect((await repo.headBlobs(['blogs.json'])).get('blogs.json')).toBe(blobId('[]', 'sha256'))
    expect((await repo.log('blogs.json')).map((e) => e.commit)).toEqual([sha])
  })
})

describe('push, packing, closing', () => {
  it('pushes the current branch to a bare remote under the same name', async () => {
    const { dir, repo } = await fresh()
    const bare = join(await temp(), 'uzak.git')
    git(dir, 'init', '-q', '--bare', bare)
    await repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'bir')
    await repo.push(bare)
    const branch = git(dir, 'symbolic-ref', 'HEAD')
    expect(git(bare, 'rev-parse', branch)).toBe(git(dir, 'rev-parse', 'HEAD'))
    await expect(repo.push(join(dir, 'yok.git'))).rejects.toThrow(/^git push: /)
    // A detached HEAD has no branch to push to: git refuses it, and its own words reach the status (not a crash
    // of ours reading the branch name that is not there).
    git(dir, 'checkout', '-q', '--detach')
    await expect(repo.push(bare)).rejects.toThrow(/^git push: /)
  })

  // Decision 333: no private index is written any more; the one an older version left goes at open and at close.
  it('maintain packs loose objects, unless the owner set gc.auto=0; close removes an older version’s private index', async () => {
    const { dir, repo } = await fresh()
    for (let i = 0; i < 3; i++) await repo.commit([{ name: 'blogs.json', text: `[${i}]` }], AYSE, `k${i}`)
    const loose = () => Number(/^count: (\d+)$/m.exec(git(dir, 'count-objects', '-v'))![1])
    expect(loose()).toBeGreaterThan(0)
    await repo.maintain()
    expect(loose()).toBe(0)
    expect(existsSync(join(dir, '.git', 'site-content-index'))).toBe(false)
    await writeFile(join(dir, '.git', 'site-content-index'), 'eski')
    await repo.close()
    expect(existsSync(join(dir, '.git', 'site-content-index'))).toBe(false)
    await writeFile(join(dir, '.git', 'site-content-index'), 'eski')
    await openContentRepo(dir)
    expect(existsSync(join(dir, '.git', 'site-content-index'))).toBe(false)

    const other = await fresh()
    git(other.dir, 'config', 'gc.auto', '0')
    await other.repo.commit([{ name: 'blogs.json', text: '[9]' }], AYSE, 'k')
    await other.repo.maintain()
    expect(Number(/^count: (\d+)$/m.exec(git(other.dir, 'count-objects', '-v'))![1])).toBeGreaterThan(0)
  })
})

it('recoveredMessage names the file', () => {
  expect(recoveredMessage('blogs.json')).toBe('Kaydedilmemiş değişiklik kurtarıldı: blogs.json')
})

// Issue 28, survivors of the mutation run (third session of 2026-11-28).
describe('more places and hashes', () => {
  it('a folder two levels inside another repository: its prefix joins the levels with "/"', async () => {
    const top = await temp()
    git(top, 'init', '-q')
    const dir = join(top, 'site', 'content')
    await mkdir(dir, { recursive: true })
    await writeFile(join(dir, 'blogs.json'), '[]')
    const repo = await openContentRepo(dir, { commits: 'always' })
    expect(repo.prefix).toBe('site/content')
    await repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'Kayıt')
    expect(git(top, 'show', '--name-only', '--format=', 'HEAD')).toBe('site/content/blogs.json')
  })

  it('a sha256 repository: a merge carries a file the other side removed as removed', async () => {
    const dir = await temp()
    git(dir, 'init', '-q', '--object-format=sha256')
    await writeFile(join(dir, 'blogs.json'), '[]\n')
    await writeFile(join(dir, 'eski.txt'), 'x\n')
    git(dir, 'add', '.')
    git(dir, 'commit', '-qm', 'ilk')
    const repo = await openContentRepo(dir)
    const { theirs } = await otherSide(dir, async (clone) => {
      git(clone, 'rm', '-q', 'eski.txt')
      git(clone, 'commit', '-qm', 'uzak')
    })
    const merge = await repo.commit([], SERVER_AUTHOR, 'birleştirildi', theirs, { carry: ['eski.txt'] })
    expect(merge).toMatch(/^[0-9a-f]{64}$/)
    expect(git(dir, 'ls-tree', '--name-only', 'HEAD')).toBe('blogs.json')
    expect(existsSync(join(dir, 'eski.txt'))).toBe(false)
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })
})

describe('a detached HEAD, a busy index', () => {
  it('a detached HEAD: the commit moves HEAD itself, no branch', async () => {
    const { dir, repo } = await fresh()
    const branch = git(dir, 'symbolic-ref', 'HEAD')
    const before = git(dir, 'rev-parse', 'HEAD')
    git(dir, 'checkout', '-q', '--detach')
    const reopened = await openContentRepo(dir)
    const sha = await reopened.commit([{ name: 'blogs.json', text: '[5]' }], AYSE, 'ayrık')
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(sha)
    expect(git(dir, 'rev-parse', branch)).toBe(before)
    void repo
  })

  it('the real index locked by a maintainer’s git: 5 tries, the commit stands, logged; the index follows at the next commit', async () => {
    const { dir, repo } = await fresh()
    // Every git the module runs, seen through a `git` first on PATH that notes its arguments (the real git does the work).
    const calls = join(await temp(), 'calls.txt')
    let lines: string[] = []
    await withGitOnPath(`echo "$*" >> '${calls}'`, async () => {
      lines = await logged(async () => {
        await writeFile(join(dir, '.git', 'index.lock'), '')
        await writeFile(join(dir, 'blogs.json'), '[1]')
        const sha = await repo.commit([{ name: 'blogs.json', text: '[1]' }], AYSE, 'kilitli')
        expect(git(dir, 'rev-parse', 'HEAD')).toBe(sha)
        const tries = (await readFile(calls, 'utf8')).split('\n').filter((l) => l.startsWith('update-index --add --index-info'))
        expect(tries).toHaveLength(5)
      })
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(/^Git dizini güncellenemedi \(sonra yeniden denenecek\): git update-index: fatal: Unable to create '.*index\.lock': File exists/)
      await rm(join(dir, '.git', 'index.lock'))
      await writeFile(join(dir, 'pages.json'), '{"a":2}')
      await repo.commit([{ name: 'pages.json', text: '{"a":2}' }], AYSE, 'serbest')
      expect(git(dir, 'status', '--porcelain')).toBe('?? notlar.txt')
    })
  })
})
