import { describe, expect, it } from 'vitest'
import { allTags, filterPosts, foldTurkish, matchesQuery, plainTextOf } from './blog-search.ts'

const post = (id: string, title: string, tags: string[] = [], text = '', excerpt = '') => ({
  id,
  title,
  excerpt,
  text,
  tags,
})
const posts = [
  post('1', 'İstanbul ofisimiz açıldı', ['Haber']),
  post(
    '2',
    'E-Fatura nedir?',
    ['e-Fatura', 'Rehber'],
    'Irak ve Iğdır müşterileri',
    'Kısa bir ISLAK imza özeti',
  ),
  post('3', 'Muhasebe ipuçları', ['Rehber'], '<p>Defter <b>kapanışı</b></p>'),
]
const ids = (list: readonly { id: string }[]) => list.map((p) => p.id)

describe('Turkish-aware blog search', () => {
  it('folds dotted and dotless I the Turkish way', () => {
    expect(foldTurkish('İSTANBUL')).toBe('istanbul')
    expect(foldTurkish('IĞDIR')).toBe('ığdır')
  })

  it("'istanbul' finds 'İstanbul' and 'İSTANBUL' finds it too", () => {
    expect(ids(filterPosts(posts, 'istanbul', null))).toEqual(['1'])
    expect(ids(filterPosts(posts, 'İSTANBUL', null))).toEqual(['1'])
  })

  it("capital 'I' folds to 'ı', not 'i'", () => {
    expect(matchesQuery(posts[1], 'ığdır')).toBe(true)
    expect(matchesQuery(posts[1], 'IĞDIR')).toBe(true)
    expect(matchesQuery(posts[1], 'igdir')).toBe(false)
    expect(matchesQuery(post('x', 'Istakoz'), 'istakoz')).toBe(false)
  })

  it('searches title, excerpt and text content', () => {
    expect(ids(filterPosts(posts, 'ıslak', null))).toEqual(['2'])
    expect(ids(filterPosts(posts, 'kapanışı', null))).toEqual(['3'])
    expect(ids(filterPosts(posts, 'fatura', null))).toEqual(['2'])
  })

  it('needs every word and treats a blank query as no search', () => {
    expect(ids(filterPosts(posts, '  ', null))).toEqual(['1', '2', '3'])
    expect(ids(filterPosts(posts, 'defter muhasebe', null))).toEqual(['3'])
    expect(filterPosts(posts, 'defter istanbul', null)).toEqual([])
  })

  it('filters by an exact tag and combines with the search', () => {
    expect(ids(filterPosts(posts, '', 'Rehber'))).toEqual(['2', '3'])
    expect(filterPosts(posts, '', 'rehber')).toEqual([])
    expect(filterPosts(posts, '', 'Fatura')).toEqual([])
    expect(ids(filterPosts(posts, 'muhasebe', 'Rehber'))).toEqual(['3'])
    expect(filterPosts(posts, 'istanbul', 'Rehber')).toEqual([])
  })
})

describe('helpers', () => {
  it('lists distinct tags in Turkish order', () => {
    expect(allTags([{ tags: ['Zaman', 'Çek'] }, { tags: ['Cari', 'Çek'] }])).toEqual(['Cari', 'Çek', 'Zaman'])
  })

  it('takes plain text from text blocks only', () => {
    expect(
      plainTextOf([
        { type: 'text', content: '<p>Merhaba  <em>dünya</em></p>' },
        { type: 'image', content: 'resim' },
        { type: 'text', content: 'son' },
      ]),
    ).toBe('Merhaba dünya son')
  })
})
