import { describe, expect, it } from 'vitest'
import { mergeContentData, mergeContentFile } from './file-merge.ts'

const json = (v: unknown) => JSON.stringify(v, null, 2)

describe('mergeContentFile', () => {
  it('combines a maintainer’s post edit with a staff edit of another post', () => {
    const base = [{ id: 'a', title: 'A' }, { id: 'b', title: 'B' }]
    const live = [{ id: 'a', title: 'A (yönetim)' }, { id: 'b', title: 'B' }]
    const other = [{ id: 'a', title: 'A' }, { id: 'b', title: 'B (git)' }]
    expect(mergeContentFile('blogs.json', json(base), json(live), json(other))).toEqual({
      data: [{ id: 'a', title: 'A (yönetim)' }, { id: 'b', title: 'B (git)' }],
      conflicts: [],
    })
  })

  it('keeps the live value of a field changed both ways and names file, item and both values', () => {
    const base = { cards: [{ id: 'r', title: 'R' }], sliderImages: [] }
    const live = { cards: [{ id: 'r', title: 'Canlı' }], sliderImages: [] }
    const other = { cards: [{ id: 'r', title: 'Git' }], sliderImages: [] }
    const { data, conflicts } = mergeContentFile('references.json', json(base), json(live), json(other))
    expect(data).toEqual(live)
    expect(conflicts).toEqual([{ file: 'references.json', itemId: 'r', path: ['cards', { id: 'r' }, 'title'], live: 'Canlı', other: 'Git' }])
  })

  it('names home sections and document fields', () => {
    const home = mergeContentFile('home.json', json({ banner: { title: 'x' } }), json({ banner: { title: 'y' } }), json({ banner: { title: 'z' } }))
    expect(home.conflicts[0]).toMatchObject({ itemId: 'banner', path: ['banner', 'title'] })
    const about = mergeContentFile('about.json', json({ title2: 'x' }), json({ title2: 'y' }), json({ title2: 'z' }))
    expect(about.conflicts[0]).toMatchObject({ itemId: undefined, path: ['title2'] })
  })

  it('a file added on one side only is taken', () => {
    expect(mergeContentFile('media.json', null, null, json([{ url: '/u/a.jpg' }])).data).toEqual([{ url: '/u/a.jpg' }])
  })
})

