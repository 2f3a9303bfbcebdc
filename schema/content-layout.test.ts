import { describe, expect, it } from 'vitest'
import { assembleOrder, entryPath, entryText, orderPath, orderText, pathInfo } from './content-layout.ts'

describe('content layout (decision 333)', () => {
  it('puts an item in the folder of its id’s first character, lowercased', () => {
    expect(entryPath('blogs', 'aB3x')).toBe('blogs/a/aB3x.json')
    expect(entryPath('blogs', 'Zed')).toBe('blogs/z/Zed.json')
    expect(entryPath('social-projects', '_x-1')).toBe('social-projects/_/_x-1.json')
    expect(orderPath('blogs')).toBe('blogs/_sira.json')
  })

  it('refuses an id that is no safe file name', () => {
    for (const id of ['', '../x', 'a/b', 'a.b', 'ş', 'x'.repeat(65)]) expect(() => entryPath('blogs', id)).toThrow(/Geçersiz kimlik/)
  })

  it('tells what each path is, and ignores every other file', () => {
    expect(pathInfo('home.json')).toEqual({ kind: 'file', name: 'home' })
    expect(pathInfo('contact-settings.json')).toEqual({ kind: 'file', name: 'contact-settings' })
    expect(pathInfo('blogs.json')).toEqual({ kind: 'legacy', name: 'blogs' })
    expect(pathInfo('social-projects.json')).toEqual({ kind: 'legacy', name: 'social-projects' })
    expect(pathInfo('blogs/_sira.json')).toEqual({ kind: 'order', name: 'blogs' })
    expect(pathInfo('blogs/a/aB3x.json')).toEqual({ kind: 'entry', name: 'blogs', id: 'aB3x' })
    expect(pathInfo('blogs/_/_sira.json')).toEqual({ kind: 'entry', name: 'blogs', id: '_sira' })
    for (const other of [
      'README.md',
      '.home.json.tmp',
      'Home.json',
      'blogs/a/.aB3x.json.tmp',
      'blogs/b/aB3x.json', // the wrong folder
      'blogs/A/AB.json', // folders are lowercase
      'blogs/x.json',
      'blogs/a/b/ab.json',
      'programs/_sira.json',
      'programs/p/p1.json',
      'blogs/a/a.b.json',
    ])
      expect(pathInfo(other), other).toBeNull()
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
