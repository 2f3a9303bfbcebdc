import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { entryText, orderText } from '#schema/content-layout.ts'
import { collectionAt, collectionFiles, copyContent, editEntry, fileOf, layoutOf, readCollection, refusedAtStart, testFolders, writeCollection } from './content-files.ts'
import { git } from './maintainer-git.ts'

let dir: string
beforeEach(async () => void (dir = await mkdtemp(join(tmpdir(), 'content-files-'))))
afterEach(() => rm(dir, { recursive: true, force: true }))

const post = (id: string, title = `Başlık ${id}`) => ({ id, title, createdAt: '2026-01-01T00:00:00.000Z' })
const mtime = async (path: string) => (await stat(join(dir, path))).mtimeMs

describe('content files of tests, in either layout (decision 333)', () => {
  it('the one-file form: written as the server writes it, read back, one item edited', async () => {
    await writeCollection(dir, 'blogs', [post('a1'), post('b2')], { layout: 'file' })
    expect(await readFile(join(dir, 'blogs.json'), 'utf8')).toBe(JSON.stringify([post('a1'), post('b2')], null, 2))
    expect(layoutOf(dir, 'blogs')).toBe('file')
    await editEntry(dir, 'blogs', 'b2', (p) => void (p.title = 'Yeni'))
    expect(readCollection(dir, 'blogs')).toEqual([post('a1'), post('b2', 'Yeni')])
    await writeCollection(dir, 'references', { cards: [] })
    expect(JSON.parse(await readFile(join(dir, 'references.json'), 'utf8'))).toEqual({ cards: [] })
  })

  it('the folder form: only changed item files and the order file are written; a removed id loses its file', async () => {
    await writeCollection(dir, 'blogs', [post('a1'), post('B2'), post('c3')], { layout: 'folder' })
    expect(await readFile(join(dir, 'blogs/87/B2.json'), 'utf8')).toBe(entryText(post('B2')))
    expect(await readFile(join(dir, 'blogs/_sira.json'), 'utf8')).toBe(orderText(['a1', 'B2', 'c3']))
    expect(layoutOf(dir, 'blogs')).toBe('folder')
    const before = { a1: await mtime('blogs/27/a1.json'), order: await mtime('blogs/_sira.json') }
    await new Promise((r) => setTimeout(r, 20))
    await editEntry(dir, 'blogs', 'c3', (p) => ({ ...p, title: 'Yeni' }))
    expect({ a1: await mtime('blogs/27/a1.json'), order: await mtime('blogs/_sira.json') }).toEqual(before)
    expect(readCollection(dir, 'blogs')).toEqual([post('a1'), post('B2'), post('c3', 'Yeni')])
    await writeCollection(dir, 'blogs', [post('c3', 'Yeni'), post('a1')])
    expect(await readdir(join(dir, 'blogs/87'))).toEqual([])
    expect(readCollection(dir, 'blogs')).toEqual([post('c3', 'Yeni'), post('a1')])
    expect(fileOf('blogs', 'a1', 'folder')).toBe('blogs/27/a1.json')
    expect(fileOf('blogs', 'a1', 'file')).toBe('blogs.json')
    expect(fileOf('programs', 'a1', 'folder')).toBe('programs.json')
  })

  it('a new collection takes the test run’s layout; writing the folder form removes the one file', async () => {
    expect(layoutOf(dir, 'blogs')).toBe(testFolders ? 'folder' : 'file')
    expect(layoutOf(dir, 'programs')).toBe('file')
    await writeFile(join(dir, 'blogs.json'), JSON.stringify([post('a1')]))
    await writeCollection(dir, 'blogs', [post('a1')], { layout: 'folder' })
    await expect(stat(join(dir, 'blogs.json'))).rejects.toThrow()
    expect(() => readCollection(dir, 'social-projects')).toThrow(/social-projects/)
  })

  it('every stored file of a collection, and what the next start would refuse of it, in either layout', async () => {
    const full = { ...post('a1'), excerpt: '', author: 'X', tags: [], status: 'published', featuredImage: '', images: [], contentStructure: [] }
    await writeCollection(dir, 'blogs', [full], { layout: 'file' })
    expect(Object.keys(await collectionFiles(dir, 'blogs'))).toEqual(['blogs.json'])
    expect(await refusedAtStart(dir, 'blogs')).toEqual([])
    await writeCollection(dir, 'blogs', [full, { ...full, id: 'b2', title: 42 }], { layout: 'folder' })
    expect(Object.keys(await collectionFiles(dir, 'blogs')).sort()).toEqual(['blogs/27/a1.json', 'blogs/_sira.json', 'blogs/ff/b2.json'])
    expect(await refusedAtStart(dir, 'blogs')).toEqual([expect.stringMatching(/^blogs\/ff\/b2\.json reddedildi, alan "title"/)])
    expect(await refusedAtStart(dir, 'about')).toEqual(['about: yok'])
  })

  it('a collection at a commit, in the layout of that commit, also inside a bigger repository', async () => {
    git(dir, 'init', '-q')
    const content = join(dir, 'content')
    await mkdir(content)
    await writeCollection(content, 'blogs', [post('a1')], { layout: 'file' })
    git(dir, 'add', '-A')
    git(dir, 'commit', '-q', '-m', 'tek dosya')
    await writeCollection(content, 'blogs', [post('b2'), post('a1', 'Yeni')], { layout: 'folder' })
    git(dir, 'add', '-A')
    git(dir, 'commit', '-q', '-m', 'klasör')
    expect(collectionAt(dir, 'HEAD~1', 'blogs', 'content/')).toEqual([post('a1')])
    expect(collectionAt(dir, 'HEAD', 'blogs', 'content/')).toEqual([post('b2'), post('a1', 'Yeni')])
    expect(collectionAt(dir, 'HEAD', 'social-projects', 'content/')).toBeUndefined()
  })

  it('a copy of content/ for a test app holds posts and projects in the test run’s layout, the same lists', async () => {
    const repoContent = join(import.meta.dirname, '..', '..', 'content')
    await copyContent(repoContent, join(dir, 'copy'))
    for (const name of ['blogs', 'social-projects']) {
      expect(layoutOf(join(dir, 'copy'), name)).toBe(testFolders ? 'folder' : 'file')
      expect(readCollection(join(dir, 'copy'), name)).toEqual(readCollection(repoContent, name))
    }
  })
})
