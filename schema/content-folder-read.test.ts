import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { collectionSource, readCollectionSync } from './content-folder-read.ts'
import { entryPath, entryText, oldEntryPath, orderPath, orderText } from './content-layout.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** A fresh content folder holding the given files (paths with `/`; strings written as they are). */
function contentDir(files: Record<string, unknown>): string {
  const dir = mkdtempSync(join(tmpdir(), 'folder-read-'))
  dirs.push(dir)
  for (const [path, data] of Object.entries(files)) write(dir, path, data)
  return dir
}
function write(dir: string, path: string, data: unknown) {
  mkdirSync(dirname(join(dir, path)), { recursive: true })
  writeFileSync(join(dir, path), typeof data === 'string' ? data : entryText(data))
}
const post = (id: string, createdAt = '2026-01-01') => ({ id, title: `Yazı ${id}`, createdAt })
/** The files of a folder collection: each post's file and the order file. */
const folder = (posts: { id: string }[], order = posts.map((p) => p.id)) => ({
  ...Object.fromEntries(posts.map((p) => [entryPath('blogs', p.id), p])),
  [orderPath('blogs')]: orderText(order),
})
const ids = (value: unknown) => (value as { id: string }[]).map((p) => p.id)

describe('readCollectionSync (decision 333)', () => {
  it('reads a folder collection in its order file’s order, from every bucket', () => {
    const dir = contentDir(
      folder(
        [post('b1', '2026-01-01'), post('Zed', '2026-01-02'), post('a9', '2026-01-03')],
        ['Zed', 'a9', 'b1'],
      ),
    )
    expect(readCollectionSync(dir, 'blogs')).toEqual([
      post('Zed', '2026-01-02'),
      post('a9', '2026-01-03'),
      post('b1', '2026-01-01'),
    ])
    expect(collectionSource(dir, 'blogs')).toEqual({
      layout: 'folder',
      name: 'blogs',
      path: join(dir, 'blogs'),
    })
  })

  it('appends a hand-added file by createdAt and drops an id without a file', () => {
    const dir = contentDir({
      ...folder([post('a', '2026-01-05'), post('b', '2026-01-01')], ['a', 'gone', 'b']),
      [entryPath('blogs', 'm-later')]: post('m-later', '2026-03-01'),
      [entryPath('blogs', 'x-earlier')]: post('x-earlier', '2026-02-01'),
      [entryPath('blogs', 'z-undated')]: { ...post('z-undated'), createdAt: 5 }, // not a date: first, not a crash
    })
    expect(ids(readCollectionSync(dir, 'blogs'))).toEqual(['a', 'b', 'z-undated', 'x-earlier', 'm-later'])
  })

  it('reads a folder without an order file (and no legacy file) by createdAt', () => {
    const dir = contentDir({
      [entryPath('social-projects', 'p2')]: post('p2', '2026-02-01'),
      [entryPath('social-projects', 'p1')]: post('p1', '2026-01-01'),
    })
    expect(ids(readCollectionSync(dir, 'social-projects'))).toEqual(['p1', 'p2'])
  })

  it('reads the one file when there is no folder, and gives undefined when there is neither', () => {
    const dir = contentDir({ 'blogs.json': [post('x')], 'home.json': { banner: {} } })
    expect(readCollectionSync(dir, 'blogs')).toEqual([post('x')])
    expect(readCollectionSync(dir, 'home')).toEqual({ banner: {} })
    expect(readCollectionSync(dir, 'social-projects')).toBeUndefined()
    expect(readCollectionSync(dir, 'about')).toBeUndefined()
    expect(collectionSource(dir, 'social-projects')).toBeNull()
  })

  it('with both, the folder wins when it has its order file, the one file when it has not', () => {
    const both = contentDir({ ...folder([post('new')]), 'blogs.json': [post('old')] })
    expect(ids(readCollectionSync(both, 'blogs'))).toEqual(['new'])
    const cut = contentDir({ [entryPath('blogs', 'new')]: post('new'), 'blogs.json': [post('old')] })
    expect(ids(readCollectionSync(cut, 'blogs'))).toEqual(['old'])
    expect(collectionSource(cut, 'blogs')).toEqual({
      layout: 'file',
      name: 'blogs',
      path: join(cut, 'blogs.json'),
    })
  })

  it('only folder collections are read from a folder', () => {
    const dir = contentDir({ 'programs/p/p1.json': post('p1'), 'programs/_sira.json': orderText(['p1']) })
    expect(readCollectionSync(dir, 'programs')).toBeUndefined()
  })

  it('names the file whose JSON is broken: an item file, the order file, the one file', () => {
    const item = contentDir({ ...folder([post('a')]), [entryPath('blogs', 'b')]: '{ bozuk' })
    expect(() => readCollectionSync(item, 'blogs')).toThrow(
      `İçerik dosyası okunamadı: ${join(item, entryPath('blogs', 'b'))}`,
    )
    const order = contentDir({ [entryPath('blogs', 'a')]: post('a'), [orderPath('blogs')]: '[' })
    expect(() => readCollectionSync(order, 'blogs')).toThrow(
      `İçerik dosyası okunamadı: ${join(order, 'blogs', '_sira.json')}`,
    )
    const legacy = contentDir({ 'blogs.json': '[{' })
    expect(() => readCollectionSync(legacy, 'blogs')).toThrow(
      `İçerik dosyası okunamadı: ${join(legacy, 'blogs.json')}`,
    )
  })

  it('refuses an item whose id is not its file’s name, and an order file that is no list of ids', () => {
    const dir = contentDir({ ...folder([post('a')]), [entryPath('blogs', 'b')]: post('c') })
    expect(() => readCollectionSync(dir, 'blogs')).toThrow(
      `İçerik dosyası geçersiz: ${join(dir, entryPath('blogs', 'b'))}`,
    )
    const order = contentDir({ [entryPath('blogs', 'a')]: post('a'), [orderPath('blogs')]: '{"a":1}' })
    expect(() => readCollectionSync(order, 'blogs')).toThrow(
      `İçerik dosyası geçersiz: ${join(order, 'blogs', '_sira.json')}`,
    )
  })

  it('ignores symlinks, dotfiles, temporary files, other files and files in the wrong bucket', () => {
    const outside = contentDir({ 's1.json': post('s1'), 't/t2.json': post('t2') })
    const dir = contentDir({
      ...folder([post('a')]),
      'blogs/a/.a2.json': post('a2'),
      'blogs/4c/a3.json.tmp': post('a3'),
      'blogs/a/.a4.json.tmp-123': post('a4'),
      'blogs/a/README.md': 'not content',
      'blogs/b/a5.json': post('a5'), // the wrong bucket
      'blogs/A/A6.json': post('A6'), // buckets are lowercase
      'blogs/x.json': post('x'),
      'blogs/a/deeper/a7.json': post('a7'),
    })
    mkdirSync(join(dir, 'blogs', 's'))
    symlinkSync(join(outside, 's1.json'), join(dir, 'blogs', 's', 's1.json')) // a symlinked item file
    symlinkSync(join(outside, 't'), join(dir, 'blogs', 't')) // a symlinked bucket
    expect(ids(readCollectionSync(dir, 'blogs'))).toEqual(['a'])
  })

  it('reads an item still in its old first-character folder; beside its hash folder’s file, that one wins (decision 336)', () => {
    const dir = contentDir({
      ...folder([post('a1', '2026-01-01')], ['b2', 'a1', 'c3']),
      [oldEntryPath('blogs', 'b2')]: post('b2', '2026-01-02'), // blogs/b/b2.json: an old clone's
      [oldEntryPath('blogs', 'a1')]: { ...post('a1'), title: 'Eski kopya' }, // beside blogs/27/a1.json
      [oldEntryPath('blogs', 'c3')]: '{ bozuk', // never read: its hash folder has it
      [entryPath('blogs', 'c3')]: post('c3', '2026-01-03'),
    })
    expect(readCollectionSync(dir, 'blogs')).toEqual([post('b2', '2026-01-02'), post('a1', '2026-01-01'), post('c3', '2026-01-03')])
  })
})
