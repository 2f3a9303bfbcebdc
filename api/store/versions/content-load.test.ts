import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ContentRefused, gateNext } from '../gate/content-gate.ts'
import { openContentRepo } from '../git/content-repo.ts'
import { lastValidVersion, loadContentFile } from './content-load.ts'
import { hasKeptBytes } from '../json-text.ts'
import { readCollection, writeCollection } from '../../testing/content-files.ts'

// Issue 28 (the `store-versions` mutation group): how a content file from disk or from history is read and checked.

const DEMO = join(import.meta.dirname, '..', '..', '..', 'content')
let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'content-load-'))
})
afterEach(() => rm(dir, { recursive: true, force: true }))

const about = async () => JSON.parse(await readFile(join(DEMO, 'about.json'), 'utf8')) as Record<string, unknown>

describe('loadContentFile', () => {
  it('a missing file is missing', async () => {
    expect(await loadContentFile(dir, 'about')).toEqual({ kind: 'missing' })
  })

  it('a valid file gives the schema’s data (unknown keys dropped) and its bytes', async () => {
    const text = `${JSON.stringify({ ...(await about()), yabanci: 'alan' }, null, 4)}\n`
    await writeFile(join(dir, 'about.json'), text)
    const loaded = await loadContentFile(dir, 'about')
    expect(loaded.kind).toBe('ok')
    if (loaded.kind !== 'ok') return
    expect(loaded.data).toEqual(await about())
    expect(loaded.bytes?.toString('utf8')).toBe(text)
  })

  it('marks what it loaded as checked: the gate takes those entries as they are when a save keeps them', async () => {
    await writeCollection(dir, 'blogs', readCollection(DEMO, 'blogs'), { layout: 'file' })
    const loaded = await loadContentFile(dir, 'blogs')
    const posts = (loaded.kind === 'ok' ? loaded.data : []) as Record<string, unknown>[]
    expect(posts.length).toBeGreaterThan(1)
    // Changed after loading into something a check refuses: the gate trusts the object it was told was checked.
    posts[0]!.title = 42
    expect(gateNext('blogs', posts, posts).data).toBe(posts)
    // A new object with the same value is checked, and refused.
    expect(() => gateNext('blogs', [{ ...posts[0] }, ...posts.slice(1)], posts)).toThrow(ContentRefused)
  })

  it('keeps the layout of a list’s entries as the file has them', async () => {
    const posts = readCollection<unknown[]>(DEMO, 'blogs')
    const text = `[\n${posts.map((p) => `\t${JSON.stringify(p)}`).join(',\n')}\n]`
    await writeFile(join(dir, 'blogs.json'), text)
    const loaded = await loadContentFile(dir, 'blogs')
    expect(loaded.kind === 'ok' && loaded.layout).toEqual({ prefix: '\t', indent: null, finalNewline: false })
  })

  it('keeps each entry’s own bytes of a list file, but not of a list about to become a folder of files', async () => {
    const posts = readCollection<unknown[]>(DEMO, 'blogs')
    await writeFile(join(dir, 'blogs.json'), `[\n${posts.map((p) => `\t${JSON.stringify(p)}`).join(',\n')}\n]`)
    const asList = await loadContentFile(dir, 'blogs')
    const listed = (asList.kind === 'ok' ? asList.data : []) as object[]
    expect(listed.length).toBe(posts.length)
    expect(listed.every((post) => hasKeptBytes(post))).toBe(true)
    // With folders on, blogs.json is moved to a file per post at start: same layout read, no bytes kept per post.
    const toFolder = await loadContentFile(dir, 'blogs', true)
    const moved = (toFolder.kind === 'ok' ? toFolder.data : []) as object[]
    expect(toFolder.kind === 'ok' && toFolder.layout).toEqual({ prefix: '\t', indent: null, finalNewline: false })
    expect(moved.length).toBe(posts.length)
    expect(moved.some((post) => hasKeptBytes(post))).toBe(false)
  })

  it('a file the schema refuses is refused with the field and the bytes (a save keeps them in history)', async () => {
    const text = JSON.stringify({ ...(await about()), title2: 42 })
    await writeFile(join(dir, 'about.json'), text)
    const loaded = await loadContentFile(dir, 'about')
    expect(loaded).toEqual({
      kind: 'refused',
      error: { file: 'about.json', field: 'title2', message: expect.any(String) },
      bytes: Buffer.from(text),
    })
  })

  it('a file that is not read (a symlink) is refused with the reason, the file named and no bytes', async () => {
    await writeFile(join(dir, 'elsewhere.json'), JSON.stringify(await about()))
    await symlink(join(dir, 'elsewhere.json'), join(dir, 'about.json'))
    const loaded = await loadContentFile(dir, 'about')
    expect(loaded).toEqual({
      kind: 'refused',
      error: { file: 'about.json', field: '', message: expect.stringMatching(/\S/) },
      bytes: null,
    })
  })
})

describe('lastValidVersion', () => {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, encoding: 'utf8' }).trim()
  /** Commits about.json as each text (null: removed), oldest first, in one git process. */
  function commits(texts: (string | null)[]) {
    git('init', '-q')
    let stream = ''
    texts.forEach((text, i) => {
      stream += `commit refs/heads/main\ncommitter Bakımcı <bakimci@ornek.com> ${1_700_000_000 + i * 60} +0000\ndata <<END\nsürüm ${i}\nEND\n`
      stream += text === null ? 'D about.json\n' : `M 100644 inline about.json\ndata ${Buffer.byteLength(text)}\n${text}\n`
    })
    execFileSync('git', ['fast-import', '--quiet'], { cwd: dir, input: stream })
    git('symbolic-ref', 'HEAD', 'refs/heads/main')
    git('reset', '-q', '--hard')
    return git('rev-list', '--reverse', 'main').split('\n')
  }

  it('is the newest version history’s schema accepts, past refused and removed ones', async () => {
    const good = await about()
    const ids = commits([
      JSON.stringify({ ...good, title2: 'İlk' }),
      JSON.stringify({ ...good, title2: 'İkinci' }),
      null,
      JSON.stringify({ ...good, title2: 42 }),
      '{ bozuk',
    ])
    const repo = await openContentRepo(dir)
    const last = await lastValidVersion(repo, 'about')
    expect(last).toEqual({ commit: ids[1], date: '2023-11-14T22:14:20+00:00', data: { ...good, title2: 'İkinci' } })
    await repo.close()
  })

  it('is null when no version is valid, and looks back 100 versions at most', async () => {
    const good = await about()
    const refused = (i: number) => JSON.stringify({ ...good, title2: i })
    let repo = await openContentRepo(dir)
    expect(await lastValidVersion(repo, 'about')).toBeNull()
    await repo.close()
    await rm(join(dir, '.git'), { recursive: true, force: true })
    const ids = commits([JSON.stringify(good), ...Array.from({ length: 99 }, (_, i) => refused(i))])
    repo = await openContentRepo(dir)
    expect((await lastValidVersion(repo, 'about'))?.commit).toBe(ids[0])
    await repo.close()
    await rm(join(dir, '.git'), { recursive: true, force: true })
    commits([JSON.stringify(good), ...Array.from({ length: 100 }, (_, i) => refused(i))])
    repo = await openContentRepo(dir)
    expect(await lastValidVersion(repo, 'about')).toBeNull()
    await repo.close()
  })
})
