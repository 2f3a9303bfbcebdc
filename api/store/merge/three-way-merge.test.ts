import { describe, expect, it } from 'vitest'
import { identityKey, mergeContent, valueAt, withValueAt, type Path } from './three-way-merge.ts'

const post = (id: string, extra: Record<string, unknown> = {}) => ({ id, title: `Başlık ${id}`, excerpt: `Özet ${id}`, ...extra })
const block = (id: string, content: string, order: number) => ({ id, type: 'text', content, order })

type Case = { name: string; base: unknown; ours: unknown; theirs: unknown; merged: unknown; conflicts?: Path[] }

const cases: Case[] = [
  { name: 'nothing changed', base: { a: 1 }, ours: { a: 1 }, theirs: { a: 1 }, merged: { a: 1 } },
  { name: 'only ours changed', base: { a: 1 }, ours: { a: 2 }, theirs: { a: 1 }, merged: { a: 2 } },
  { name: 'only theirs changed', base: { a: 1 }, ours: { a: 1 }, theirs: { a: 3 }, merged: { a: 3 } },
  { name: 'both made the same change', base: { a: 1 }, ours: { a: 2 }, theirs: { a: 2 }, merged: { a: 2 } },
  {
    name: 'different fields of one document combine',
    base: { title: 'A', text: 'x' },
    ours: { title: 'B', text: 'x' },
    theirs: { title: 'A', text: 'y' },
    merged: { title: 'B', text: 'y' },
  },
  {
    name: 'the same field changed differently is a conflict, ours kept',
    base: { title: 'A', text: 'x' },
    ours: { title: 'B', text: 'x' },
    theirs: { title: 'C', text: 'y' },
    merged: { title: 'B', text: 'y' },
    conflicts: [['title']],
  },
  {
    name: 'a field added on one side',
    base: { a: 1 },
    ours: { a: 1 },
    theirs: { a: 1, publishAt: '2026-12-01T09:00:00+03:00' },
    merged: { a: 1, publishAt: '2026-12-01T09:00:00+03:00' },
  },
  { name: 'a field removed on one side', base: { a: 1, b: 2 }, ours: { a: 1 }, theirs: { a: 1, b: 2 }, merged: { a: 1 } },
  {
    name: 'a field removed on one side, changed on the other',
    base: { a: 1, b: 2 },
    ours: { a: 1 },
    theirs: { a: 1, b: 3 },
    merged: { a: 1 },
    conflicts: [['b']],
  },
  {
    name: 'nested fields of a section combine (home: banner buttons)',
    base: { banner: { title: 'T', button1: { text: 'Programlar', link: '/programlar' } } },
    ours: { banner: { title: 'T2', button1: { text: 'Programlar', link: '/programlar' } } },
    theirs: { banner: { title: 'T', button1: { text: 'Programlar', link: '/programlarimiz' } } },
    merged: { banner: { title: 'T2', button1: { text: 'Programlar', link: '/programlarimiz' } } },
  },
  {
    name: 'different items of a collection combine',
    base: [post('a'), post('b')],
    ours: [post('a', { title: 'Yeni A' }), post('b')],
    theirs: [post('a'), post('b', { title: 'Yeni B' })],
    merged: [post('a', { title: 'Yeni A' }), post('b', { title: 'Yeni B' })],
  },
  {
    name: 'different fields of one item combine (Özet here, Başlık there)',
    base: [post('a')],
    ours: [post('a', { excerpt: 'Yeni özet' })],
    theirs: [post('a', { title: 'Yeni başlık' })],
    merged: [post('a', { excerpt: 'Yeni özet', title: 'Yeni başlık' })],
  },
  {
    name: 'the same field of one item is a conflict',
    base: [post('a'), post('b')],
    ours: [post('a', { title: 'Bizim' }), post('b')],
    theirs: [post('a', { title: 'Onların' }), post('b', { excerpt: 'e' })],
    merged: [post('a', { title: 'Bizim' }), post('b', { excerpt: 'e' })],
    conflicts: [[{ id: 'a' }, 'title']],
  },
  {
    name: 'an item added on each side: both kept, each after its predecessor',
    base: [post('a'), post('b')],
    ours: [post('a'), post('x'), post('b')],
    theirs: [post('a'), post('b'), post('y')],
    merged: [post('a'), post('x'), post('b'), post('y')],
  },
  {
    name: 'an item added at the start on the other side',
    base: [post('a')],
    ours: [post('a', { title: 'A2' })],
    theirs: [post('n'), post('a')],
    merged: [post('n'), post('a', { title: 'A2' })],
  },
  {
    name: 'an item deleted on one side is deleted',
    base: [post('a'), post('b'), post('c')],
    ours: [post('a'), post('c')],
    theirs: [post('a', { title: 'A2' }), post('b'), post('c')],
    merged: [post('a', { title: 'A2' }), post('c')],
  },
  { name: 'an item deleted on both sides', base: [post('a'), post('b')], ours: [post('a')], theirs: [post('a')], merged: [post('a')] },
  {
    name: 'deleted on one side, edited on the other: a conflict on the item, ours kept',
    base: [post('a'), post('b')],
    ours: [post('a')],
    theirs: [post('a'), post('b', { title: 'B2' })],
    merged: [post('a')],
    conflicts: [[{ id: 'b' }]],
  },
  {
    name: 'an order change on one side is kept, with the other side’s edits',
    base: [post('a'), post('b'), post('c')],
    ours: [post('c'), post('a'), post('b')],
    theirs: [post('a'), post('b', { title: 'B2' }), post('c')],
    merged: [post('c'), post('a'), post('b', { title: 'B2' })],
  },
  {
    name: 'an order change on theirs is kept',
    base: [post('a'), post('b'), post('c')],
    ours: [post('a', { excerpt: 'e' }), post('b'), post('c')],
    theirs: [post('b'), post('a'), post('c')],
    merged: [post('b'), post('a', { excerpt: 'e' }), post('c')],
  },
  {
    name: 'both reordered differently: an order conflict, ours kept',
    base: [post('a'), post('b'), post('c')],
    ours: [post('c'), post('a'), post('b')],
    theirs: [post('b'), post('a'), post('c')],
    merged: [post('c'), post('a'), post('b')],
    conflicts: [['#order']],
  },
  {
    name: 'content fields merge by content-field id',
    base: [post('a', { contentStructure: [block('a-1', 'bir', 0), block('a-2', 'iki', 1)] })],
    ours: [post('a', { contentStructure: [block('a-1', 'BİR', 0), block('a-2', 'iki', 1)] })],
    theirs: [post('a', { contentStructure: [block('a-1', 'bir', 0), block('a-2', 'İKİ', 1), block('a-3', 'üç', 2)] })],
    merged: [post('a', { contentStructure: [block('a-1', 'BİR', 0), block('a-2', 'İKİ', 1), block('a-3', 'üç', 2)] })],
  },
  {
    name: 'the same content field edited on both sides is a conflict on that field only',
    base: [post('a', { contentStructure: [block('a-1', 'bir', 0)] })],
    ours: [post('a', { title: 'T', contentStructure: [block('a-1', 'BİR', 0)] })],
    theirs: [post('a', { contentStructure: [block('a-1', 'Bir!', 0)] })],
    merged: [post('a', { title: 'T', contentStructure: [block('a-1', 'BİR', 0)] })],
    conflicts: [[{ id: 'a' }, 'contentStructure', { id: 'a-1' }, 'content']],
  },
  {
    name: 'a tag list is one field: changed on one side, taken',
    base: [post('a', { tags: ['x'] })],
    ours: [post('a', { tags: ['x', 'y'] })],
    theirs: [post('a', { tags: ['x'], title: 'T' })],
    merged: [post('a', { tags: ['x', 'y'], title: 'T' })],
  },
  {
    name: 'a tag list changed on both sides is a conflict',
    base: [post('a', { tags: ['x'] })],
    ours: [post('a', { tags: ['x', 'y'] })],
    theirs: [post('a', { tags: ['z'] })],
    merged: [post('a', { tags: ['x', 'y'] })],
    conflicts: [[{ id: 'a' }, 'tags']],
  },
  {
    name: 'references: cards and slider images merge independently',
    base: { cards: [post('r1'), post('r2')], sliderImages: ['/1.jpg', '/2.jpg'] },
    ours: { cards: [post('r2'), post('r1')], sliderImages: ['/1.jpg', '/2.jpg'] },
    theirs: { cards: [post('r1'), post('r2')], sliderImages: ['/2.jpg'] },
    merged: { cards: [post('r2'), post('r1')], sliderImages: ['/2.jpg'] },
  },
  {
    name: 'slider images: a reorder here, an image added and one deleted there',
    base: ['/1.jpg', '/2.jpg', '/3.jpg'],
    ours: ['/3.jpg', '/1.jpg', '/2.jpg'],
    theirs: ['/1.jpg', '/3.jpg', '/4.jpg'],
    // The added image goes after the one it followed there.
    merged: ['/3.jpg', '/4.jpg', '/1.jpg'],
  },
  {
    name: 'slider images: the same image deleted on both sides',
    base: ['/1.jpg', '/2.jpg', '/3.jpg'],
    ours: ['/1.jpg', '/3.jpg'],
    theirs: ['/1.jpg', '/3.jpg', '/5.jpg'],
    merged: ['/1.jpg', '/3.jpg', '/5.jpg'],
  },
  {
    name: 'media records merge by url',
    base: [{ url: '/u/a.jpg', alt: '' }, { url: '/u/b.jpg', alt: '' }],
    ours: [{ url: '/u/a.jpg', alt: 'A' }, { url: '/u/b.jpg', alt: '' }],
    theirs: [{ url: '/u/a.jpg', alt: '' }, { url: '/u/b.jpg', alt: 'B' }, { url: '/u/c.jpg', alt: '' }],
    merged: [{ url: '/u/a.jpg', alt: 'A' }, { url: '/u/b.jpg', alt: 'B' }, { url: '/u/c.jpg', alt: '' }],
  },
  {
    name: 'the same item added on both sides with different fields',
    base: [],
    ours: [{ id: 'n', title: 'Bizim' }],
    theirs: [{ id: 'n', excerpt: 'Onların' }],
    merged: [{ id: 'n', title: 'Bizim', excerpt: 'Onların' }],
  },
  {
    name: 'a file created on both sides differently (no base) is one conflict',
    base: undefined,
    ours: 'a',
    theirs: 'b',
    merged: 'a',
    conflicts: [[]],
  },
]

