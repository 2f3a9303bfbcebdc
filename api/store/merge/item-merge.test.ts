import { describe, expect, it } from 'vitest'
import { conflictKey, derivesFields, mergeItem, rederive, settles } from './item-merge.ts'

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

// Issue 28: what a staff save's merge settles itself, rule by rule (the mutation run's 'merge' group).
describe('settles and rederive', () => {
  const img = (id: string, src: unknown) => ({ id, type: 'image', content: '', src })
  const withFields = (blocks: unknown[], extra: Record<string, unknown> = {}) => ({ id: 'p', contentStructure: blocks, ...extra })

  it('updatedAt anywhere; images and featuredImage only at the top of an item that derives them; order only of content fields', () => {
    expect(settles({ path: ['updatedAt'] }, false)).toBe(true)
    expect(settles({ path: ['cards', { id: 'c' }, 'updatedAt'] }, false)).toBe(true)
    expect(settles({ path: ['images'] }, true)).toBe(true)
    expect(settles({ path: ['featuredImage'] }, true)).toBe(true)
    expect(settles({ path: ['images'] }, false)).toBe(false)
    expect(settles({ path: ['featuredImage'] }, false)).toBe(false)
    expect(settles({ path: ['extra', 'images'] }, true)).toBe(false)
    expect(settles({ path: ['contentStructure', { id: 'b' }, 'order'] }, true)).toBe(true)
    expect(settles({ path: ['order'] }, true)).toBe(false)
    expect(settles({ path: ['title'] }, true)).toBe(false)
    expect(settles({ path: ['contentStructure', { id: 'b' }] }, true)).toBe(false)
    expect(settles({ path: [] }, true)).toBe(false)
  })

  it('rederive: order by position, images from image fields with a source, featuredImage the first; only fields the item has', () => {
    const item = withFields(
      [img('a', '/a.webp'), { id: 't', type: 'text', content: 'x', src: '/t.webp' }, img('e', ''), img('n', 5), 'bozuk', img('b', '/b.webp')],
      { images: ['/eski.webp'], featuredImage: '/eski.webp' },
    )
    const out = rederive(item) as { contentStructure: unknown[]; images: string[]; featuredImage: string }
    expect(out.images).toEqual(['/a.webp', '/b.webp'])
    expect(out.featuredImage).toBe('/a.webp')
    expect(out.contentStructure.map((b) => (typeof b === 'object' ? (b as { order: number }).order : b))).toEqual([0, 1, 2, 3, 'bozuk', 5])
    const bare = rederive(withFields([img('a', '/a.webp')])) as Record<string, unknown>
    expect('images' in bare).toBe(false)
    expect('featuredImage' in bare).toBe(false)
    expect(rederive(withFields([], { images: ['/x'], featuredImage: '/x' }))).toMatchObject({ images: [], featuredImage: '' })
    const plain = { id: 'p', title: 'T' }
    expect(rederive(plain)).toBe(plain)
    expect(derivesFields(withFields([]))).toBe(true)
    expect(derivesFields({ id: 'p' })).toBe(false)
    expect(derivesFields(null)).toBe(false)
    expect(derivesFields([{ contentStructure: [] }])).toBe(false)
  })

  it('mergeItem: a derived field of an item that derives nothing is a real conflict; a post’s featuredImage is recomputed', () => {
    const open = mergeItem({ id: 'p', images: 'a' }, { id: 'p', images: 'b' }, { id: 'p', images: 'c' })
    expect(open.open.map((c) => conflictKey(c.path))).toEqual(['images'])
    const post = (featuredImage: string, src: string) => ({ id: 'p', featuredImage, contentStructure: [img('a', src)] })
    const merged = mergeItem(post('/0', '/0'), post('/1', '/1'), post('/2', '/0'))
    expect(merged.all).toEqual([])
    expect(merged.merged).toMatchObject({ featuredImage: '/1' })
    const order = mergeItem({ id: 'p', order: 1 }, { id: 'p', order: 2 }, { id: 'p', order: 3 })
    expect(order.open).toHaveLength(1)
  })
})

// Issue 28, second session: the survivors of the 02:30 mutation run.
describe('mergeItem: an item deleted meanwhile', () => {
  it('a post deleted by the other editor: one conflict for the whole item; choosing theirs keeps it deleted', () => {
    const base = post([block('a', 'image', { src: '/1.webp' }, 0)])
    const mine = post([block('a', 'image', { src: '/2.webp' }, 0)])
    const kept = mergeItem(base, mine, undefined)
    expect(kept.open.map((c) => conflictKey(c.path))).toEqual([''])
    expect(kept.merged).toMatchObject({ images: ['/2.webp'], featuredImage: '/2.webp' })
    // Nothing is recomputed on a deleted item (it has no fields to derive from).
    expect(mergeItem(base, mine, undefined, { '': 'theirs' })).toEqual({ merged: undefined, open: [], all: kept.all })
  })
})
