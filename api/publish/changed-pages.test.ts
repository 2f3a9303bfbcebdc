import { describe, expect, it } from 'vitest'
import {
  costPerPage,
  failureKey,
  isFullPublish,
  MAX_STAGING_MS,
  MAX_TIMER_MS,
  MIN_STAGING_MS,
  pageMediaKey,
  pagesChanging,
  planPublish,
  applyPublished,
  renderedNow,
  renderMoment,
  retried,
  sameFailure,
  stagingLead,
  throwIfMostFail,
  timerWait,
} from './changed-pages.ts'
import { noteReplaced } from '#schema/list-lineage.ts'
import type { PageRecord } from './export-folder.ts'
import type { MediaKeys, SitePage } from './site-bundle.ts'

const record = (key: string, extra: Partial<PageRecord> = {}): PageRecord => ({
  key,
  type: 'text/html; charset=utf-8',
  etag: `"${key}"`,
  size: 10,
  ...extra,
})
const media = (all: string, byUrl: Record<string, string> = {}): MediaKeys => ({
  all,
  byUrl: new Map(Object.entries(byUrl)),
})
/** `n` pages `/s/0`…, each keyed `k`. */
const manyPages = (n: number, key = 'k'): SitePage[] =>
  Array.from({ length: n }, (_, i) => ({ path: `/s/${i}`, key }))
const paths = (pages: SitePage[]) => pages.map((p) => p.path)

describe('full or incremental publish', () => {
  it('is full only above 300 changed pages that are also more than half of the site', () => {
    expect(isFullPublish(301, 600)).toBe(true)
    expect(isFullPublish(300, 300)).toBe(false)
    expect(isFullPublish(301, 602)).toBe(false)
    expect(isFullPublish(301, 601)).toBe(true)
    expect(isFullPublish(850, 10_000)).toBe(false)
    expect(isFullPublish(0, 0)).toBe(false)
  })
})

