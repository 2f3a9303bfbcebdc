import { describe, expect, it } from 'vitest'
import { versionOf, type ItemRef } from '../content-items.ts'
import { createRecentVersions } from './recent-versions.ts'

// Issue 28 (the `store-versions` mutation group): the versions editors loaded lately, the base a stale save merges from.

const post: ItemRef = { name: 'blogs', id: 'yazi-1' }

describe('createRecentVersions', () => {
  it('finds an item by the ref and the version it was remembered with', () => {
    const recent = createRecentVersions()
    const item = { id: 'yazi-1', title: 'Bir' }
    expect(recent.remember(post, item)).toBe(versionOf(item))
    expect(recent.find(post, versionOf(item))).toBe(item)
    expect(recent.remember(post, item, 'elle-verilen')).toBe('elle-verilen')
    expect(recent.find(post, 'elle-verilen')).toBe(item)
    expect(recent.find(post, 'baska-surum')).toBeUndefined()
  })

  it('keeps versions apart by collection, by item and by version', () => {
    const recent = createRecentVersions()
    const a = { id: 'yazi-1', title: 'Bir' }
    const b = { id: 'yazi-1', title: 'İki' }
    recent.remember(post, a, 'v')
    recent.remember({ name: 'social-projects', id: 'yazi-1' }, b, 'v')
    recent.remember({ name: 'blogs', id: 'yazi-2' }, b, 'v2')
    recent.remember({ name: 'about' }, b, 'v3')
    expect(recent.find(post, 'v')).toBe(a)
    expect(recent.find({ name: 'social-projects', id: 'yazi-1' }, 'v')).toBe(b)
    expect(recent.find({ name: 'blogs', id: 'yazi-2' }, 'v')).toBeUndefined()
    expect(recent.find({ name: 'blogs', id: 'yazi-2' }, 'v2')).toBe(b)
    expect(recent.find(post, 'v2')).toBeUndefined()
    expect(recent.find({ name: 'about' }, 'v3')).toBe(b)
    expect(recent.find({ name: 'about', id: '' }, 'v3')).toBe(b)
    expect(recent.find(post, 'v3')).toBeUndefined()
  })

  it('keeps nothing for an item that is not there (deleted), yet names its version', () => {
    const recent = createRecentVersions()
    expect(recent.remember(post, undefined)).toBe(versionOf(undefined))
    expect(recent.find(post, versionOf(undefined))).toBeUndefined()
    expect(recent.remember(post, undefined, 'v')).toBe('v')
    expect(recent.find(post, 'v')).toBeUndefined()
    // Nor does it take the place of a version kept.
    const two = createRecentVersions(2)
    two.remember(post, 'a', 'va')
    two.remember(post, 'b', 'vb')
    two.remember(post, undefined, 'vc')
    expect([two.find(post, 'va'), two.find(post, 'vb')]).toEqual(['a', 'b'])
  })

  it('forgets the least recently remembered version past its limit; remembering again makes a version new', () => {
    const recent = createRecentVersions(2)
    recent.remember(post, 'a', 'va')
    recent.remember(post, 'b', 'vb')
    recent.remember(post, 'a2', 'va')
    recent.remember(post, 'c', 'vc')
    expect(recent.find(post, 'va')).toBe('a2')
    expect(recent.find(post, 'vb')).toBeUndefined()
    expect(recent.find(post, 'vc')).toBe('c')
    recent.remember(post, 'd', 'vd')
    expect(recent.find(post, 'va')).toBeUndefined()
    expect([recent.find(post, 'vc'), recent.find(post, 'vd')]).toEqual(['c', 'd'])
  })

  it('holds 2000 versions by default', () => {
    const recent = createRecentVersions()
    for (let i = 0; i <= 2000; i++) recent.remember(post, i, `v${i}`)
    expect(recent.find(post, 'v0')).toBeUndefined()
    expect(recent.find(post, 'v1')).toBe(1)
    expect(recent.find(post, 'v2000')).toBe(2000)
  })
})
