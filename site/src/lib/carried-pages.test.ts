import { join } from 'node:path'
import { readCollectionSync } from '#schema/content-folder-read.ts'
import { noteReplaced } from '#schema/list-lineage.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  findPublishedBlog,
  findPublishedProject,
  loadNextChange,
  loadPublishedBlogs,
  loadPublishedBlogTags,
  loadPublishedProjects,
} from './content.ts'
import { MAX_REPLACED, replacedPositions } from './list-steps.ts'
import { renderScope } from './render-scope.ts'
import { sitePages, type SitePage } from './site-pages.ts'

// Issue 33 (decision 337): the site's lists are carried from the last publish when a save replaced a few entries
// of the API's frozen content. Whatever the saves, each publish must list the same pages with the same keys (and
// the same live items, tags and next scheduled time) as a publish that derives everything from scratch.
const contentDir = join(import.meta.dirname, '..', '..', '..', 'content')
type Entry = Record<string, unknown> & { id: string; tags?: string[] }
type Content = Record<string, unknown> & { blogs: Entry[]; 'social-projects': Entry[] }

const deepFreeze = <T,>(value: T): T => {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) deepFreeze(v)
    Object.freeze(value)
  }
  return value
}
const HOUR = 3_600_000
const START = Date.parse('2026-06-01T12:00:00Z')
const iso = (ms: number) => new Date(ms).toISOString()

function demo(posts: number, projects: number): Content {
  const [post] = readCollectionSync(contentDir, 'blogs') as Entry[]
  const [project] = readCollectionSync(contentDir, 'social-projects') as Entry[]
  const c: Content = {
    blogs: Array.from({ length: posts }, (_, i) => ({
      ...structuredClone(post!),
      id: `yazi-${i}`,
      slug: `yazi-${i}`,
      title: `Yazı ${i}`,
      tags: [`etiket-${i % 5}`],
      createdAt: iso(START - (i % 40) * HOUR),
      updatedAt: iso(START - (i % 40) * HOUR),
    })),
    'social-projects': Array.from({ length: projects }, (_, i) => ({
      ...structuredClone(project!),
      id: `proje-${i}`,
      slug: `proje-${i}`,
      title: `Proje ${i}`,
      createdAt: iso(START - i * HOUR),
    })),
  }
  for (const name of ['home', 'about', 'references', 'programs', 'contact-settings', 'media'])
    c[name] = readCollectionSync(contentDir, name)
  return deepFreeze(c)
}

/** Mulberry32: the same steps for a seed. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A save as the API makes it: a new frozen list with new objects only at the positions it changed, noted as the
 * write gate notes them (schema/list-lineage.ts) unless `noted` is false (a list from elsewhere: compared).
 */
function save(c: Content, name: 'blogs' | 'social-projects', at: number[], change: (e: Entry) => void, noted = true): Content {
  const list = c[name].slice()
  for (const i of at) {
    const copy = structuredClone(list[i]!)
    change(copy)
    // The schema wants publishAt before unpublishAt (the API refuses the rest).
    if (copy.publishAt && copy.unpublishAt && Date.parse(copy.publishAt as string) >= Date.parse(copy.unpublishAt as string)) delete copy.unpublishAt
    if (copy.unpublishAt === undefined) delete copy.unpublishAt
    list[i] = copy
  }
  if (noted) noteReplaced(list, c[name], at)
  return deepFreeze({ ...c, [name]: list })
}

let version = 0
let reference = 0
/** Every address a post or project had in this run (slugs given and dropped, ids). */
const addresses = new Set<string>()
/** What one publish lists from this content at `now`: carried when `dir` is the same as the last publish's. */
function publish(c: Content, now: number, dir: string) {
  for (const e of [...c.blogs, ...c['social-projects']]) addresses.add(e.id).add(String(e.slug))
  const scope = { contentDir: dir, version: ++version, read: (name: string) => c[name], now }
  return renderScope.run(scope, () => {
    const list = sitePages()
    lists.set(dir, list)
    return {
    pages: list.map((p) => `${p.path} ${p.key}`),
    blogs: loadPublishedBlogs().map((p) => `${p.id} ${p.createdAt} ${p.title}`),
    projects: loadPublishedProjects().map((p) => `${p.id} ${p.createdAt}`),
    tags: loadPublishedBlogTags(),
    next: loadNextChange(),
    // A post's or project's page finds its item by address (the pages a save renders).
    found: [...addresses].map((a) => `${a}: ${findPublishedBlog(a)?.id} ${findPublishedProject(a)?.id}`),
    }
  })
}
/** The last page list made per content folder (the objects, for the places the site's list notes). */
const lists = new Map<string, SitePage[]>()
/** The places where two page lists hold other objects, compared one by one (what a note must not miss). */
const differing = (a: SitePage[], b: SitePage[]) => b.flatMap((p, i) => (p === a[i] ? [] : [i]))

describe('lists carried from the last publish (decision 337)', () => {
  it('replacedPositions: the positions holding another object; null when not comparable or too many', () => {
    const [a, b, c] = [{}, {}, {}]
    expect(replacedPositions([a, b, c], [a, b, c])).toEqual([])
    expect(replacedPositions([a, b, c], [a, {}, c])).toEqual([1])
    expect(replacedPositions([a, b, c], [{}, b, {}])).toEqual([0, 2])
    expect(replacedPositions(undefined, [a])).toBeNull()
    expect(replacedPositions([a, b], [a, b, c])).toBeNull()
    const many = Array.from({ length: MAX_REPLACED + 1 }, () => ({}))
    expect(replacedPositions(many, many.map(() => ({})))).toBeNull()
    expect(replacedPositions(many, [...many.slice(0, 1).map(() => ({})), ...many.slice(1)])).toEqual([0])
    expect(replacedPositions(many.slice(1), many.slice(1).map(() => ({})))).toHaveLength(MAX_REPLACED)
  })

  it.each([1, 2, 3, 4])('seed %i: 200 saves give the pages, keys, live items, tags and next time of a publish from scratch', randomSaves)
})

