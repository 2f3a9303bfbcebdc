import { describe, expect, it } from 'vitest'
import { conflictKey, mergeItem } from './item-merge.ts'

type Block = { id: string; type: string; content: string; src?: string; order: number }
const block = (id: string, type: string, extra: Partial<Block>, order: number): Block => ({ id, type, content: '', ...extra, order })
const post = (blocks: ReturnType<typeof block>[], extra: Record<string, unknown> = {}) => ({
  id: 'p',
  title: 'T',
  updatedAt: '2026-01-01T00:00:00.000Z',
  images: blocks.filter((b) => b.type === 'image').map((b) => b.src),
  featuredImage: blocks.find((b) => b.type === 'image')?.src ?? '',
  contentStructure: blocks,
  ...extra,
})

describe('mergeItem', () => {
  it('never conflicts on updatedAt, derived images or content-field order; recomputes them', () => {
    const base = post([block('a', 'image', { src: '/1.webp' }, 0), block('b', 'text', { content: 'x' }, 1)])
    // Mine inserts an image before everything; theirs adds an image at the end and edits the text.
    const mine = post(
      [block('n', 'image', { src: '/0.webp' }, 0), block('a', 'image', { src: '/1.webp' }, 1), block('b', 'text', { content: 'x' }, 2)],
      { updatedAt: '2026-01-02T00:00:00.000Z' },
    )
    const theirs = post(
      [block('a', 'image', { src: '/1.webp' }, 0), block('b', 'text', { content: 'y' }, 1), block('z', 'image', { src: '/9.webp' }, 2)],
      { updatedAt: '2026-01-03T00:00:00.000Z' },
    )
    const { merged, open, all } = mergeItem(base, mine, theirs)
    expect(all).toEqual([])
    expect(open).toEqual([])
    const m = merged as ReturnType<typeof post>
    expect(m.contentStructure.map((b) => [b.id, b.order])).toEqual([['n', 0], ['a', 1], ['b', 2], ['z', 3]])
    expect(m.contentStructure[2].content).toBe('y')
    expect(m.images).toEqual(['/0.webp', '/1.webp', '/9.webp'])
    expect(m.featuredImage).toBe('/0.webp')
    expect(m.updatedAt).toBe('2026-01-02T00:00:00.000Z')
  })

  it('leaves a clash open until a choice covers it; the choice decides the value', () => {
    const base = { id: 'p', title: 'T', excerpt: 'E' }
    const mine = { id: 'p', title: 'Benim', excerpt: 'E2' }
    const theirs = { id: 'p', title: 'Onun', excerpt: 'E' }
    const first = mergeItem(base, mine, theirs)
    expect(first.open.map((c) => conflictKey(c.path))).toEqual(['title'])
    expect(mergeItem(base, mine, theirs, { title: 'mine' })).toMatchObject({ open: [], merged: { title: 'Benim', excerpt: 'E2' } })
    expect(mergeItem(base, mine, theirs, { title: 'theirs' })).toMatchObject({ open: [], merged: { title: 'Onun', excerpt: 'E2' } })
  })

  it('names nested clashes by content-field id', () => {
    const base = { contentStructure: [{ id: 'b-1', type: 'text', content: 'a', order: 0 }] }
    const mine = { contentStructure: [{ id: 'b-1', type: 'text', content: 'b', order: 0 }] }
    const theirs = { contentStructure: [{ id: 'b-1', type: 'text', content: 'c', order: 0 }] }
    expect(mergeItem(base, mine, theirs).open.map((c) => conflictKey(c.path))).toEqual(['contentStructure/#b-1/content'])
  })
})
