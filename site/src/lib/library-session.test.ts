import { describe, expect, it } from 'vitest'
import { clearMember, MEMBER_KEY, readMember, saveMember } from './library-session.ts'

/** A tiny in-memory Storage: the browser's localStorage does not exist under Node. */
function memoryStore(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial))
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  }
}
const member = {
  id: 'm1',
  name: 'Ayşe Yılmaz',
  email: 'ayse@ornek.com',
  role: 'library_admin',
  created_at: '2025-01-01',
} as const

describe('library session in localStorage', () => {
  it('round-trips the member under the libraryMember key and clears it', () => {
    const store = memoryStore()
    expect(readMember(store)).toBeNull()
    saveMember(store, member)
    expect(JSON.parse(store.getItem(MEMBER_KEY)!)).toEqual(member)
    expect(readMember(store)).toEqual(member)
    clearMember(store)
    expect(readMember(store)).toBeNull()
  })

  it('treats broken JSON or a foreign shape as no member', () => {
    expect(readMember(memoryStore({ libraryMember: '{bozuk' }))).toBeNull()
    expect(readMember(memoryStore({ libraryMember: '"metin"' }))).toBeNull()
    expect(readMember(memoryStore({ libraryMember: '{"email":"a@b.c"}' }))).toBeNull()
  })

  it('reads an unknown role as a plain member', () => {
    const store = memoryStore({ libraryMember: JSON.stringify({ ...member, role: 'superadmin' }) })
    expect(readMember(store)?.role).toBe('member')
  })
})
