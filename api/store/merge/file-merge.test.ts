import { describe, expect, it } from 'vitest'
import { mergeContentFile } from './file-merge.ts'

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
