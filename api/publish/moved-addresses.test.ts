import { describe, expect, it } from 'vitest'
import { movedAddress, movedAddressList } from './moved-addresses.ts'

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
    const list = movedAddressList((name) => (name === 'blogs' ? blogs : []), Date.now())
    expect(list.filter(([from]) => from.startsWith('/blog/eski-') || from.startsWith('/blog/yazi-9'))).toEqual([])
    expect(list).toContainEqual(['/blog/id7', '/blog/yazi-7'])
    // Many saved at once (more than 64 replaced): mapped whole, the same answers.
    blogs = Object.freeze(blogs.map((b, i) => (i < 100 ? { ...b } : b)).concat())
    save(150, { ...blogs[150]!, oldSlugs: ['eski-150'] })
    expect(at('/blog/eski-150')).toBe(`/blog/${blogs[150]!.slug}`)
  })
})
