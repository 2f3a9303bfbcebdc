import { describe, expect, it } from 'vitest'
import { commitMessage } from './commit-message.ts'

const post = (id: string, title: string) => ({ id, title, excerpt: 'Özet' })
const a = post('a', 'Birinci')
const b = post('b', 'İkinci')
const c = post('c', 'Üçüncü')

describe('commitMessage for lists', () => {
  it('names an entry changed in place', () => {
    expect(commitMessage('blogs', [a, b, c], [a, { ...b, title: 'İkinci yeni' }, c])).toBe('Blog yazısı güncellendi: İkinci yeni')
  })

  it('names an added and a removed entry', () => {
    expect(commitMessage('blogs', [a, b], [a, b, c])).toBe('Blog yazısı eklendi: Üçüncü')
    expect(commitMessage('blogs', [a, b, c], [a, c])).toBe('Blog yazısı silindi: İkinci')
  })

  it('tells a removal plus an addition of the same length from an edit', () => {
    expect(commitMessage('social-projects', [a, b], [a, c])).toBe('Sosyal proje eklendi: Üçüncü; Sosyal proje silindi: İkinci')
  })

  it('an entry copied but unchanged is no change; a new order of the same entries is a list change', () => {
    expect(commitMessage('blogs', [a, b], [a, { ...b }])).toBe('Blog yazısı listesi güncellendi')
    expect(commitMessage('programs', [a, b, c], [c, a, b])).toBe('Program listesi güncellendi')
  })
})