describe('mergeContent (table)', () => {
  for (const c of cases) {
    it(c.name, () => {
      const { merged, conflicts } = mergeContent(c.base, c.ours, c.theirs)
      expect(merged).toEqual(c.merged)
      expect(conflicts.map((x) => x.path)).toEqual(c.conflicts ?? [])
    })
  }

  it('lists both values of a conflict', () => {
    const { conflicts } = mergeContent([post('a')], [post('a', { title: 'B' })], [post('a', { title: 'C' })])
    expect(conflicts).toEqual([{ path: [{ id: 'a' }, 'title'], base: 'Başlık a', ours: 'B', theirs: 'C' }])
  })

  it('does not change its inputs', () => {
    const base = [post('a'), post('b')]
    const ours = [post('b'), post('a', { title: 'X' })]
    const theirs = [post('a'), post('b', { excerpt: 'Y' }), post('c')]
    const copies = structuredClone([base, ours, theirs])
    mergeContent(base, ours, theirs)
    expect([base, ours, theirs]).toEqual(copies)
  })
})

describe('identityKey', () => {
  it('finds ids, urls, or none', () => {
    expect(identityKey([{ id: 'a' }], [{ id: 'b' }])).toBe('id')
    expect(identityKey([{ url: '/a' }])).toBe('url')
    expect(identityKey(['/a', '/b'])).toBe('self')
    expect(identityKey(['/a', '/a'])).toBeUndefined()
    expect(identityKey(['e-Fatura', 'e-Arşiv'])).toBeUndefined()
    expect(identityKey([{ id: 'a' }, { id: 'a' }])).toBeUndefined()
    expect(identityKey([], [])).toBeUndefined()
  })
})

