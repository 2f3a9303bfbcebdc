import { describe, expect, it } from 'vitest'
import { assembleOrder, bucketOf, entryPath, entryText, oldBucketOf, oldEntryPath, onePerId, orderPath, orderText, pathInfo } from './content-layout.ts'

describe('content layout (decision 333)', () => {
  it('puts an item in the folder of two hex digits of its id’s FNV-1a hash (decision 336)', () => {
    // FNV-1a 32 of "a" is 0xe40c292c; folded (xor of its four bytes) 0xe4^0x0c^0x29^0x2c = 0xed.
    expect(bucketOf('a')).toBe('ed')
    expect(bucketOf('')).toBe('c5') // the offset basis 0x811c9dc5 folded: 0x81^0x1c^0x9d^0xc5
    expect(entryPath('blogs', 'aB3x')).toBe('blogs/d3/aB3x.json')
    expect(entryPath('blogs', 'Zed')).toBe('blogs/80/Zed.json')
    expect(entryPath('social-projects', '_x-1')).toBe(`social-projects/${bucketOf('_x-1')}/_x-1.json`)
    expect(entryPath('blogs', 'blog-e-imza-nedir')).toBe('blogs/ab/blog-e-imza-nedir.json')
    expect(orderPath('blogs')).toBe('blogs/_sira.json')
    // Case counts (ids are case-sensitive), and a bucket is always two lowercase hex digits.
    expect(bucketOf('ab')).not.toBe(bucketOf('AB'))
    for (const id of ['a', 'Z', '0', '_', '-', 'x'.repeat(64), 'blog-1', 'blog-2']) expect(bucketOf(id)).toMatch(/^[0-9a-f]{2}$/)
  })

  it('spreads slug ids over the 256 folders evenly: 10,000 `blog-<n>` ids, none twice the mean', () => {
    const counts = new Map<string, number>()
    for (let n = 0; n < 10_000; n++) counts.set(bucketOf(`blog-${n}`), (counts.get(bucketOf(`blog-${n}`)) ?? 0) + 1)
    expect(counts.size).toBeGreaterThanOrEqual(200)
    expect(Math.max(...counts.values())).toBeLessThan((2 * 10_000) / counts.size)
    // Ids that differ only in their last character, and ids of another scheme, spread too.
    const tail = new Set(Array.from({ length: 64 }, (_, n) => bucketOf(`proje-${n.toString(36)}`)))
    expect(tail.size).toBeGreaterThan(40)
  })

  it('the old folder (before decision 336) is the first character, lowercased', () => {
    expect(oldBucketOf('aB3x')).toBe('a')
    expect(oldBucketOf('Zed')).toBe('z')
    expect(oldEntryPath('blogs', 'blog-x')).toBe('blogs/b/blog-x.json')
    expect(oldEntryPath('social-projects', '_x-1')).toBe('social-projects/_/_x-1.json')
  })

  it('refuses an id that is no safe file name', () => {
    for (const id of ['', '../x', 'a/b', 'a.b', 'ş', 'x'.repeat(65)]) {
      expect(() => entryPath('blogs', id)).toThrow(/Geçersiz kimlik/)
      expect(() => oldEntryPath('blogs', id)).toThrow(/Geçersiz kimlik/)
    }
  })

  it('tells what each path is, and ignores every other file', () => {
    expect(pathInfo('home.json')).toEqual({ kind: 'file', name: 'home' })
    expect(pathInfo('contact-settings.json')).toEqual({ kind: 'file', name: 'contact-settings' })
    expect(pathInfo('blogs.json')).toEqual({ kind: 'legacy', name: 'blogs' })
    expect(pathInfo('social-projects.json')).toEqual({ kind: 'legacy', name: 'social-projects' })
    expect(pathInfo('blogs/_sira.json')).toEqual({ kind: 'order', name: 'blogs' })
    expect(pathInfo('blogs/d3/aB3x.json')).toEqual({ kind: 'entry', name: 'blogs', id: 'aB3x' })
    expect(pathInfo(entryPath('blogs', '_sira'))).toEqual({ kind: 'entry', name: 'blogs', id: '_sira' })
    expect(pathInfo(entryPath('social-projects', 'p1'))).toEqual({ kind: 'entry', name: 'social-projects', id: 'p1' })
    // Still in its old folder (an old clone, a repository not yet moved): the same item, marked old.
    expect(pathInfo('blogs/a/aB3x.json')).toEqual({ kind: 'entry', name: 'blogs', id: 'aB3x', old: true })
    expect(pathInfo('blogs/_/_sira.json')).toEqual({ kind: 'entry', name: 'blogs', id: '_sira', old: true })
    expect(pathInfo('social-projects/p/p1.json')).toEqual({ kind: 'entry', name: 'social-projects', id: 'p1', old: true })
    for (const other of [
      'blogs/d4/aB3x.json', // another hash folder
      'blogs/D3/aB3x.json', // folders are lowercase
      'blogs/3d/aB3x.json',
      'blogs/d3/.aB3x.json',
      'blogs/d3/aB3x.json.tmp',
      'README.md',
      '.home.json.tmp',
      'Home.json',
      'blogs/a/.aB3x.json.tmp',
      'blogs/b/aB3x.json', // the wrong folder (neither its hash folder nor its first character)
      'blogs/A/AB.json', // folders are lowercase
      'blogs/x.json',
      'blogs/a/b/ab.json',
      'programs/_sira.json',
      'programs/p/p1.json',
      'blogs/a/a.b.json',
      'home.json.bak',
      'blogs/a/a1.jsox', // no .json: never an item, whatever its name's start
      'blogs/a/a1.json/x', // a folder named like an item file
      `blogs/${bucketOf('a1')}/a1.json/x`,
    ])
      expect(pathInfo(other), other).toBeNull()
  })

  it('of an id’s files in both folders, the hash folder’s is the item, whichever is found first', () => {
    const neu = { id: 'x', path: 'blogs/new' }
    const old = { id: 'x', path: 'blogs/old', old: true }
    const other = { id: 'y', path: 'blogs/y-old', old: true }
    expect(onePerId([old, neu, other])).toEqual([neu, other])
    expect(onePerId([neu, old, other])).toEqual([neu, other])
    expect(onePerId([other])).toEqual([other])
    expect(onePerId([])).toEqual([])
  })

  it('writes items and the order as two-space JSON with a final newline, keys as stored', () => {
    expect(entryText({ title: 'Başlık', id: 'a1' })).toBe('{\n  "title": "Başlık",\n  "id": "a1"\n}\n')
    expect(orderText(['b', 'a'])).toBe('[\n  "b",\n  "a"\n]\n')
  })

  it('assembles the list in the order file’s order; hand-added files go last by date, missing ids are dropped', () => {
    const entries = new Map([
      ['c', { id: 'c', createdAt: '2026-01-03' }],
      ['a', { id: 'a', createdAt: '2026-01-01' }],
      ['new2', { id: 'new2', createdAt: '2026-02-02' }],
      ['new1', { id: 'new1', createdAt: '2026-02-01' }],
      ['same-b', { id: 'same-b', createdAt: '2026-03-01' }],
      ['same-a', { id: 'same-a', createdAt: '2026-03-01' }],
    ])
    const { list, added, dropped } = assembleOrder(['c', 'gone', 'a', 'c'], entries)
    expect(list.map((e) => e.id)).toEqual(['c', 'a', 'new1', 'new2', 'same-a', 'same-b'])
    expect(added).toEqual(['new1', 'new2', 'same-a', 'same-b'])
    expect(dropped).toEqual(['gone'])
  })

  it('without an order file every item is appended by date', () => {
    const entries = new Map([
      ['b', { id: 'b', createdAt: '2026-01-02' }],
      ['a', { id: 'a' }],
    ])
    expect(assembleOrder(null, entries).list.map((e) => e.id)).toEqual(['a', 'b'])
  })
})