describe('the pages a publish renders', () => {
  const pages: SitePage[] = [
    { path: '/', key: 'home-1' },
    { path: '/blog', key: 'list-2' },
    { path: '/blog/yeni', key: 'post-1' },
  ]
  const live = new Map([
    ['/', record('home-1')],
    ['/blog', record('list-1')],
    ['/blog/eski', record('old-1')],
  ])

  it('renders the pages whose key changed or that are new, and removes the live pages no longer on the site', () => {
    const plan = planPublish({ fresh: false, pages, records: live, media: media('m'), mediaSeen: 'm' })
    expect(paths(plan.changed)).toEqual(['/blog', '/blog/yeni'])
    expect(plan.removed).toEqual(['/blog/eski'])
    expect(plan.full).toBe(false)
    expect(plan.onSite('/blog/yeni')).toBe(true)
    expect(plan.onSite('/blog/eski')).toBe(false)
  })

  it('a fresh publish (new code, nothing live) renders every page into a fresh tree', () => {
    const plan = planPublish({ fresh: true, pages, records: live, media: media('m'), mediaSeen: 'm' })
    expect(plan.changed).toEqual(pages)
    expect(plan.full).toBe(true)
    expect(plan.removed).toEqual(['/blog/eski'])
  })

  it('nothing changed: nothing to render or remove', () => {
    const same = new Map(pages.map((p) => [p.path, record(p.key)]))
    const plan = planPublish({ fresh: false, pages, records: same, media: media('m'), mediaSeen: 'm' })
    expect(plan).toMatchObject({ changed: [], removed: [], full: false })
  })

  it('a page that failed (its record retried, no key) is rendered again', () => {
    const records = new Map(
      pages.map((p) => [p.path, p.path === '/blog' ? retried(record(p.key)) : record(p.key)]),
    )
    expect(
      paths(planPublish({ fresh: false, pages, records, media: media('m'), mediaSeen: 'm' }).changed),
    ).toEqual(['/blog'])
  })

  it('most of a large site changed: a full publish although the code is the same', () => {
    const before = new Map(manyPages(400).map((p) => [p.path, record(p.key)]))
    const after = manyPages(400).map((p, i) => (i < 301 ? { ...p, key: 'yeni' } : p))
    const plan = planPublish({
      fresh: false,
      pages: after,
      records: before,
      media: media('m'),
      mediaSeen: 'm',
    })
    expect(plan.changed).toHaveLength(301)
    expect(plan.full).toBe(true)
    const fewer = after.map((p, i) => (i === 0 ? { ...p, key: 'k' } : p))
    expect(
      planPublish({ fresh: false, pages: fewer, records: before, media: media('m'), mediaSeen: 'm' }).full,
    ).toBe(false)
  })

  describe('the pages of the last publish known (previous): only the places replaced since are compared', () => {
    const many = manyPages(50)
    const liveOf = (list: SitePage[]) => new Map(list.map((p) => [p.path, record(p.key)]))
    /** `list` with the pages at `at` replaced, noted as the site's list notes them. */
    const replacing = (list: SitePage[], at: Record<number, SitePage>, note = true) => {
      const next = list.map((p, i) => at[i] ?? p)
      if (note) noteReplaced(next, list, Object.keys(at).map(Number))
      return next
    }
    const plan = (pages: SitePage[], records: Map<string, PageRecord>, previous: SitePage[] | null, seen = 'm') =>
      planPublish({ fresh: false, pages, records, media: media('m'), mediaSeen: seen, previous })

    it('a replaced page with a new key renders; one with its old key (a new object) does not', () => {
      const next = replacing(many, { 3: { path: '/s/3', key: 'yeni' }, 7: { path: '/s/7', key: 'k' } })
      expect(plan(next, liveOf(many), many)).toMatchObject({ changed: [{ path: '/s/3', key: 'yeni' }], removed: [], full: false })
    })

    it('trusts the notes: a page changed behind them is not seen (what the full comparison would find)', () => {
      const next = replacing(many, { 3: { path: '/s/3', key: 'yeni' } })
      next[9] = { path: '/s/9', key: 'gizli' }
      expect(paths(plan(next, liveOf(many), many).changed)).toEqual(['/s/3'])
      expect(paths(plan(next, liveOf(many), null).changed)).toEqual(['/s/3', '/s/9'])
      // Without a note the places are compared one by one: the same pages as the full comparison.
      const unnoted = replacing(many, { 3: { path: '/s/3', key: 'yeni' } }, false)
      unnoted[9] = { path: '/s/9', key: 'gizli' }
      expect(paths(plan(unnoted, liveOf(many), many).changed)).toEqual(['/s/3', '/s/9'])
    })

    it('a page that moved to another address renders there, and its old address is removed', () => {
      const next = replacing(many, { 4: { path: '/s/dort', key: 'k' } })
      const p = plan(next, liveOf(many), many)
      expect(paths(p.changed)).toEqual(['/s/dort'])
      expect(p.removed).toEqual(['/s/4'])
      expect(p.onSite('/s/4')).toBe(false)
    })

    it('two pages that swapped addresses: both render, neither is removed', () => {
      const next = replacing(many, { 1: { path: '/s/2', key: 'x' }, 2: { path: '/s/1', key: 'y' } })
      const p = plan(next, liveOf(many), many)
      expect(paths(p.changed)).toEqual(['/s/2', '/s/1'])
      expect(p.removed).toEqual([])
    })

    it('compares everything when the records are not exactly the previous pages, or the media library changed', () => {
      const next = replacing(many, { 3: { path: '/s/3', key: 'yeni' } })
      next[9] = { path: '/s/9', key: 'gizli' }
      const extra = liveOf(many).set('/baska', record('b'))
      expect(plan(next, extra, many)).toMatchObject({ removed: ['/baska'] })
      expect(paths(plan(next, extra, many).changed)).toEqual(['/s/3', '/s/9'])
      expect(paths(plan(next, liveOf(many), many, 'eski').changed)).toEqual(['/s/3', '/s/9'])
      expect(paths(planPublish({ fresh: true, pages: next, records: liveOf(many), media: media('m'), mediaSeen: 'm', previous: many }).changed)).toHaveLength(50)
    })

    it('another length, or records short of a page: every page is compared', () => {
      const longer = [...many, { path: '/s/yeni', key: 'k' }]
      expect(paths(plan(longer, liveOf(many), many).changed)).toEqual(['/s/yeni'])
      const next = replacing(many, { 5: { path: '/s/5', key: 'yeni' } })
      const records = liveOf(many)
      records.delete('/s/49')
      // Records short of one page: every page compared, so the page with no record renders too.
      expect(paths(plan(next, records, many).changed)).toEqual(['/s/5', '/s/49'])
    })

    it('a replaced page whose record was retried (it failed) renders again', () => {
      const records = liveOf(many).set('/s/3', retried(record('k')))
      const next = replacing(many, { 3: { path: '/s/3', key: 'k' } })
      expect(paths(plan(next, records, many).changed)).toEqual(['/s/3'])
    })
  })

  describe('an edited media library', () => {
    const shown = (url: string, mediaKey: string) => record('k', { media: [url], mediaKey })
    const records = new Map([
      ['/a', shown('/kapak.webp', 'eski')],
      ['/b', shown('/logo.webp', 'L')],
      ['/c', record('k')],
    ])
    const sitePages: SitePage[] = ['/a', '/b', '/c'].map((path) => ({ path, key: 'k' }))
    const now = media('kütüphane-2', { '/kapak.webp': 'yeni', '/logo.webp': 'L' })

    it('renders again the pages whose media records hash differently now; the others and pages without media stay', () => {
      const plan = planPublish({
        fresh: false,
        pages: sitePages,
        records,
        media: now,
        mediaSeen: 'kütüphane-1',
      })
      expect(paths(plan.changed)).toEqual(['/a'])
      expect(plan.full).toBe(false)
    })

    it('after a restart (library not yet seen) the pages are checked against it', () => {
      expect(
        paths(planPublish({ fresh: false, pages: sitePages, records, media: now, mediaSeen: null }).changed),
      ).toEqual(['/a'])
    })

    it('an unchanged library is not checked: the pages stay, whatever their media keys say', () => {
      expect(
        planPublish({ fresh: false, pages: sitePages, records, media: now, mediaSeen: 'kütüphane-2' })
          .changed,
      ).toEqual([])
    })
  })

  it("a page's media key: the records' hashes in its order, '-' for a record gone from the library", () => {
    expect(
      pageMediaKey(['/b.webp', '/a.webp', '/silindi.webp'], media('x', { '/a.webp': 'A', '/b.webp': 'B' })),
    ).toBe('B,A,-')
    expect(pageMediaKey([], media('x'))).toBe('')
  })

  it('counts the pages that change at a later time against this publish', () => {
    const now: SitePage[] = [
      { path: '/', key: '1' },
      { path: '/blog', key: '1' },
      { path: '/hakkimizda', key: '1' },
    ]
    const then: SitePage[] = [
      { path: '/', key: '2' },
      { path: '/blog', key: '1' },
      { path: '/hakkimizda', key: '1' },
      { path: '/blog/zamanli', key: '1' },
    ]
    expect(pagesChanging(now, then)).toBe(2)
    expect(pagesChanging(now, now)).toBe(0)
  })
})

