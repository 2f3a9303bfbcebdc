import { beforeEach, describe, expect, it } from 'vitest'
import { draftTime, memberDraftKey as draftKey, readDraft, removeDraft, sameValues, writeDraft } from './form-drafts.ts'

/** A Map behind the Storage interface: vitest runs in Node, which has no localStorage of its own here. */
function memoryStorage(): Storage {
  const map = new Map<string, string>()
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, String(v)),
  }
}

describe('library form drafts', () => {
  beforeEach(() => {
    Object.defineProperty(globalThis, 'localStorage', { value: memoryStorage(), configurable: true })
  })

  it('keys drafts per member, form and item', () => {
    expect(draftKey('u1', 'kutuphane-belge', undefined)).toBe('netiz-taslak:uye:u1:kutuphane-belge:yeni')
    expect(draftKey('u1', 'kutuphane-belge', 'a')).not.toBe(draftKey('u2', 'kutuphane-belge', 'a'))
  })

  it('writes, reads back and removes a draft; ignores what is not one', () => {
    const key = draftKey('u1', 'kutuphane-belge', undefined)
    writeDraft(key, { values: { title: 'Yarım' }, at: 5 })
    expect(readDraft(key)).toEqual({ values: { title: 'Yarım' }, at: 5 })
    removeDraft(key)
    expect(readDraft(key)).toBeNull()
    localStorage.setItem(key, '{bozuk')
    expect(readDraft(key)).toBeNull()
    localStorage.setItem(key, JSON.stringify({ title: 'eski biçim' }))
    expect(readDraft(key)).toBeNull()
  })

  it('compares values as stored and shows the time in Turkish', () => {
    expect(sameValues({ a: '1' }, { a: '1' })).toBe(true)
    expect(sameValues({ a: '1' }, { a: '2' })).toBe(false)
    expect(draftTime(Date.UTC(2026, 10, 28, 11, 5))).toBe('28 Kasım 2026 14:05')
  })
})
