import { describe, expect, it } from 'vitest'
import { changedParts, versionOf } from './content-items.ts'

// What a save may have added (the upload references it records): the entries that are not the very objects the
// list had before, wherever they stand; a document whole.
const entries = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `e${i}` }))

describe('changedParts', () => {
  it('an entry replaced in place, and nothing for a list only reordered or shortened', () => {
    const before = entries(5)
    const edited = { id: 'e2', title: 'yeni' }
    expect(changedParts('blogs', before, [before[0], before[1], edited, before[3], before[4]])).toEqual([edited])
    expect(changedParts('blogs', before, [before[1], before[0], ...before.slice(2)])).toEqual([])
    expect(changedParts('blogs', before, before.slice(1))).toEqual([])
    expect(changedParts('blogs', before, before)).toEqual([])
  })

  it('a new entry wherever it is, also among many moved ones (more than 64)', () => {
    const before = entries(200)
    const added = { id: 'yeni' }
    expect(changedParts('social-projects', before, [added, ...before])).toEqual([added])
    const reversed = [...before].reverse()
    reversed[10] = added
    expect(changedParts('blogs', before, reversed)).toEqual([added])
    const shifted = [...before.slice(1), before[0]]
    expect(changedParts('blogs', before, shifted)).toEqual([])
  })

  it('the references: new cards and the slider; a document whole', () => {
    const cards = entries(3)
    const slider = ['/a.webp']
    expect(changedParts('references', { cards, sliderImages: [] }, { cards: [...cards, { id: 'k' }], sliderImages: slider })).toEqual([
      { id: 'k' },
      slider,
    ])
    const home = { banner: {} }
    expect(changedParts('home', {}, home)).toEqual([home])
  })
})

describe('versionOf (the If-Match fingerprint)', () => {
  it('follows an object that can still change; a frozen one is fingerprinted once, equal to a fresh count', () => {
    const open: { id: string; title: string } = { id: 'a', title: 'Bir' }
    const first = versionOf(open)
    open.title = 'İki'
    expect(versionOf(open)).not.toBe(first)
    const frozen = Object.freeze({ id: 'a', title: 'İki' })
    expect(versionOf(frozen)).toBe(versionOf(open))
    expect(versionOf(frozen)).toBe(versionOf({ id: 'a', title: 'İki' }))
  })
})
