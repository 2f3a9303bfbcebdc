import { describe, expect, it } from 'vitest'
import { movedAddress, movedAddressList } from './moved-addresses.ts'
import { movedSteps, referenceList, referenceMoved } from '../testing/moved-steps.ts'

// Old addresses answer with where the item lives now, in whatever version of the collection a save left (the
// map of old addresses is kept per stored array): always the answers of the collection as it is.
type Item = { id: string; slug?: string; oldSlugs?: string[]; status?: string }
const posts = (n: number): Item[] => Array.from({ length: n }, (_, i) => ({ id: `id${i}`, slug: `yazi-${i}` }))

describe('moved addresses across saves', () => {
  it('a save of items without old addresses keeps the map; one that adds, moves or drops an old address changes it', () => {
    let blogs: readonly Item[] = Object.freeze([{ id: 'a', slug: 'yeni-a', oldSlugs: ['eski-a'] }, ...posts(200)])
    const deps = { content: { read: (name: string) => (name === 'blogs' ? blogs : []) }, now: () => new Date() } as never
    const at = (path: string) => movedAddress(deps, path)
    expect(at('/blog/eski-a')).toBe('/blog/yeni-a')
    const save = (i: number, item: Item) => (blogs = Object.freeze(blogs.map((b, j) => (j === i ? item : b))))
    // A title-only save of another post: the same answers.
    save(5, { ...blogs[5]!, id: blogs[5]!.id })
    expect(at('/blog/eski-a')).toBe('/blog/yeni-a')
    expect(at('/blog/yazi-9')).toBeNull()
    // A post given a new address: its old one answers now.
    save(10, { ...blogs[10]!, slug: 'yeni-10', oldSlugs: ['yazi-9'] })
    expect(at('/blog/yazi-9')).toBe('/blog/yeni-10')
    // The old address dropped again (its item replaced by one without it): no answer.
    save(10, { id: blogs[10]!.id, slug: 'yeni-10' })
    expect(at('/blog/yazi-9')).toBeNull()
    // The post that had one loses it.
    save(0, { id: 'a', slug: 'yeni-a' })
    expect(at('/blog/eski-a')).toBeNull()
    const list = movedAddressList((name) => (name === 'blogs' ? blogs : []), Date.now()).pairs()
    expect(list.filter(([from]) => from.startsWith('/blog/eski-') || from.startsWith('/blog/yazi-9'))).toEqual([])
    expect(list).toContainEqual(['/blog/id7', '/blog/yazi-7'])
    // Many saved at once (more than 64 replaced): mapped whole, the same answers.
    blogs = Object.freeze(blogs.map((b, i) => (i < 100 ? { ...b } : b)).concat())
    save(150, { ...blogs[150]!, oldSlugs: ['eski-150'] })
    expect(at('/blog/eski-150')).toBe(`/blog/${blogs[150]!.slug}`)
  })
})