// Issue 28: the sync's own rules, one by one (the mutation run's 'merge' group).
describe('mergeContentData: what a sync settles itself', () => {
  const img = (id: string, src: string) => ({ id, type: 'image', content: '', src })
  const text = (id: string, content: string) => ({ id, type: 'text', content })
  const post = (id: string, blocks: Record<string, unknown>[], extra: Record<string, unknown> = {}) => ({
    id,
    title: id,
    updatedAt: '2026-01-01T00:00:00.000Z',
    images: blocks.filter((b) => b.type === 'image').map((b) => b.src),
    featuredImage: (blocks.find((b) => b.type === 'image')?.src as string) ?? '',
    contentStructure: blocks.map((b, order) => ({ ...b, order })),
    ...extra,
  })

  it('updatedAt, derived images and content-field order never conflict; images are recomputed from the merged fields', () => {
    const base = [post('a', [img('i1', '/1.webp'), text('t', 'x')]), post('b', [])]
    // Live adds an image first; the remote adds one last and edits the text: images differ both ways.
    const live = [post('a', [img('i0', '/0.webp'), img('i1', '/1.webp'), text('t', 'x')], { updatedAt: '2026-01-02T00:00:00.000Z' }), post('b', [])]
    const other = [post('a', [img('i1', '/1.webp'), text('t', 'y'), img('i9', '/9.webp')], { updatedAt: '2026-01-03T00:00:00.000Z' }), post('b', [])]
    const { data, conflicts } = mergeContentData('blogs.json', base, live, other)
    expect(conflicts).toEqual([])
    const [a, b] = data as ReturnType<typeof post>[]
    expect(a!.contentStructure.map((x) => [(x as { id?: string }).id, x.order])).toEqual([['i0', 0], ['i1', 1], ['t', 2], ['i9', 3]])
    expect(a!.images).toEqual(['/0.webp', '/1.webp', '/9.webp'])
    expect(a!.featuredImage).toBe('/0.webp')
    expect(a!.updatedAt).toBe('2026-01-02T00:00:00.000Z')
    expect(b).toBe(live[1]) // untouched entries stay the very same objects
  })

  it('only the item that needs it is recomputed; the others keep their stored values', () => {
    // Post b's stored images disagree with its fields (an old record): only a's conflict may rederive a.
    const stale = { ...post('b', [img('j', '/j.webp')]), images: ['/eski.webp'], featuredImage: '/eski.webp' }
    const base = [post('a', [img('i1', '/1.webp')], { updatedAt: 'x' }), stale]
    const live = [post('a', [img('i1', '/1.webp')], { updatedAt: 'y' }), stale]
    const other = [post('a', [img('i1', '/1.webp')], { updatedAt: 'z' }), stale]
    const { data, conflicts } = mergeContentData('social-projects.json', base, live, other)
    expect(conflicts).toEqual([])
    expect((data as Record<string, unknown>[])[1]).toEqual(stale)
    expect((data as Record<string, unknown>[])[0]).toMatchObject({ updatedAt: 'y', images: ['/1.webp'] })
  })

  it('a derived-looking field of an item without content fields is a real conflict; so is a nested images field', () => {
    const base = [{ id: 'p', images: 'a' }]
    const live = [{ id: 'p', images: 'b' }]
    const other = [{ id: 'p', images: 'c' }]
    const programs = mergeContentData('programs.json', base, live, other)
    expect(programs.conflicts).toEqual([{ file: 'programs.json', itemId: 'p', path: [{ id: 'p' }, 'images'], live: 'b', other: 'c' }])
    expect(programs.data).toEqual(live)
    const nested = (v: string) => [post('a', [], { extra: { images: v } })]
    expect(mergeContentData('blogs.json', nested('x'), nested('y'), nested('z')).conflicts.map((c) => c.path)).toEqual([[{ id: 'a' }, 'extra', 'images']])
    // An 'order' outside content fields is a real field too.
    const ordered = (order: number) => [{ id: 'k', order }]
    expect(mergeContentData('programs.json', ordered(1), ordered(2), ordered(3)).conflicts).toHaveLength(1)
  })

  it('home sections and documents settle updatedAt at their own level; a conflict keeps the live value', () => {
    const home = (title: string, updatedAt: string) => ({ banner: { title, updatedAt }, blog: { title: 'B' } })
    const merged = mergeContentData('home.json', home('x', '1'), home('y', '2'), home('z', '3'))
    expect(merged.conflicts).toEqual([{ file: 'home.json', itemId: 'banner', path: ['banner', 'title'], live: 'y', other: 'z' }])
    expect(merged.data).toEqual(home('y', '2'))
    const about = mergeContentData('about.json', { title1: 'a', updatedAt: '1' }, { title1: 'a', updatedAt: '2' }, { title1: 'b', updatedAt: '3' })
    expect(about).toEqual({ data: { title1: 'b', updatedAt: '2' }, conflicts: [] })
  })

  it('names the item of every kind of conflict: a card, the slider, a media record, a list entry', () => {
    const refs = (title: string, slider: string[]) => ({ cards: [{ id: 'c1', title }], sliderImages: slider })
    const cards = mergeContentData('references.json', refs('a', ['/1', '/2']), refs('b', ['/2', '/1']), refs('c', ['/1', '/2', '/3']))
    expect(cards.conflicts.map((c) => [c.itemId, c.path])).toEqual([['c1', ['cards', { id: 'c1' }, 'title']]])
    // Both reordered the slider, differently: one conflict, named the slider.
    const slider = mergeContentData('references.json', refs('a', ['/1', '/2', '/3']), refs('a', ['/2', '/1', '/3']), refs('a', ['/1', '/3', '/2']))
    expect(slider.conflicts.map((c) => [c.itemId, c.path])).toEqual([['~slider', ['sliderImages', '#order']]])
    const media = mergeContentData('media.json', [{ url: '/u/a.jpg', alt: 'a' }], [{ url: '/u/a.jpg', alt: 'b' }], [{ url: '/u/a.jpg', alt: 'c' }])
    expect(media.conflicts).toEqual([{ file: 'media.json', itemId: '/u/a.jpg', path: [{ id: '/u/a.jpg' }, 'alt'], live: 'b', other: 'c' }])
    // The same paths in a file where they name no item.
    expect(mergeContentData('about.json', { cards: { x: 1 } }, { cards: { x: 2 } }, { cards: { x: 3 } }).conflicts[0]!.itemId).toBeUndefined()
    expect(mergeContentData('about.json', { sliderImages: 'a' }, { sliderImages: 'b' }, { sliderImages: 'c' }).conflicts[0]!.itemId).toBeUndefined()
    expect(mergeContentData('references.json', { cards: 'a' }, { cards: 'b' }, { cards: 'c' }).conflicts[0]!.itemId).toBeUndefined()
  })

  it('a card’s updatedAt settles inside references; a file missing or broken on one side merges as absent', () => {
    const refs = (updatedAt: string, title = 'T') => ({ cards: [{ id: 'c1', title, updatedAt }], sliderImages: [] })
    expect(mergeContentData('references.json', refs('1'), refs('2'), refs('3'))).toEqual({ data: refs('2'), conflicts: [] })
    expect(mergeContentFile('about.json', '{ broken', '{"title1": "a"}', '{"title1": "a", "title2": "b"}')).toEqual({ data: { title1: 'a', title2: 'b' }, conflicts: [] })
    expect(mergeContentFile('about.json', null, json({ title1: 'a' }), null).data).toEqual({ title1: 'a' })
  })
})