describe('scheduled times', () => {
  it('a publish starts twice its expected render time (plus half a second) ahead, between 1 s and 5 min', () => {
    expect(stagingLead(10, 100)).toBe(2500)
    expect(stagingLead(10, 0)).toBe(MIN_STAGING_MS)
    expect(stagingLead(10, 25)).toBe(1000)
    expect(stagingLead(3, 1000)).toBe(6500)
    expect(stagingLead(100, 10_000)).toBe(MAX_STAGING_MS)
    expect([MIN_STAGING_MS, MAX_STAGING_MS]).toEqual([1000, 300_000])
  })

  it("the timer waits until the lead before the time, not less than 0, not more than setTimeout's limit", () => {
    expect(timerWait(10_000, 1000, 2000)).toBe(7000)
    expect(timerWait(10_000, 1000, 9500)).toBe(0)
    expect(timerWait(Date.parse('2027-06-01T00:00:00Z'), 1000, Date.parse('2026-11-28T00:00:00Z'))).toBe(
      MAX_TIMER_MS,
    )
    expect(MAX_TIMER_MS).toBe(2_147_483_647)
  })

  it('a publish renders for the staged time still ahead, else for its start; one carrying a save for its start', () => {
    expect(renderMoment(null, 100, false)).toBe(100)
    expect(renderMoment(200, 100, false)).toBe(200)
    expect(renderMoment(50, 100, false)).toBe(100)
    expect(renderMoment(200, 100, true)).toBe(100)
    expect(renderMoment(null, 100, true)).toBe(100)
  })

  it("a page's cost is learnt from incremental publishes only, at least 1 ms", () => {
    expect(costPerPage(10, 5, false, 500)).toBe(100)
    expect(costPerPage(10, 5, false, 2)).toBe(1)
    expect(costPerPage(10, 0, false, 500)).toBe(10)
    expect(costPerPage(10, 5, true, 500)).toBe(10)
  })
})