// The old addresses are carried from one stored array to the next by the positions a save replaced, and the list
// is made again only when an old address, its item's address or schedule, or the clock's side of a scheduled time
// changed: after every random save, the answers of the collection worked out from scratch.
describe('moved addresses carried from save to save', () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`equal a computation from scratch after 300 random saves and clock moves (seed ${seed})`, () => {
      const s = movedSteps(seed)
      const deps = { content: { read: s.read }, now: () => new Date(s.clock.now) } as never
      const answers = () => s.paths().map((path) => `${path} ${movedAddress(deps, path)}`)
      const expectedAnswers = () => {
        const moved = referenceMoved(s.read, s.clock.now)
        return s.paths().map((path) => `${path} ${moved(path)}`)
      }
      let last = movedAddressList(s.read, s.clock.now)
      let lastPairs = last.pairs()
      const kinds = new Set<string>()
      for (let i = 0; i < 300; i++) {
        const kind = s.step()
        kinds.add(kind)
        // The server's answers before the list, at times (each reads the collection as it is).
        if (s.random() < 0.5) expect([i, kind, answers()]).toEqual([i, kind, expectedAnswers()])
        const moved = movedAddressList(s.read, s.clock.now)
        const pairs = moved.pairs()
        expect([i, kind, pairs]).toEqual([i, kind, referenceList(s.read, s.clock.now)])
        // The same key for a save that changed nothing the list shows; the same key only for the same list.
        if (kind === 'yalnız başlık' || kind === 'aynı öğeler, yeni dizi') expect(moved.key).toBe(last.key)
        if (moved.key === last.key) expect([i, kind, pairs]).toEqual([i, kind, lastPairs])
        // A list lists the collections as they were when it was asked for.
        expect([i, kind, last.pairs()]).toEqual([i, kind, lastPairs])
        last = moved
        lastPairs = pairs
        expect([i, kind, answers()]).toEqual([i, kind, expectedAnswers()])
      }
      expect(kinds.size).toBeGreaterThanOrEqual(14)
    })
  }

  it('a scheduled item going live (and ending) changes the list without a save', () => {
    const now = Date.parse('2026-03-01T09:00:00Z')
    const blogs = Object.freeze([
      { id: 'a', slug: 'yeni-a', oldSlugs: ['eski-a'], publishAt: '2026-03-01T10:00:00Z', unpublishAt: '2026-03-01T12:00:00Z' },
      ...posts(3),
    ])
    const read = (name: string) => (name === 'blogs' ? blogs : undefined)
    const before = movedAddressList(read, now)
    expect(before.pairs().map(([from]) => from)).not.toContain('/blog/eski-a')
    expect(movedAddressList(read, now + 59 * 60_000).key).toBe(before.key)
    const live = movedAddressList(read, now + 60 * 60_000)
    expect(live.key).not.toBe(before.key)
    expect(live.pairs()).toContainEqual(['/blog/eski-a', '/blog/yeni-a'])
    expect(live.pairs()).toContainEqual(['/blog/a/', '/blog/yeni-a'])
    expect(movedAddressList(read, now + 2 * 60 * 60_000 - 1).key).toBe(live.key)
    const ended = movedAddressList(read, now + 3 * 60 * 60_000)
    expect(ended.key).not.toBe(live.key)
    expect(ended.pairs()).toEqual(before.pairs())
    // The clock set back (a test's clock, a corrected system time): the list of that moment.
    const back = movedAddressList(read, now)
    expect(back.key).not.toBe(ended.key)
    expect(back.pairs()).toEqual(before.pairs())
    const again = movedAddressList(read, now + 60 * 60_000)
    expect(again.key).not.toBe(back.key)
    expect(again.pairs()).toEqual(live.pairs())
    // Back to just before it went live: a new key again (the list of that moment is another).
    expect(movedAddressList(read, now + 60 * 60_000 - 1).key).not.toBe(again.key)
  })

  it('an old address two items have answers for the first; the next one once the first gives it up', () => {
    let blogs: readonly Item[] = Object.freeze([...posts(3), { id: 'b', slug: 'b-yeni', oldSlugs: ['ortak'] }, { id: 'c', slug: 'c-yeni', oldSlugs: ['ortak'] }])
    const deps = { content: { read: () => blogs }, now: () => new Date() } as never
    expect(movedAddress(deps, '/blog/ortak')).toBe('/blog/b-yeni')
    blogs = Object.freeze(blogs.map((b) => (b.id === 'c' ? b : b.id === 'b' ? { ...b, oldSlugs: [] } : b)))
    expect(movedAddress(deps, '/blog/ortak')).toBe('/blog/c-yeni')
    blogs = Object.freeze(blogs.map((b) => (b.id === 'yazi-0' || b.id === 'id0' ? { ...b, oldSlugs: ['ortak'] } : b)))
    expect(movedAddress(deps, '/blog/ortak')).toBe('/blog/yazi-0')
    blogs = Object.freeze(blogs.map((b) => (b.id === 'id0' ? { ...b, oldSlugs: [] } : b.id === 'b' ? { ...b, oldSlugs: ['ortak'] } : b)))
    expect(movedAddress(deps, '/blog/ortak')).toBe('/blog/b-yeni')
    blogs = Object.freeze(blogs.map((b) => (b.id === 'b' ? { ...b, status: 'draft' } : b)))
    // The first one has it, and it is not live: no answer (the server never answered for a later one).
    expect(movedAddress(deps, '/blog/ortak')).toBeNull()
  })
})
