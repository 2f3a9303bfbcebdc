import { existsSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { openContentRepo, SERVER_AUTHOR, type ContentRepo } from './content-repo.ts'
import { blobId } from './git-text.ts'
import { git } from '../../testing/maintainer-git.ts'
import { createLogger, log, setLogger } from '../../lib/log.ts'
import { metrics } from '../../lib/metrics.ts'

/**
 * The content repository with folder collections (decision 333: `blogs/<bucket>/<id>.json`, `blogs/_sira.json`):
 * nested paths and removals committed with trees written by the server, batched hashing, folder reads, the real index
 * (split, removals). Real git in temporary folders, no app (mutation group `git-repo`).
 */

const cleanups: string[] = []
afterEach(async () => {
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true, maxRetries: 5 })
})
async function temp() {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'content-folders-')))
  cleanups.push(dir)
  return dir
}
const AYSE = { name: 'Ayşe Yılmaz', email: 'ayse@ornek.com' }

/** git processes the module started, by command (site_git_processes_total); `since` gives what a call added. */
async function gitCounts() {
  return new Map((await metrics.gitProcesses.get()).values.map((v) => [String(v.labels.command), v.value]))
}
async function since(before: Map<string, number>) {
  const added: Record<string, number> = {}
  for (const [command, n] of await gitCounts()) if (n > (before.get(command) ?? 0)) added[command] = n - (before.get(command) ?? 0)
  return added
}
/** Writes (or, for null, removes) files under `dir` as the store would before its commit. */
async function onDisk(dir: string, files: Record<string, string | null>) {
  for (const [name, text] of Object.entries(files)) {
    if (text === null) await rm(join(dir, name), { force: true })
    else {
      await mkdir(dirname(join(dir, name)), { recursive: true })
      await writeFile(join(dir, name), text)
    }
  }
}
/** The files on disk, then one commit of them. */
async function save(repo: ContentRepo, dir: string, files: Record<string, string | null>, message = 'Kayıt') {
  await onDisk(dir, files)
  return repo.commit(Object.entries(files).map(([name, text]) => ({ name, text })), AYSE, message)
}
const post = (id: string, title = id) => `{\n  "id": "${id}",\n  "title": "${title}"\n}\n`
const paths = (dir: string, rev = 'HEAD') => git(dir, 'ls-tree', '-r', '--name-only', rev).split('\n').filter(Boolean)
/** A repository the server created from a folder with one top-level file; the tree of HEAD is known to it. */
async function fresh() {
  const dir = await temp()
  await writeFile(join(dir, 'home.json'), '{}\n')
  const repo = await openContentRepo(dir)
  return { dir, repo }
}
/** Loose objects (after `packAll`, the ones written since). */
const looseCount = (dir: string) => Number(/^count: (\d+)$/m.exec(git(dir, 'count-objects', '-v'))![1])
const packAll = (dir: string) => git(dir, 'repack', '-adq') && git(dir, 'prune-packed')
const sharedIndex = (dir: string) => git(dir, 'rev-parse', '--shared-index-path')