describe('pages that fail', () => {
  const errors = (n: number) =>
    new Map(Array.from({ length: n }, (_, i) => [`/s/${i}`, new Error(`hata ${i}`)]))

  it('more than 3 failing pages that are more than half of those tried fail the publish with the first error', () => {
    const failed = errors(4)
    expect(() => throwIfMostFail(failed, 7)).toThrow(failed.get('/s/0')!)
    let thrown: unknown
    try {
      throwIfMostFail(failed, 7)
    } catch (err) {
      thrown = err
    }
    expect(thrown).toBe(failed.get('/s/0'))
    expect(() => throwIfMostFail(errors(4), 8)).not.toThrow()
    expect(() => throwIfMostFail(errors(3), 3)).not.toThrow()
    expect(() => throwIfMostFail(errors(0), 0)).not.toThrow()
  })

  it('a content file the schemas refuse fails the publish even on one page; other messages do not', () => {
    const refused = new Error('İçerik dosyası geçersiz: blogs.json')
    expect(() =>
      throwIfMostFail(
        new Map([
          ['/a', new Error('x')],
          ['/b', refused],
        ]),
        10,
      ),
    ).toThrow(refused)
    expect(() => throwIfMostFail(new Map([['/a', 'İçerik dosyası okunamadı: media.json']]), 10)).toThrow(
      'İçerik dosyası okunamadı',
    )
    expect(() =>
      throwIfMostFail(new Map([['/a', new Error('Sayfa: İçerik dosyası geçersiz')]]), 10),
    ).not.toThrow()
    expect(() => throwIfMostFail(new Map([['/a', new Error('İçerik dosyası yok')]]), 10)).not.toThrow()
  })

  it('a retried record keeps the live version under no key', () => {
    const r = record('k', { media: ['/a.webp'], mediaKey: 'A', status: 404 })
    expect(retried(r)).toEqual({ ...r, key: '' })
    expect(r.key).toBe('k')
  })

  it('after an incremental publish went live: new records, removed pages gone, failed pages kept under no key (if they were live)', () => {
    const records = new Map([
      ['/a', record('a1')],
      ['/b', record('b1')],
      ['/c', record('c1')],
      ['/d', record('d1')],
    ])
    applyPublished(
      records,
      [
        { path: '/a', record: record('a2') },
        { path: '/yeni', record: record('n1') },
      ],
      ['/b'],
      ['/c', '/hic-yayinda-olmadi'],
    )
    expect(Object.fromEntries(records)).toEqual({
      '/a': record('a2'),
      '/yeni': record('n1'),
      '/c': { ...record('c1'), key: '' },
      '/d': record('d1'),
    })
  })

  it('a full publish rendered the pages whose new record carries their key (not a failed one kept from before)', () => {
    const pages: SitePage[] = [
      { path: '/a', key: 'a2' },
      { path: '/b', key: 'b2' },
      { path: '/c', key: 'c2' },
    ]
    const next = new Map([
      ['/a', record('a2')],
      ['/b', retried(record('b1'))],
    ])
    expect(paths(renderedNow(pages, next))).toEqual(['/a'])
  })

  it('the same failure again (same page version, same message) is only renumbered', () => {
    const page = { path: '/blog/x', key: 'k1' }
    expect(sameFailure(undefined, page, 'hata')).toBe(false)
    expect(sameFailure({ key: 'k1', message: 'hata' }, page, 'hata')).toBe(true)
    expect(sameFailure({ key: 'k0', message: 'hata' }, page, 'hata')).toBe(false)
    expect(sameFailure({ key: 'k1', message: 'başka' }, page, 'hata')).toBe(false)
  })

  it("a failure is noted under the page's key unless its field was not searched (a later publish searches it)", () => {
    const page = { path: '/blog/x', key: 'k1' }
    expect(failureKey(page, true, true)).toBe('k1')
    expect(failureKey(page, false, false)).toBe('k1')
    expect(failureKey(page, true, false)).toBe('')
  })
})