// Issue 28, second session: the survivors of the 02:30 mutation run.
describe('mergeContentData: survivors of the mutation run', () => {
  const img = (id: string, src: string) => ({ id, type: 'image', content: '', src })
  const post = (id: string, srcs: string[]) => ({
    id,
    images: srcs,
    featuredImage: srcs[0] ?? '',
    contentStructure: srcs.map((src, order) => ({ ...img(`i-${src}`, src), order })),
  })

  it('a file deleted live and unchanged on the remote stays deleted; deleted live and edited there is a conflict', () => {
    const about = json({ title1: 'a' })
    expect(mergeContentFile('about.json', about, null, about)).toEqual({ data: undefined, conflicts: [] })
    expect(mergeContentFile('about.json', about, null, json({ title1: 'b' }))).toEqual({
      data: undefined,
      conflicts: [{ file: 'about.json', itemId: undefined, path: [], live: undefined, other: { title1: 'b' } }],
    })
  })

  it('both sides put a different image first: the featuredImage clash settles inside the post and is recomputed', () => {
    const base = [post('a', ['/1.webp'])]
    const live = [post('a', ['/0.webp', '/1.webp'])]
    const other = [post('a', ['/9.webp', '/1.webp'])]
    const { data, conflicts } = mergeContentData('blogs.json', base, live, other)
    expect(conflicts).toEqual([])
    const [a] = data as ReturnType<typeof post>[]
    expect(a!.featuredImage).toBe(a!.images[0])
    expect(new Set(a!.images)).toEqual(new Set(['/0.webp', '/9.webp', '/1.webp']))
  })
})


describe('mergeContentData: which item a conflict is in', () => {
  const clash = (file: string, at: (v: string) => unknown) => mergeContentData(file, at('a'), at('b'), at('c')).conflicts.map((c) => [c.itemId, c.path])

  it('a home section’s own lists (the partners’ cards) belong to the section; only references.json has cards of its own', () => {
    expect(clash('home.json', (v) => ({ partners: { cards: [{ id: 'k', title: v }] } }))).toEqual([['partners', ['partners', 'cards', { id: 'k' }, 'title']]])
    // A home section that is itself a list: still the section.
    expect(clash('home.json', (v) => ({ list: [{ id: 'k', title: v }] }))).toEqual([['list', ['list', { id: 'k' }, 'title']]])
    // A home section named like references.json's cards is still a section.
    expect(clash('home.json', (v) => ({ cards: [{ id: 'k', title: v }] }))).toEqual([['cards', ['cards', { id: 'k' }, 'title']]])
    // Another list of references.json is no card.
    expect(clash('references.json', (v) => ({ cards: [], other: [{ id: 'k', title: v }] }))).toEqual([[undefined, ['other', { id: 'k' }, 'title']]])
  })

  it('a document with content fields of its own settles and recomputes its derived fields as a post does', () => {
    const doc = (src: string, featuredImage: string) => ({ featuredImage, contentStructure: [{ id: 'i', type: 'image', content: '', src, order: 0 }] })
    expect(mergeContentData('about.json', doc('/0', '/0'), doc('/1', '/1'), doc('/0', '/2'))).toEqual({ data: doc('/1', '/1'), conflicts: [] })
  })
})