describe('a large site’s sitemap in parts, carried (decision 342)', () => {
  // SITEMAP_SPLIT_AT lowered: the 130 posts and projects make an index and parts, whose keys are carried too.
  const saved = process.env.SITEMAP_SPLIT_AT
  beforeAll(() => void (process.env.SITEMAP_SPLIT_AT = '50'))
  afterAll(() => (saved === undefined ? delete process.env.SITEMAP_SPLIT_AT : (process.env.SITEMAP_SPLIT_AT = saved)))
  it.each([5, 6])('seed %i: 200 saves give the pages and keys of a publish from scratch', (seed) => {
    randomSaves(seed)
    expect([...lists.get(`${contentDir}/carried-${seed}`)!.map((p) => p.path)]).toContain('/sitemap-sayfalar.xml')
  })
})

/** Seeded random saves, each published carried and from scratch: the same pages, keys and live items. */
function randomSaves(seed: number) {
  const rnd = random(seed)
  const pick = (n: number) => Math.floor(rnd() * n)
  let c = demo(100, 30)
  let now = START
  const live = `${contentDir}/carried-${seed}`
  const kinds: string[] = []
  for (let step = 0; step < 200; step++) {
    const name = rnd() < 0.8 ? 'blogs' : 'social-projects'
    const n = c[name].length
    // Half the time an item the change is a case for: one with a time still ahead (it may hold the next
    // time), a draft (it becomes live), a post whose tag no other post has (the tag goes).
    const where = (test: (e: Entry) => boolean) => c[name].flatMap((e, i) => (test(e) ? [i] : []))
    const ahead = where((e) => [e.publishAt, e.unpublishAt].some((t) => t && Date.parse(t as string) > now))
    const drafts = where((e) => e.status === 'draft')
    const unique = where((e) => !!e.tags?.some((t) => t.startsWith('yeni-')))
    const among = (some: number[]) => [some.length && rnd() < 0.5 ? some[pick(some.length)]! : pick(n)]
    const kind = ['title', 'tags', 'date', 'draft', 'publishAt', 'unpublishAt', 'slug', 'many', 'add', 'remove', 'clock', 'chrome', 'peek', 'none'][pick(14)]!
    kinds.push(kind)
    const one = among(kind === 'draft' ? drafts : kind === 'tags' ? unique : ahead)
    if (kind === 'title') c = save(c, name, one, (e) => void (e.title = `Başlık ${step}`), rnd() < 0.5)
    if (kind === 'tags' && name === 'blogs') c = save(c, name, one, (e) => void (e.tags = [`etiket-${pick(8)}`, `yeni-${step}`].slice(0, 1 + pick(2))))
    if (kind === 'date') c = save(c, name, one, (e) => void (e.createdAt = iso(START - pick(60) * HOUR)))
    if (kind === 'draft') c = save(c, name, one, (e) => void (e.status = e.status === 'draft' ? 'published' : 'draft'))
    if (kind === 'publishAt') c = save(c, name, one, (e) => void (e.publishAt = iso(now + (pick(10) - 3) * HOUR)))
    if (kind === 'unpublishAt') c = save(c, name, one, (e) => void (e.unpublishAt = rnd() < 0.3 ? undefined : iso(now + (1 + pick(10)) * HOUR)))
    if (kind === 'slug') c = save(c, name, one, (e) => void (e.slug = `adres-${step}`))
    // Several at once, some with a new date (the carry must sort again), some with a new title only.
    if (kind === 'many')
      c = save(c, name, Array.from({ length: 1 + pick(rnd() < 0.5 ? 6 : 80) }, () => pick(n)), (e) => {
        e.title = `Toplu ${step}`
        if (rnd() < 0.3) e.createdAt = iso(START - pick(60) * HOUR)
      })
    if (kind === 'add') c = deepFreeze({ ...c, [name]: [...c[name], { ...structuredClone(c[name][0]!), id: `yeni-${step}`, slug: `yeni-${step}` }] })
    if (kind === 'remove' && n > 5) c = deepFreeze({ ...c, [name]: c[name].filter((_, i) => i !== one[0]) })
    if (kind === 'clock') now += pick(4) * HOUR
    if (kind === 'chrome') c = deepFreeze({ ...c, 'contact-settings': { ...(c['contact-settings'] as object), phone: `0212 000 ${step}` } })
    // The publisher lists the pages of the next scheduled time too (pagesThen): a later clock, then now again.
    if (kind === 'peek') publish(c, now + (1 + pick(8)) * HOUR, live)
    const before = lists.get(live)
    const carried = publish(c, now, live)
    const fresh = publish(c, now, `${contentDir}/fresh-${++reference}`)
    expect({ step, kind, ...carried }).toEqual({ step, kind, ...fresh })
    // The places the page list noted as replaced since the last list are every place holding another page: the
    // publisher compares only those (planPublish's previous pages).
    const after = lists.get(live)!
    if (before && before.length === after.length) expect({ step, kind, at: replacedPositions(before, after) }).toEqual({ step, kind, at: differing(before, after).length > MAX_REPLACED ? null : differing(before, after) })
  }
  // The seed reached the cases a carry must refuse: a time that passed, a draft, a move, a bulk save, a clock back.
  expect(new Set(kinds).size).toBeGreaterThanOrEqual(12)
}
