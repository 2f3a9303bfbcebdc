import { describe, expect, it } from 'vitest'
import { bucketNumberOf } from '#schema/content-layout.ts'
import { noteReplaced } from '#schema/list-lineage.ts'
import { partOf, partPath } from '#schema/sitemap-parts.ts'
import { hash } from './page-hash.ts'
import { sitemapPages, type SitemapListing } from './sitemap-keys.ts'

// Decision 342: the keys of the sitemap's pages. A publish re-renders a page whose key changed: a part's key must
// change with any address or day it lists and stay otherwise; the index's with a part's newest day or the parts
// in use. Carried from the last publish, a save of one entry reads its part, not the whole list.
const DAY0 = Date.parse('2024-01-01T00:00:00Z')
const dayOf = (n: number) => new Date(DAY0 + n * 86_400_000).toISOString().slice(0, 10)
const entry = (id: string, day: number, address = id): SitemapListing =>
  Object.freeze({ listed: `${address}@${dayOf(day)}`, bucket: bucketNumberOf(id) })
const posts = (n: number) => Array.from({ length: n }, (_, i) => entry(`yazi-${i}`, i % 300))
const projects = Array.from({ length: 40 }, (_, i) => entry(`proje-${i}`, i))

let run = 0
/** The sitemap's pages as one publish keys them; `live` carries from the last publish of the same name. */
function keys(blogs: readonly SitemapListing[], live = `fresh-${++run}`, split = true): Map<string, string> {
  const pages = sitemapPages(split, [
    [`${live}:blogs`, 'blog', blogs],
    [`${live}:social-projects`, 'projeler', projects],
  ])
  return new Map(pages.map((p) => [p.path, p.key]))
}
const changed = (a: Map<string, string>, b: Map<string, string>) =>
  [...new Set([...a.keys(), ...b.keys()])].filter((p) => a.get(p) !== b.get(p)).sort()
/** A save as the API makes it: a new list with new objects at `at`, noted (schema/list-lineage.ts). */
function save(list: readonly SitemapListing[], at: number[], make: (i: number) => SitemapListing) {
  const next = list.slice()
  for (const i of at) next[i] = make(i)
  noteReplaced(next, list, at)
  return next
}
const part = (id: string) => partPath(partOf(id.startsWith('proje') ? 'projeler' : 'blog', id))

