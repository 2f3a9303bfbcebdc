import { describe, expect, it } from 'vitest'
import { fileHref, initialOf, isNew, itemType, viewHref } from './library-view.ts'

describe('library item view', () => {
  it('names the type and picks where Görüntüle goes', () => {
    expect(itemType({ kind: 'file', mime: 'application/pdf' })).toEqual({ icon: 'pdf', label: 'PDF' })
    expect(itemType({ kind: 'link', mime: '' })).toEqual({ icon: 'link', label: 'Bağlantı' })
    expect(itemType({ kind: 'file', mime: 'application/x-unknown' }).label).toBe('Dosya')
    expect(viewHref({ id: 'a1', kind: 'file', mime: 'application/pdf' })).toBe('/api/library/items/a1/file')
    expect(viewHref({ id: 'a1', kind: 'file', mime: 'application/xml' })).toBe(
      '/xml-goruntuleyici?kutuphane=a1',
    )
    expect(viewHref({ id: 'a1', kind: 'file', mime: 'text/csv' })).toBeNull()
    expect(fileHref('a1', true)).toBe('/api/library/items/a1/file?indir=1')
  })

  it("marks items added after the member's previous visit as new", () => {
    expect(isNew({ createdAt: '2026-03-02T10:00:00Z' }, '2026-03-01T10:00:00Z')).toBe(true)
    expect(isNew({ createdAt: '2026-02-28T10:00:00Z' }, '2026-03-01T10:00:00Z')).toBe(false)
    expect(isNew({ createdAt: '2026-03-02T10:00:00Z' }, null)).toBe(false)
  })

  it("writes the avatar's letter in Turkish capitals", () => {
    for (const [name, letter] of [
      ['ismail', 'İ'],
      ['ışık', 'I'],
      ['ece', 'E'],
      ['şule', 'Ş'],
      ['Çağla', 'Ç'],
      ['ümit', 'Ü'],
      [' öykü', 'Ö'],
      ['', ''],
    ]) {
      expect(initialOf(name!)).toBe(letter)
      expect(initialOf(name!)).toBe(name!.trim().slice(0, 1).toLocaleUpperCase('tr'))
    }
  })
})
