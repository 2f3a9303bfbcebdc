import { describe, expect, it } from 'vitest'
import { allTags, cardOf, searchUrl } from './blog-search.ts'

describe('blog list helpers', () => {
  it('lists distinct tags in Turkish order', () => {
    expect(allTags([{ tags: ['Zaman', 'Çek'] }, { tags: ['Cari', 'Çek'] }])).toEqual(['Cari', 'Çek', 'Zaman'])
  })

  it('makes a card without the body, the featured image first', () => {
    const post = {
      id: 'a',
      title: 'Başlık',
      excerpt: 'Özet',
      author: 'Yazar',
      tags: ['Etiket'],
      createdAt: '2025-03-01T00:00:00.000Z',
      featuredImage: '',
      images: ['/uploads/b.webp'],
      contentStructure: [{ type: 'text', content: 'gövde' }],
    }
    expect(cardOf(post)).toEqual({
      id: 'a',
      title: 'Başlık',
      excerpt: 'Özet',
      author: 'Yazar',
      tags: ['Etiket'],
      createdAt: '2025-03-01T00:00:00.000Z',
      image: '/uploads/b.webp',
    })
    expect(cardOf({ ...post, featuredImage: '/uploads/k.webp' }).image).toBe('/uploads/k.webp')
  })

  it('builds the search address, leaving blank parts out', () => {
    expect(searchUrl({ q: '  İSTANBUL ofis ', tag: null, page: 1 })).toBe(
      '/api/blog-search?q=%C4%B0STANBUL+ofis&page=1&pageSize=12',
    )
    expect(searchUrl({ q: '', tag: 'e-Fatura & GİB', page: 3 })).toBe(
      '/api/blog-search?tag=e-Fatura+%26+G%C4%B0B&page=3&pageSize=12',
    )
  })
})