describe('the sitemap’s page keys (decision 342)', () => {
  it('a small site: /sitemap.xml alone, keyed as before the split (a hash of each collection’s lines)', () => {
    const blogs = posts(30)
    const pages = sitemapPages(false, [
      ['small:blogs', 'blog', blogs],
      ['small:social-projects', 'projeler', projects],
    ])
    expect(pages).toEqual([
      {
        path: '/sitemap.xml',
        key: `${hash(blogs.map((e) => e.listed).join())}:${hash(projects.map((e) => e.listed).join())}`,
      },
    ])
  })

  it('a large site: the index, the static pages’ part, then each non-empty part in folder order', () => {
    const blogs = posts(3000)
    const paths = [...keys(blogs).keys()]
    const inUse = (prefix: string, ids: string[]) =>
      [...new Set(ids.map((id) => partOf(prefix, id)))].sort().map(partPath)
    expect(paths).toEqual([
      '/sitemap.xml',
      '/sitemap-sayfalar.xml',
      ...inUse(
        'blog',
        blogs.map((_, i) => `yazi-${i}`),
      ),
      ...inUse(
        'projeler',
        projects.map((_, i) => `proje-${i}`),
      ),
    ])
    expect(paths.filter((p) => p.includes('-blog-'))).toHaveLength(256)
    // Some project folders are empty (40 projects): they have no page.
    expect(paths.filter((p) => p.includes('-projeler-')).length).toBeLessThan(40)
    expect(changed(keys(blogs), keys(posts(3000)))).toEqual([])
  })

  it('an edit of one post: its part; the index only when the part’s newest day moves', () => {
    const blogs = posts(3000)
    const before = keys(blogs)
    const later = blogs.map((e, i) => (i === 17 ? entry('yazi-17', 400) : e))
    expect(changed(before, keys(later))).toEqual(['/sitemap.xml', part('yazi-17')].sort())
    const renamed = blogs.map((e, i) => (i === 17 ? entry('yazi-17', 17, 'yeni-adres') : e))
    expect(changed(before, keys(renamed))).toEqual([part('yazi-17')])
    const same = blogs.map((e, i) => (i === 17 ? entry('yazi-17', 17) : e))
    expect(changed(before, keys(same))).toEqual([])
    // A project's day: its part and the index.
    const project = projects.map((e, i) => (i === 3 ? entry('proje-3', 500) : e))
    const withProject = new Map(
      sitemapPages(true, [
        ['p:blogs', 'blog', blogs],
        ['p:social-projects', 'projeler', project],
      ]).map((p) => [p.path, p.key]),
    )
    expect(changed(before, withProject)).toEqual(['/sitemap.xml', part('proje-3')].sort())
  })

  it('a new post: at most its part and the index; a removed one: its part (gone when it was the last)', () => {
    const blogs = posts(3000)
    const before = keys(blogs)
    const added = changed(before, keys([entry('yeni', 10), ...blogs]))
    expect(added).toContain(part('yeni'))
    expect(added.filter((p) => p !== part('yeni') && p !== '/sitemap.xml')).toEqual([])
    expect(changed(before, keys(blogs.filter((_, i) => i !== 5)))).toEqual([part('yazi-5')])
    // Alone in its folder: the part goes, and the index no longer lists it.
    const few = posts(3)
    const without = changed(keys(few), keys(few.slice(1)))
    expect(without).toEqual(['/sitemap.xml', part('yazi-0')].sort())
    expect(keys(few.slice(1)).has(part('yazi-0'))).toBe(false)
  })

  it('carried: the keys of a publish from scratch, for saves that replace, move and re-date entries', () => {
    let blogs: readonly SitemapListing[] = posts(2000)
    keys(blogs, 'carried')
    const steps: [string, (l: readonly SitemapListing[]) => readonly SitemapListing[]][] = [
      ['day', (l) => save(l, [40], () => entry('yazi-40', 900))],
      ['same line', (l) => save(l, [41], () => entry('yazi-41', 41 % 300))],
      ['address', (l) => save(l, [42], () => entry('yazi-42', 42, 'adres-42'))],
      ['two parts', (l) => save(l, [7, 1500], (i) => entry(`yazi-${i}`, 950))],
      // Two entries swap places: each place holds an entry of another folder.
      ['swap', (l) => save(l, [3, 4], (i) => l[i === 3 ? 4 : 3]!)],
      ['not noted', (l) => l.map((e, i) => (i === 99 ? entry('yazi-99', 960) : e))],
      ['nothing', (l) => l],
    ]
    for (const [name, step] of steps) {
      blogs = step(blogs)
      expect({ name, keys: [...keys(blogs, 'carried')] }).toEqual({ name, keys: [...keys(blogs)] })
    }
  })

  it('carried: a save of one post reads the entries of its part, never the whole list', () => {
    const blogs = posts(100_000)
    keys(blogs, 'cost')
    let reads = 0
    const counted = (list: SitemapListing[]) =>
      new Proxy(list, {
        get(target, prop, receiver) {
          if (typeof prop === 'string' && /^\d+$/.test(prop)) reads++
          return Reflect.get(target, prop, receiver)
        },
      })
    const edited = counted(blogs.slice())
    edited[500] = entry('yazi-500', 999)
    noteReplaced(edited, blogs, [500])
    reads = 0
    const after = keys(edited, 'cost')
    const size = blogs.filter((e) => e.bucket === blogs[500]!.bucket).length
    expect(reads).toBeGreaterThanOrEqual(size)
    expect(reads).toBeLessThan(size + 10)
    expect(after).toEqual(keys(edited))
    // A save that changed no line (a title): the replaced place is read, no part hashed again.
    const titled = counted(edited.slice())
    titled[600] = entry('yazi-600', 600 % 300)
    noteReplaced(titled, edited, [600])
    keys(edited, 'cost')
    reads = 0
    expect(keys(titled, 'cost')).toEqual(after)
    expect(reads).toBeLessThan(10)
  })

  it('carried: the one-file key of a small site reads only the replaced places when no line changed', () => {
    const small = (list: readonly SitemapListing[]) => keys(list, 'one-file', false)
    const blogs = posts(9000)
    const first = small(blogs)
    let reads = 0
    const titled = new Proxy(blogs.slice(), {
      get(target, prop, receiver) {
        if (typeof prop === 'string' && /^\d+$/.test(prop)) reads++
        return Reflect.get(target, prop, receiver)
      },
    })
    titled[10] = entry('yazi-10', 10)
    noteReplaced(titled, blogs, [10])
    expect(small(titled)).toEqual(first)
    expect(reads).toBeLessThan(10)
  })
})