describe('taking the other value of a conflict', () => {
  it('sets a field, restores a deleted item, reorders', () => {
    const base = [post('a'), post('b'), post('c')]
    const ours = [post('c', { title: 'C1' }), post('a'), post('b', { title: 'B1' })]
    const theirs = [post('b', { title: 'B2' }), post('a'), post('c')]
    const { merged, conflicts } = mergeContent(base, ours, theirs)
    expect(conflicts.map((c) => c.path)).toEqual([[{ id: 'b' }, 'title'], ['#order']])
    let resolved = merged as unknown
    for (const c of conflicts) resolved = withValueAt(resolved, c.path, c.theirs)
    expect(resolved).toEqual([post('b', { title: 'B2' }), post('a'), post('c', { title: 'C1' })])
    expect(valueAt(resolved, [{ id: 'b' }, 'title'])).toBe('B2')
  })

  it('brings back an item the other side kept and removes a field', () => {
    const restored = withValueAt([post('a')], [{ id: 'b' }], post('b'))
    expect(restored).toEqual([post('a'), post('b')])
    expect(withValueAt({ a: 1, b: 2 }, ['b'], undefined)).toEqual({ a: 1 })
  })
})

// Issue 28: edges the mutation run found untested (the 'merge' group).
describe('mergeContent: edges', () => {
  it('identityKey: absolute or rooted URLs, distinct on every side; ids or urls on every element, distinct per side', () => {
    expect(identityKey(['https://a.com/x.png', 'http://b.com/y.png'])).toBe('self')
    expect(identityKey(['xhttps://a.com/x.png'])).toBeUndefined()
    expect(identityKey(['/a.webp', 'b.webp'])).toBeUndefined()
    expect(identityKey(['/a.webp', '/a.webp'], ['/b.webp'])).toBeUndefined()
    expect(identityKey([{ id: 'a' }, { x: 1 }])).toBeUndefined()
    expect(identityKey([{ id: 'a' }, { id: 'a' }], [{ id: 'b' }])).toBeUndefined()
    expect(identityKey([{ url: '/u/a' }], [{ url: '/u/b' }])).toBe('url')
    expect(identityKey([], [])).toBeUndefined()
  })

  it('a value whose kind changed is one conflict, never merged as another kind; lists new on both sides merge', () => {
    expect(mergeContent([1], { a: 1 }, { b: 2 }).conflicts.map((c) => c.path)).toEqual([[]])
    expect(mergeContent('x', [{ id: 'a' }], [{ id: 'b' }]).conflicts.map((c) => c.path)).toEqual([[]])
    const both = mergeContent(undefined, [{ id: 'a' }], [{ id: 'b' }])
    expect(both.conflicts).toEqual([])
    expect(both.merged.map((e) => e.id).sort()).toEqual(['a', 'b'])
    expect(mergeContent(undefined, { a: 1 }, { b: 2 })).toEqual({ merged: { a: 1, b: 2 }, conflicts: [] })
    expect(mergeContent([{ id: 'a' }], [{ id: 'a' }, 'x'], [{ id: 'b' }]).conflicts.map((c) => c.path)).toEqual([[]])
  })

  it('a key deleted on one side is gone, not kept as undefined', () => {
    const { merged } = mergeContent({ a: 1, b: 2 }, { a: 1 }, { a: 1, b: 2, c: 3 })
    expect(Object.keys(merged)).toEqual(['a', 'c'])
    const list = mergeContent([{ id: 'a' }, { id: 'b' }], [{ id: 'a' }], [{ id: 'a' }, { id: 'b', x: 1 }])
    expect(list.conflicts.map((c) => c.path)).toEqual([[{ id: 'b' }]])
    expect(list.merged).toEqual([{ id: 'a' }])
  })

  it('order: one side reordered and the other added an item: the reorder kept, the addition after its predecessor', () => {
    const base = [{ id: 'a' }, { id: 'b' }, { id: 'c' }]
    const ours = [{ id: 'c' }, { id: 'a' }, { id: 'b' }]
    const theirs = [{ id: 'a' }, { id: 'n' }, { id: 'b' }, { id: 'c' }]
    expect(mergeContent(base, ours, theirs).merged.map((e) => e.id)).toEqual(['c', 'a', 'n', 'b'])
    expect(mergeContent(base, theirs, ours).merged.map((e) => e.id)).toEqual(['c', 'a', 'n', 'b'])
    const first = [{ id: 'n' }, { id: 'a' }, { id: 'b' }, { id: 'c' }]
    expect(mergeContent(base, ours, first).merged.map((e) => e.id)).toEqual(['n', 'c', 'a', 'b'])
    // Both reordered the same way: no conflict.
    expect(mergeContent(base, ours, ours).conflicts).toEqual([])
    // One side deleted an item and the other moved another: the move kept, the deletion too.
    const moved = mergeContent(base, [{ id: 'b' }, { id: 'a' }, { id: 'c' }], [{ id: 'a' }, { id: 'b' }])
    expect(moved).toEqual({ merged: [{ id: 'b' }, { id: 'a' }], conflicts: [] })
  })

  it('valueAt and withValueAt on paths that are not there', () => {
    expect(valueAt({ a: [{ id: 'x', v: 1 }] }, ['a', { id: 'x' }, 'v'])).toBe(1)
    expect(valueAt({ a: [{ id: 'x', v: 1 }] }, ['a', { id: 'y' }, 'v'])).toBeUndefined()
    expect(valueAt({ a: 'x' }, ['a', { id: 'x' }])).toBeUndefined()
    expect(valueAt([{ url: '/u' }], [{ id: '/u' }])).toEqual({ url: '/u' })
    expect(valueAt(['/s'], [{ id: '/s' }])).toBe('/s')
    expect(valueAt({ a: 1 }, ['a', 'b'])).toBeUndefined()
    expect(withValueAt([{ id: 'a' }], [{ id: 'b' }], { id: 'b' })).toEqual([{ id: 'a' }, { id: 'b' }])
    expect(withValueAt([{ id: 'a' }], [{ id: 'b' }], undefined)).toEqual([{ id: 'a' }])
    expect(withValueAt([{ id: 'a' }, { id: 'b' }], [{ id: 'a' }], undefined)).toEqual([{ id: 'b' }])
    expect(withValueAt('x', [{ id: 'b' }], { id: 'b' })).toEqual([{ id: 'b' }])
    expect(withValueAt('x', ['k'], 1)).toEqual({ k: 1 })
    expect(withValueAt({ k: 1, j: 2 }, ['k'], undefined)).toEqual({ j: 2 })
    expect(Object.keys(withValueAt({ k: 1, j: 2 }, ['k'], undefined) as object)).toEqual(['j'])
    // An order naming some ids: the others keep their place after them, in their order.
    const list = [{ id: 'a' }, { id: 'b' }, { id: 'c' }, { id: 'd' }]
    expect((withValueAt(list, ['#order'], ['c', 'a']) as { id: string }[]).map((e) => e.id)).toEqual(['c', 'a', 'b', 'd'])
    expect((withValueAt(list, ['#order'], ['d']) as { id: string }[]).map((e) => e.id)).toEqual(['d', 'a', 'b', 'c'])
    expect((withValueAt(list, ['#order'], ['a', 'b', 'c', 'd']) as { id: string }[]).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd'])
    expect(withValueAt({ x: list }, ['x', '#order'], ['b'])).toEqual({ x: [{ id: 'b' }, { id: 'a' }, { id: 'c' }, { id: 'd' }] })
  })
})

// Issue 28, second session: the survivors of the 02:30 mutation run.
describe('mergeContent: survivors of the mutation run', () => {
  it('two different values new on both sides are one conflict, even when they look like URLs (never merged as lists)', () => {
    // No base: a key added on both sides. Strings of distinct characters that look like URLs must not be taken for
    // URL lists, and a list on one side with a URL on the other is a change of kind, not a list merge.
    expect(mergeContent(undefined, '/a.jpg', '/b.jpg')).toEqual({
      merged: '/a.jpg',
      conflicts: [{ path: [], base: undefined, ours: '/a.jpg', theirs: '/b.jpg' }],
    })
    expect(mergeContent(undefined, ['/a.jpg'], '/b.jpg').conflicts).toEqual([{ path: [], base: undefined, ours: ['/a.jpg'], theirs: '/b.jpg' }])
    expect(mergeContent(undefined, '/b.jpg', ['/a.jpg']).merged).toBe('/b.jpg')
    // A URL that both sides replaced by different URL lists: a change of kind, one conflict.
    expect(mergeContent('/x.jpg', ['/a.jpg'], ['/b.jpg'])).toEqual({
      merged: ['/a.jpg'],
      conflicts: [{ path: [], base: '/x.jpg', ours: ['/a.jpg'], theirs: ['/b.jpg'] }],
    })
    expect(mergeContent({ id: 'x' }, [{ id: 'x', t: 1 }], [{ id: 'y' }]).conflicts).toHaveLength(1)
  })

  it('an item the other side deleted does not count as moved: no order conflict, the other side’s order is kept', () => {
    const base = [post('a'), post('b'), post('c')]
    // Ours moves c first; theirs deletes c and swaps a and b. c is deleted (ours did not edit it), so among the items
    // left only theirs reordered.
    const ours = [post('c'), post('a'), post('b')]
    const theirs = [post('b'), post('a')]
    expect(mergeContent(base, ours, theirs)).toEqual({ merged: [post('b'), post('a')], conflicts: [] })
  })

  it('withValueAt on the first element of a list changes it in place, never appends a copy', () => {
    const list = [{ id: 'a', t: 1, u: 2 }, { id: 'b', t: 3 }]
    expect(withValueAt(list, [{ id: 'a' }, 't'], 5)).toEqual([{ id: 'a', t: 5, u: 2 }, { id: 'b', t: 3 }])
    expect(withValueAt(list, [{ id: 'a' }], undefined)).toEqual([{ id: 'b', t: 3 }])
  })
})
