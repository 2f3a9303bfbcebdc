import { describe, expect, it } from 'vitest'
import { normalizeHome, parseMaybeJson, threeStats } from './normalize-home.ts'

describe('normalizeHome', () => {
  it('reads the data wrapper and parses sections sent as JSON text', () => {
    const home = normalizeHome({
      success: true,
      data: {
        banner: JSON.stringify({ title: 'Başlık', button1: { text: 'A', link: '/a' } }),
        services: {
          title: 'Hizmetler',
          tree: JSON.stringify([{ id: 'b1', title: 'E-Fatura', items: [{ id: 'i1', title: 'x' }] }]),
        },
        partners: { cards: [{ id: 'c1', title: 'Ortak', stats: [{ value: '10', label: 'yıl' }] }] },
      },
    })
    expect(home.banner.title).toBe('Başlık')
    expect(home.banner.button1).toEqual({ text: 'A', link: '/a' })
    expect(home.banner.button2).toEqual({ text: 'Bize Ulaşın', link: '/bize-ulasin' })
    expect(home.services.tree[0]).toEqual({ id: 'b1', title: 'E-Fatura', items: [{ id: 'i1', title: 'x' }] })
    expect(home.partners.cards[0].stats).toHaveLength(3)
    expect(home.about).toEqual({ image: '', title: '', description: '' })
  })

  it('accepts the unwrapped shape and garbage without throwing', () => {
    expect(normalizeHome({ blog: { title: 'Blog' } }).blog.title).toBe('Blog')
    expect(normalizeHome(null).services.tree).toEqual([])
    expect(normalizeHome({ data: 'not json' }).banner.title).toBe('')
  })
})

describe('helpers', () => {
  it('parseMaybeJson leaves non-JSON strings alone', () => {
    expect(parseMaybeJson('abc')).toBe('abc')
    expect(parseMaybeJson('[1]')).toEqual([1])
  })
  it('threeStats pads and cuts to three rows', () => {
    expect(threeStats([])).toEqual([
      { value: '', label: '' },
      { value: '', label: '' },
      { value: '', label: '' },
    ])
    expect(threeStats([1, 2, 3, 4].map((n) => ({ value: String(n), label: 'l' })))).toHaveLength(3)
  })
})