/** Every git the module runs while `body` does, through a `git` first on PATH that notes its arguments. */
async function noted(body: () => Promise<void>) {
  const bin = await temp()
  const calls = join(bin, 'calls.txt')
  await writeFile(calls, '')
  const real = join(git(bin, '--exec-path'), 'git')
  await writeFile(join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${real}' "$@"\n`)
  await chmod(join(bin, 'git'), 0o755)
  const path = process.env.PATH
  process.env.PATH = `${bin}:${path}`
  try {
    await body()
  } finally {
    process.env.PATH = path
  }
  return (await readFile(calls, 'utf8')).split('\n').filter(Boolean)
}

describe('nested paths', () => {
  it('a post and its order file: committed, read back, git status clean; objects written by the server, update-ref and update-index only', async () => {
    const { dir, repo } = await fresh()
    const before = await gitCounts()
    const sha = await save(repo, dir, { 'blogs/a/aB3.json': post('aB3'), 'blogs/_sira.json': '["aB3"]\n' }, 'Blog yazısı eklendi')
    expect(await since(before)).toEqual({ 'update-ref': 1, 'update-index': 1 })
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(sha)
    expect(git(dir, 'log', '-1', '--format=%an|%cn|%s')).toBe('Ayşe Yılmaz|Site sunucusu|Blog yazısı eklendi')
    expect(paths(dir)).toEqual(['blogs/_sira.json', 'blogs/a/aB3.json', 'home.json'])
    expect(await repo.show('HEAD', 'blogs/a/aB3.json')).toBe(post('aB3'))
    expect(await repo.headBlobs(['blogs/', 'home.json'])).toEqual(
      new Map([
        ['blogs/_sira.json', blobId('["aB3"]\n')],
        ['blogs/a/aB3.json', blobId(post('aB3'))],
        ['home.json', blobId('{}\n')],
      ]),
    )
    expect(git(dir, 'status', '--porcelain')).toBe('')
    git(dir, 'fsck', '--strict', '--no-dangling')
  })

  it('a folder and a file sharing a name’s start sit in git’s order (a folder sorts as "name/"); fsck finds nothing', async () => {
    const { dir, repo } = await fresh()
    // In x/: "a" (a folder) comes after "a.json" and "a-b" in git's order, before them by plain name.
    // And a file whose name starts another's ("a0", "a0.json"): the shorter first.
    await save(repo, dir, { 'x/a/1.json': '1', 'x/a.json': '2', 'x/a-b': '3', 'x/a0': '4', 'x/a0.json': '5', 'blogs.json': '[]' })
    expect(git(dir, 'ls-tree', '--name-only', 'HEAD:x').split('\n')).toEqual(['a-b', 'a.json', 'a', 'a0', 'a0.json'])
    expect(paths(dir)).toEqual(['blogs.json', 'home.json', 'x/a-b', 'x/a.json', 'x/a/1.json', 'x/a0', 'x/a0.json'])
    git(dir, 'fsck', '--strict', '--no-dangling')
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('only the trees on the changed path are written: the other bucket’s tree is the same object; five new objects', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/a/a2.json': post('a2'), 'blogs/b/b1.json': post('b1'), 'blogs/_sira.json': '[]\n' })
    packAll(dir)
    const before = { bucket: git(dir, 'rev-parse', 'HEAD:blogs/b'), a: git(dir, 'rev-parse', 'HEAD:blogs/a') }
    await save(repo, dir, { 'blogs/a/a1.json': post('a1', 'yeni') })
    expect(git(dir, 'rev-parse', 'HEAD:blogs/b')).toBe(before.bucket)
    expect(git(dir, 'rev-parse', 'HEAD:blogs/a')).not.toBe(before.a)
    // The blob, three trees (blogs/a, blogs, the root) and the commit.
    expect(looseCount(dir)).toBe(5)
    expect(git(dir, 'show', '--name-status', '--format=', 'HEAD')).toBe('M\tblogs/a/a1.json')
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('10,000 posts in 26 buckets: one save writes one post’s blob, three small trees and the commit', { timeout: 240_000 }, async () => {
    const { dir, repo } = await fresh()
    const letters = 'abcdefghijklmnopqrstuvwxyz'
    const files = Array.from({ length: 10_000 }, (_, i) => {
      const id = `${letters[i % 26]}${i.toString(36).padStart(11, '0')}`
      return { name: `blogs/${id[0]}/${id}.json`, text: post(id) }
    })
    const before = await gitCounts()
    await repo.commit(files, SERVER_AUTHOR, 'Taşındı')
    // Batched: no process per file.
    expect(await since(before)).toEqual({ 'fast-import': 1, 'update-ref': 1, 'update-index': 1 })
    packAll(dir)
    const [one] = files
    await onDisk(dir, { [one!.name]: post('x', 'değişti') })
    const sha = await repo.commit([{ name: one!.name, text: post('x', 'değişti') }], AYSE, 'Kayıt')
    expect(looseCount(dir)).toBe(5)
    const trees = ['', 'blogs', 'blogs/a'].map((p) => Number(git(dir, 'cat-file', '-s', `${sha}:${p}`)))
    // The bucket's tree is 385 entries of about 43 bytes; blogs/ 26 entries; the root two.
    expect(trees.reduce((a, b) => a + b)).toBeLessThan(20_000)
    // The real index: split on its first sync with posts in it, and only the post's entry changed.
    expect(sharedIndex(dir)).toMatch(/sharedindex\.[0-9a-f]{40}$/)
    expect(git(dir, 'diff', '--cached', '--name-only')).toBe('')
  })

  it('the first commit of an empty repository (no parent), with nested paths', async () => {
    const dir = await temp()
    git(dir, 'init', '-q')
    const repo = await openContentRepo(dir)
    const sha = (await save(repo, dir, { 'blogs/a/aX.json': post('aX'), 'social-projects/p/pQ.json': post('pQ') }))!
    expect(git(dir, 'rev-list', '--parents', '-n', '1', sha)).toBe(sha)
    expect(paths(dir)).toEqual(['blogs/a/aX.json', 'social-projects/p/pQ.json'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('an empty repository’s commit with no file, and one removing every file: the empty tree, written', async () => {
    const dir = await temp()
    git(dir, 'init', '-q')
    const repo = await openContentRepo(dir)
    const empty = git(dir, 'hash-object', '-t', 'tree', '/dev/null')
    const first = (await repo.commit([], AYSE, 'boş'))!
    expect(git(dir, 'rev-parse', `${first}^{tree}`)).toBe(empty)
    await save(repo, dir, { 'blogs/a/aX.json': post('aX') })
    const last = (await save(repo, dir, { 'blogs/a/aX.json': null }))!
    expect(git(dir, 'rev-parse', `${last}^{tree}`)).toBe(empty)
    git(dir, 'fsck', '--strict', '--no-dangling')
    // Written as an object (a clone gets it), not only known to git.
    expect(git(dir, 'cat-file', '-t', empty)).toBe('tree')
  })

  it('a sha256 repository: nested paths, a removal; the trees are the ones git computes', async () => {
    const dir = await temp()
    git(dir, 'init', '-q', '--object-format=sha256')
    const repo = await openContentRepo(dir)
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/a/a2.json': post('a2'), 'blogs/_sira.json': '[]\n' })
    const sha = (await save(repo, dir, { 'blogs/a/a2.json': null }))!
    expect(sha).toMatch(/^[0-9a-f]{64}$/)
    expect(paths(dir)).toEqual(['blogs/_sira.json', 'blogs/a/a1.json'])
    git(dir, 'fsck', '--strict', '--no-dangling')
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('a path with an empty part is refused before anything is written', async () => {
    const { dir, repo } = await fresh()
    const head = git(dir, 'rev-parse', 'HEAD')
    await expect(repo.commit([{ name: 'blogs//x.json', text: '1' }], AYSE, 'x')).rejects.toThrow('Geçersiz dosya yolu: "blogs//x.json"')
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head)
  })
})

describe('trees read and kept', () => {
  it('a restarted server reads each tree on the path once: the same bytes twice, three ls-tree the first time, none after', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/b/b1.json': post('b1') })
    const restarted = await openContentRepo(dir)
    let before = await gitCounts()
    expect(await restarted.commit([{ name: 'blogs/a/a1.json', text: post('a1') }], AYSE, 'aynı')).toBeNull()
    expect(await since(before)).toEqual({ 'rev-parse': 1, 'ls-tree': 3 })
    before = await gitCounts()
    expect(await restarted.commit([{ name: 'blogs/a/a1.json', text: post('a1') }], AYSE, 'aynı')).toBeNull()
    expect(await since(before)).toEqual({})
    // A tree it wrote itself is never read back.
    await restarted.commit([{ name: 'blogs/a/a1.json', text: post('a1', 'iki') }], AYSE, 'iki')
    before = await gitCounts()
    await restarted.commit([{ name: 'blogs/a/a1.json', text: post('a1', 'üç') }], AYSE, 'üç')
    expect(await since(before)).toEqual({ 'update-ref': 1, 'update-index': 1 })
  })

  it('at most 256 trees are kept: after a commit of 300 folders the first one is read again', async () => {
    const { dir, repo } = await fresh()
    const name = (i: number) => `k${String(i).padStart(3, '0')}/x.json`
    await repo.commit(Array.from({ length: 300 }, (_, i) => ({ name: name(i), text: String(i) })), SERVER_AUTHOR, 'çok')
    let before = await gitCounts()
    await repo.commit([{ name: name(299), text: 'son' }], AYSE, 'son')
    expect(await since(before)).not.toHaveProperty('ls-tree')
    before = await gitCounts()
    await repo.commit([{ name: name(0), text: 'ilk' }], AYSE, 'ilk')
    expect((await since(before))['ls-tree']).toBe(1)
    expect(git(dir, 'show', `HEAD:${name(0)}`)).toBe('ilk')
  })

  it('a fast-forward with no content file and no other path: only the branch moves', async () => {
    const { dir, repo } = await fresh()
    const { theirs } = await otherSide(dir, async (clone) => {
      git(clone, 'commit', '-q', '--allow-empty', '-m', 'boş')
    })
    const before = await gitCounts()
    expect(await repo.fastForward(theirs, [])).toBe(true)
    expect(await since(before)).toEqual({ 'update-ref': 1 })
  })
})

describe('removals', () => {
  it('a post’s file; then the last file of a bucket (the folder goes); then the last of the collection', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/a/a2.json': post('a2'), 'blogs/b/b1.json': post('b1') })
    await save(repo, dir, { 'blogs/a/a1.json': null })
    expect(paths(dir)).toEqual(['blogs/a/a2.json', 'blogs/b/b1.json', 'home.json'])
    expect(git(dir, 'show', '--name-status', '--format=', 'HEAD')).toBe('D\tblogs/a/a1.json')
    expect(git(dir, 'status', '--porcelain')).toBe('')
    await save(repo, dir, { 'blogs/a/a2.json': null })
    expect(git(dir, 'ls-tree', '--name-only', 'HEAD:blogs')).toBe('b')
    expect(git(dir, 'status', '--porcelain')).toBe('')
    // A removal with a write in the same commit.
    await save(repo, dir, { 'blogs/b/b1.json': null, 'pages.json': '{}' })
    expect(paths(dir)).toEqual(['home.json', 'pages.json'])
    expect(git(dir, 'ls-files')).toBe('home.json\npages.json')
    expect(git(dir, 'status', '--porcelain')).toBe('')
    git(dir, 'fsck', '--strict', '--no-dangling')
  })

  it('removing what is not there, or a folder by its name, or a file under a file: no commit', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), notlar: 'dosya\n' })
    const head = git(dir, 'rev-parse', 'HEAD')
    for (const name of ['blogs/a/yok.json', 'yok/a/b.json', 'blogs/a', 'blogs', 'notlar/x.json']) {
      expect(await repo.commit([{ name, text: null }], AYSE, 'sil'), name).toBeNull()
    }
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(head)
    // A file removed and a folder of its name added in one commit.
    await save(repo, dir, { notlar: null, 'notlar/x.json': '1' })
    expect(paths(dir)).toEqual(['blogs/a/a1.json', 'home.json', 'notlar/x.json'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('the same bytes again, and a removal next to them: only the removal is committed', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/a/a2.json': post('a2') })
    const before = await gitCounts()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/a/a2.json': null })
    // No blob to write: the one file's bytes are in the tree already.
    expect(await since(before)).toEqual({ 'update-ref': 1, 'update-index': 1 })
    expect(git(dir, 'show', '--name-status', '--format=', 'HEAD')).toBe('D\tblogs/a/a2.json')
  })
})

describe('modes', () => {
  it('a file a maintainer made executable: the server’s save of the same bytes records it as a plain file again', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1') })
    await chmod(join(dir, 'blogs/a/a1.json'), 0o755)
    git(dir, 'commit', '-qam', 'çalıştırılabilir')
    // Started again (the running server would compare with the tree it committed last, where nothing differs).
    const sha = (await (await openContentRepo(dir)).commit([{ name: 'blogs/a/a1.json', text: post('a1') }], AYSE, 'Kayıt'))!
    expect(git(dir, 'ls-tree', sha, 'blogs/a/a1.json')).toMatch(/^100644 blob /)
    expect(git(dir, 'show', '--format=', '--summary', sha)).toBe('mode change 100755 => 100644 blogs/a/a1.json')
  })
})

describe('batches', () => {
  it('500 files: one fast-import for the blobs, trees and commit by the server, whatever the count', async () => {
    const { dir, repo } = await fresh()
    const files = Array.from({ length: 500 }, (_, i) => ({ name: `blogs/${'abcde'[i % 5]}/${'abcde'[i % 5]}${i}.json`, text: post(String(i)) }))
    const before = await gitCounts()
    await repo.commit(files, SERVER_AUTHOR, 'Toplu')
    expect(await since(before)).toEqual({ 'fast-import': 1, 'update-ref': 1, 'update-index': 1 })
    expect(paths(dir)).toHaveLength(501)
    expect(await repo.show('HEAD', 'blogs/c/c402.json')).toBe(post('402'))
    // Bytes, pieces and text are one blob each, the same as git's own hash.
    const pieces = [Buffer.from('[1,'), Buffer.from('2]\n')]
    await repo.commit([{ name: 'blogs/_sira.json', text: pieces }, { name: 'blogs/a/a0.json', text: Buffer.from('{}\n') }], AYSE, 'parça')
    expect(git(dir, 'show', 'HEAD:blogs/_sira.json')).toBe('[1,2]')
    expect(git(dir, 'rev-parse', 'HEAD:blogs/a/a0.json')).toBe(blobId('{}\n'))
    git(dir, 'fsck', '--strict', '--no-dangling')
  })

  it('a merge carries nested paths as the other side has them, removed where it has none', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/b/b1.json': post('b1') })
    const { theirs } = await otherSide(dir, async (clone) => {
      git(clone, 'rm', '-q', 'blogs/b/b1.json')
      await onDisk(clone, { 'blogs/c/c1.json': post('c1'), 'blogs/a/a1.json': post('a1', 'uzak') })
      git(clone, 'add', '.')
      git(clone, 'commit', '-qm', 'uzak')
    })
    await repo.commit([], SERVER_AUTHOR, 'birleştirildi', theirs, { carry: ['blogs/b/b1.json', 'blogs/c/c1.json', 'blogs/a/a1.json'] })
    expect(paths(dir)).toEqual(['blogs/a/a1.json', 'blogs/c/c1.json', 'home.json'])
    expect(await readFile(join(dir, 'blogs/c/c1.json'), 'utf8')).toBe(post('c1'))
    expect(existsSync(join(dir, 'blogs/b/b1.json'))).toBe(false)
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })
})

/** Another clone of `dir` commits (`change`); its commit is fetched into `dir` as refs/diger (HEAD stays). */
async function otherSide(dir: string, change: (clone: string) => Promise<void>) {
  const clone = join(await temp(), 'klon')
  git(dir, 'clone', '-q', dir, clone)
  git(clone, 'checkout', '-q', git(dir, 'rev-parse', 'HEAD'))
  await change(clone)
  const theirs = git(clone, 'rev-parse', 'HEAD')
  git(dir, 'fetch', '-q', clone, `+${theirs}:refs/diger`)
  return { theirs }
}

describe('the first import after git init', () => {
  it('takes the folder collections’ entry and order files, nothing else of them; links never followed; no process per file', async () => {
    const dir = await temp()
    const outside = await temp()
    await onDisk(outside, { 'gizli.json': '{"secret":1}', 'dZ.json': post('dZ') })
    await onDisk(dir, {
      'home.json': '{}\n',
      'eski_yedek.json': '[]\n', // at the top every JSON file is taken, as before folders
      'notlar.txt': 'x\n',
      'blogs/_sira.json': '["aB","bC"]\n',
      'blogs/a/aB.json': post('aB'),
      'blogs/b/bC.json': post('bC'),
      'blogs/README.md': 'okuyun\n',
      'blogs/B/Bx.json': post('Bx'), // not its id's lowercased first character
      'blogs/a/bad id.json': post('bad'),
      'blogs/a/derin/aQ.json': post('aQ'),
      'blogs/a/aN.txt': 'x',
      'social-projects/_sira.json': '["pQ"]\n',
      'social-projects/p/pQ.json': post('pQ'),
      'programs/p/pZ.json': post('pZ'), // not a folder collection
    })
    await symlink(join(outside, 'gizli.json'), join(dir, 'blogs/a/aL.json'))
    await symlink(outside, join(dir, 'blogs/d'))
    await mkdir(join(outside, 'projeler/x'), { recursive: true })
    await writeFile(join(outside, 'projeler/x/xY.json'), post('xY'))
    await symlink(join(outside, 'projeler'), join(dir, 'social-projects-link'))
    const before = await gitCounts()
    await openContentRepo(dir)
    const added = await since(before)
    expect(added['fast-import']).toBeUndefined()
    expect(added['hash-object']).toBeUndefined()
    expect(paths(dir)).toEqual([
      'blogs/_sira.json',
      'blogs/a/aB.json',
      'blogs/b/bC.json',
      'eski_yedek.json',
      'home.json',
      'social-projects/_sira.json',
      'social-projects/p/pQ.json',
    ])
    expect(git(dir, 'status', '--porcelain', '--untracked-files=no')).toBe('')
  })

  it('a symlinked collection folder is never entered', async () => {
    const dir = await temp()
    const outside = await temp()
    await onDisk(outside, { '_sira.json': '[]\n', 'a/aB.json': post('aB') })
    await writeFile(join(dir, 'home.json'), '{}\n')
    await symlink(outside, join(dir, 'blogs'))
    await openContentRepo(dir)
    expect(paths(dir)).toEqual(['home.json'])
  })
})

describe('reading folders and several paths', () => {
  it('lsTree: every file under a folder with its blob and size; with or without the final "/"; none for a file or nothing', async () => {
    const { dir, repo } = await fresh()
    const sha = (await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/_sira.json': '["a1"]\n', 'blogs.json': '[]', notes: 'n' }))!
    const expected = [
      { path: 'blogs/_sira.json', blob: blobId('["a1"]\n'), size: 7 },
      { path: 'blogs/a/a1.json', blob: blobId(post('a1')), size: Buffer.byteLength(post('a1')) },
    ]
    expect(await repo.lsTree(sha, 'blogs')).toEqual(expected)
    expect(await repo.lsTree('HEAD', 'blogs/')).toEqual(expected)
    expect(await repo.lsTree(sha, 'blogs/a')).toEqual([expected[1]])
    expect(await repo.lsTree(sha, 'notes')).toEqual([])
    expect(await repo.lsTree(sha, 'yok')).toEqual([])
    expect(await repo.lsTree('0'.repeat(40), 'blogs')).toEqual([])
  })

  it('in a folder inside another repository: paths inside CONTENT_DIR in and out', async () => {
    const top = await temp()
    git(top, 'init', '-q')
    const dir = join(top, 'site', 'content')
    await onDisk(dir, { 'home.json': '{}' })
    const repo = await openContentRepo(dir, { commits: 'always' })
    const sha = (await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/b/b1.json': post('b1') }))!
    expect(git(top, 'show', '--name-only', '--format=', 'HEAD').split('\n')).toEqual(['site/content/blogs/a/a1.json', 'site/content/blogs/b/b1.json'])
    expect((await repo.lsTree(sha, 'blogs')).map((f) => f.path)).toEqual(['blogs/a/a1.json', 'blogs/b/b1.json'])
    expect([...(await repo.headBlobs(['blogs/']))]).toEqual([
      ['blogs/a/a1.json', blobId(post('a1'))],
      ['blogs/b/b1.json', blobId(post('b1'))],
    ])
    expect(await repo.showPairs([{ commit: sha, path: 'blogs/b/b1.json' }])).toEqual([post('b1')])
    await save(repo, dir, { 'blogs/a/a1.json': null })
    expect((await repo.log('blogs/')).map((e) => e.message)).toEqual(['Kayıt', 'Kayıt'])
    expect(git(top, 'status', '--porcelain', '--untracked-files=no')).toBe('')
  })

  it('headBlobs: a folder by its name with "/", files by theirs; a folder without "/" is no file', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/b/b1.json': post('b1'), 'blogsx/y.json': '1', 'blogs.json': '[]' })
    expect([...(await repo.headBlobs(['blogs/a/', 'blogs/b/b1.json', 'blogs/b/yok.json', 'home.json']))].sort()).toEqual([
      ['blogs/a/a1.json', blobId(post('a1'))],
      ['blogs/b/b1.json', blobId(post('b1'))],
      ['home.json', blobId('{}\n')],
    ])
    expect(await repo.headBlobs(['blogs'])).toEqual(new Map())
    expect([...(await repo.headBlobs(['blogs/']))].map(([p]) => p)).toEqual(['blogs/a/a1.json', 'blogs/b/b1.json'])
  })

  it('the arguments: several paths of one folder through the folder, a lone one itself, a folder by its name, the top’s files each', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/a/a2.json': post('a2'), 'blogs/b/b1.json': post('b1'), 'blogs/b/b2.json': post('b2') })
    let blobs = new Map<string, string>()
    const calls = await noted(async () => {
      blobs = await repo.headBlobs(['blogs/a/a1.json', 'blogs/a/a2.json', 'blogs/b/b1.json', 'home.json', 'pages.json', 'social-projects/'])
    })
    expect(calls).toEqual(['ls-tree -r -z HEAD -- blogs/a/ blogs/b/b1.json home.json pages.json social-projects/'])
    expect([...blobs.keys()]).toEqual(['blogs/a/a1.json', 'blogs/a/a2.json', 'blogs/b/b1.json', 'home.json'])
  })

  it('log of several paths: commits touching any of them, newest first; none asked, no git process', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs.json': '[1]' }, 'eski biçim')
    await save(repo, dir, { 'pages.json': '{}' }, 'başka')
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs.json': null }, 'taşındı')
    await save(repo, dir, { 'blogs/a/a1.json': post('a1', 'iki') }, 'yazı')
    expect((await repo.log(['blogs.json', 'blogs/a/a1.json'])).map((e) => e.message)).toEqual(['yazı', 'taşındı', 'eski biçim'])
    expect((await repo.log(['blogs/a/a1.json'])).map((e) => e.message)).toEqual(['yazı', 'taşındı'])
    const before = await gitCounts()
    expect(await repo.log([])).toEqual([])
    expect(await since(before)).toEqual({})
  })

  it('showPairs: each pair’s file in order with one cat-file; null where absent, a folder, or not a whole commit id', async () => {
    const { dir, repo } = await fresh()
    const first = git(dir, 'rev-parse', 'HEAD')
    const second = (await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/b/b1.json': 'ğ\n' }))!
    const third = (await save(repo, dir, { 'blogs/a/a1.json': null, 'blogs.json': '[]' }))!
    const before = await gitCounts()
    expect(
      await repo.showPairs([
        { commit: second, path: 'blogs/a/a1.json' },
        { commit: third, path: 'blogs/a/a1.json' },
        { commit: third, path: 'blogs/b' },
        { commit: first, path: 'home.json' },
        { commit: 'HEAD', path: 'home.json' },
        { commit: third, path: 'blogs.json' },
        { commit: third, path: 'blogs/b/b1.json' },
      ]),
    ).toEqual([post('a1'), null, null, '{}\n', null, '[]', 'ğ\n'])
    expect(await since(before)).toEqual({ 'cat-file': 1 })
    expect(await repo.showPairs([{ commit: 'HEAD', path: 'home.json' }])).toEqual([null])
    expect(await repo.showPairs([])).toEqual([])
    expect(await since(before)).toEqual({ 'cat-file': 1 })
  })

  it('showPairs: a path with a line break is never asked (it would be two names): null, the rest read right', async () => {
    const { dir, repo } = await fresh()
    // A maintainer's commit (the server's real index takes one path a line).
    await onDisk(dir, { 'a\nb.json': '1', 'c\r': '2', c: '3' })
    git(dir, 'add', '.')
    git(dir, 'commit', '-qm', 'tuhaf')
    const sha = git(dir, 'rev-parse', 'HEAD')
    expect(git(dir, 'ls-tree', '-z', '--name-only', 'HEAD').split('\0')).toContain('a\nb.json')
    expect(
      await repo.showPairs([
        { commit: sha, path: 'a\nb.json' },
        { commit: sha, path: 'c\r' },
        { commit: sha, path: 'home.json' },
      ]),
    ).toEqual([null, null, '{}\n'])
  })
})

describe('the repository’s own index', () => {
  it('split once the posts are in it (an entry file, or an order file alone), once per server; a one-file layout’s is not', async () => {
    const { dir, repo } = await fresh()
    const calls = await noted(async () => {
      await save(repo, dir, { 'blogs.json': '[]', 'blogsx/a/aB.json': '1', 'blogs/a/derin/aB.json': '1' })
      expect(sharedIndex(dir)).toBe('')
      await save(repo, dir, { 'blogs/a/aB.json': post('aB'), 'home.json': '{"a":1}\n' })
      expect(sharedIndex(dir)).not.toBe('')
      await save(repo, dir, { 'blogs/b/bC.json': post('bC') })
      await save(repo, dir, { 'blogs/a/aB.json': null })
      // Reopened: it is split already, nothing to turn on.
      const again = await openContentRepo(dir)
      await save(again, dir, { 'blogs/_sira.json': '[]\n' })
    })
    expect(calls.filter((c) => c.startsWith('update-index')).map((c) => c.split(' ')[1])).toEqual(['--add', '--split-index', '--add', '--add', '--add'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(git(dir, 'ls-files').split('\n')).toEqual(['blogs.json', 'blogs/_sira.json', 'blogs/a/derin/aB.json', 'blogs/b/bC.json', 'blogsx/a/aB.json', 'home.json'])

    const other = await fresh()
    await save(other.repo, other.dir, { 'social-projects/_sira.json': '[]\n' })
    expect(sharedIndex(other.dir)).not.toBe('')
  })

  it('a locked index: the removal is kept and applied at the next commit', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/a/a2.json': post('a2') })
    const lines: string[] = []
    const original = log
    setLogger(createLogger(new Writable({ write: (chunk, _e, done) => done(void lines.push(String(chunk))) }), 'error'))
    try {
      await writeFile(join(dir, '.git', 'index.lock'), '')
      await save(repo, dir, { 'blogs/a/a1.json': null })
    } finally {
      setLogger(original)
    }
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain('Git dizini güncellenemedi (sonra yeniden denenecek)')
    await rm(join(dir, '.git', 'index.lock'))
    expect(git(dir, 'ls-files')).toContain('blogs/a/a1.json')
    await save(repo, dir, { 'blogs/a/a2.json': post('a2', 'iki') })
    expect(git(dir, 'ls-files').split('\n')).toEqual(['blogs/a/a2.json', 'home.json'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
  }, 60_000)
})

describe('fast-forward with folders', () => {
  it('a post the remote deleted leaves the index with the file; one it added or changed enters it', async () => {
    const { dir, repo } = await fresh()
    await save(repo, dir, { 'blogs/a/a1.json': post('a1'), 'blogs/a/a2.json': post('a2'), 'blogs/b/b1.json': post('b1') })
    const { theirs } = await otherSide(dir, async (clone) => {
      git(clone, 'rm', '-q', 'blogs/a/a1.json', 'blogs/b/b1.json')
      await onDisk(clone, { 'blogs/c/c1.json': post('c1'), 'blogs/a/a2.json': post('a2', 'uzak') })
      git(clone, 'add', '.')
      git(clone, 'commit', '-qm', 'uzak')
    })
    // The store writes and removes the files itself, then moves the branch.
    await onDisk(dir, { 'blogs/a/a1.json': null, 'blogs/b/b1.json': null, 'blogs/c/c1.json': post('c1'), 'blogs/a/a2.json': post('a2', 'uzak') })
    expect(await repo.fastForward(theirs, ['blogs/a/a1.json', 'blogs/b/b1.json', 'blogs/c/c1.json', 'blogs/a/a2.json'])).toBe(true)
    expect(git(dir, 'rev-parse', 'HEAD')).toBe(theirs)
    expect(git(dir, 'ls-files').split('\n')).toEqual(['blogs/a/a2.json', 'blogs/c/c1.json', 'home.json'])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    // The next commit builds on theirs.
    await save(repo, dir, { 'blogs/c/c1.json': null })
    expect(git(dir, 'log', '-1', '--format=%P')).toBe(theirs)
    expect(paths(dir)).toEqual(['blogs/a/a2.json', 'home.json'])
  })
})
