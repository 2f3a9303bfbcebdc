import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlogPost } from '#schema/blog.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { generatedPosts } from '../testing/test-content.ts'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../testing/test-helpers.ts'

const COUNT = 1203
let t: TestApp
let cookie: string
let demo: BlogPost[]
beforeAll(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
  demo = structuredClone(t.deps.content.read('blogs'))
  // Generated posts plus three with Turkish capitals, older than all of them (last in the list).
  const turkish: BlogPost[] = [
    { ...demo[0]!, id: 'tr-istanbul', title: 'istanbul ofisimiz açıldı: Çığır Açan hizmet', createdAt: '2020-01-03T00:00:00Z' },
    {
      ...demo[1]!,
      id: 'tr-isik',
      title: 'Yeni rehber',
      excerpt: 'IŞIK yönetmeliği',
      tags: ['Iğdır'],
      createdAt: '2020-01-02T00:00:00Z',
    },
    {
      ...demo[2]!,
      id: 'tr-ilk',
      title: 'İLK ADIMLAR',
      excerpt: 'Kısa özet',
      createdAt: '2020-01-01T00:00:00Z',
    },
  ]
  await t.deps.content.update(
    'blogs',
    (posts) => void posts.splice(0, posts.length, ...generatedPosts(demo, COUNT), ...turkish),
  )
})
afterAll(() => t.cleanup())

const get = async (path: string) => {
  const res = await jsonRequest(t, 'GET', path, undefined, cookie)
  return { status: res.status, body: await res.json() }
}
const ids = (list: { id: string }[]) => list.map((p) => p.id)

describe('GET /api/admin/blogs paged', () => {
  it('answers the first 50 newest posts, drafts too, with total, page and pageSize and no body', async () => {
    const { status, body } = await get('/api/admin/blogs')
    expect(status).toBe(200)
    expect(body).toMatchObject({ success: true, total: COUNT + 3, page: 1, pageSize: 50 })
    expect(body.data).toHaveLength(50)
    expect(body.data[0]).toMatchObject({ id: `gen-${COUNT - 1}`, title: expect.any(String), views: 0 })
    expect(ids(body.data).slice(0, 2)).toEqual([`gen-${COUNT - 1}`, `gen-${COUNT - 2}`])
    expect(body.data.some((p: BlogPost) => p.status === 'draft')).toBe(true)
    expect(body.data[0]).not.toHaveProperty('contentStructure')
    expect(body.data[0]).not.toHaveProperty('images')
  })

  it('pages through every post exactly once; past the end is empty', async () => {
    const seen: string[] = []
    for (let page = 1; ; page++) {
      const { body } = await get(`/api/admin/blogs?page=${page}&pageSize=500`)
      expect(body.page).toBe(page)
      if (body.data.length === 0) break
      seen.push(...ids(body.data))
    }
    expect(seen).toHaveLength(COUNT + 3)
    expect(new Set(seen).size).toBe(COUNT + 3)
    expect(seen.slice(-3)).toEqual(['tr-istanbul', 'tr-isik', 'tr-ilk'])
    const last = await get('/api/admin/blogs?page=25&pageSize=50')
    expect(ids(last.body.data)).toEqual(['gen-2', 'gen-1', 'gen-0', 'tr-istanbul', 'tr-isik', 'tr-ilk'])
  })

  it('searches title, excerpt and tags, Turkish case-insensitive, and pages the matches', async () => {
    expect(ids((await get('/api/admin/blogs?q=%C4%B0STANBUL')).body.data)).toEqual(['tr-istanbul'])
    expect(
      ids((await get(`/api/admin/blogs?q=${encodeURIComponent('ışık yönetmeliği')}`)).body.data),
    ).toEqual(['tr-isik'])
    // Issue 30: the Turkish letters fold too, as phones often type without them.
    expect(ids((await get(`/api/admin/blogs?q=${encodeURIComponent('iğdır')}`)).body.data)).toEqual(['tr-isik'])
    expect(ids((await get('/api/admin/blogs?q=ISTANBUL')).body.data)).toEqual(['tr-istanbul'])
    expect(ids((await get(`/api/admin/blogs?q=${encodeURIComponent('cigir acan')}`)).body.data)).toEqual([
      'tr-istanbul',
    ])
    expect(ids((await get(`/api/admin/blogs?q=${encodeURIComponent('isik yonetmeligi')}`)).body.data)).toEqual([
      'tr-isik',
    ])
    expect(ids((await get(`/api/admin/blogs?q=${encodeURIComponent('IĞDIR')}`)).body.data)).toEqual([
      'tr-isik',
    ])
    expect(ids((await get(`/api/admin/blogs?q=${encodeURIComponent('ilk adımlar')}`)).body.data)).toEqual([
      'tr-ilk',
    ])
    // Issue 30: 'ISTANBUL' (typed without İ) finds 'istanbul' too.
    expect((await get('/api/admin/blogs?q=ISTANBUL')).body.total).toBe(1)
    // The body is not searched in the admin list (the public search does search it, below).
    expect((await get(`/api/admin/blogs?q=${encodeURIComponent(bodyWordOf(demo[0]!))}`)).body.total).toBe(0)
    expect(ids((await get('/api/admin/blogs?q=(1200)&pageSize=5')).body.data)).toEqual(['gen-1200'])
    const many = await get(`/api/admin/blogs?q=${encodeURIComponent(demo[0]!.title)}&page=3&pageSize=100`)
    const expected = Math.ceil(COUNT / demo.length)
    expect(many.body).toMatchObject({ total: expected, page: 3, pageSize: 100 })
    expect(many.body.data).toHaveLength(expected - 200)
  })

  it('finds a post by its new title after a save and no longer by the old one', async () => {
    expect((await get('/api/admin/blogs?q=(1201)')).body.total).toBe(1)
    await t.deps.content.update('blogs', (posts) => {
      const post = posts.find((p) => p.id === 'gen-1201')!
      post.title = 'IĞDIR şubesi'
    })
    expect((await get('/api/admin/blogs?q=(1201)')).body.total).toBe(0)
    expect(ids((await get(`/api/admin/blogs?q=${encodeURIComponent('ığdır şubesi')}`)).body.data)).toEqual([
      'gen-1201',
    ])
    const res = await jsonRequest(t, 'GET', `/api/blog-search?q=${encodeURIComponent('ığdır şubesi')}`)
    expect(ids((await res.json()).data)).toEqual(['gen-1201'])
  })

  it('answers 400 with a Turkish message for a bad page, page size or search', async () => {
    for (const [query, message] of [
      ['page=0', 'Sayfa numarası 1 veya daha büyük bir tam sayı olmalıdır.'],
      ['page=-1', 'Sayfa numarası 1 veya daha büyük bir tam sayı olmalıdır.'],
      ['page=abc', 'Sayfa numarası 1 veya daha büyük bir tam sayı olmalıdır.'],
      ['page=1.5', 'Sayfa numarası 1 veya daha büyük bir tam sayı olmalıdır.'],
      ['pageSize=501', 'Sayfa boyutu 1 ile 500 arasında bir tam sayı olmalıdır.'],
      ['pageSize=0', 'Sayfa boyutu 1 ile 500 arasında bir tam sayı olmalıdır.'],
      ['pageSize=', 'Sayfa boyutu 1 ile 500 arasında bir tam sayı olmalıdır.'],
      [`q=${'a'.repeat(201)}`, 'Arama metni en fazla 200 karakter olabilir.'],
    ]) {
      const { status, body } = await get(`/api/admin/blogs?${query}`)
      expect(status, query).toBe(400)
      expect(body, query).toMatchObject({ success: false, message })
    }
    expect((await get('/api/admin/blogs?pageSize=500')).body.data).toHaveLength(500)
  })

  it('GET /api/admin/blogs/:id gives the whole post, drafts too; 404 for an unknown id', async () => {
    const { body } = await get('/api/admin/blogs/gen-4')
    expect(body.success).toBe(true)
    expect(body.data).toMatchObject({ id: 'gen-4', status: 'draft', views: 0 })
    expect(body.data.contentStructure).toEqual(generatedPosts(demo, 5)[4]!.contentStructure)
    const missing = await get('/api/admin/blogs/yok')
    expect(missing).toEqual({ status: 404, body: { success: false, message: 'Blog yazısı bulunamadı.' } })
  })
})

describe('GET /api/admin/social-projects paged', () => {
  it('keeps the projects key, pages, searches Turkish-aware and loads one project whole', async () => {
    const base = t.deps.content.read('social-projects')[0]!
    const projects: SocialProject[] = Array.from({ length: 120 }, (_, n) => ({
      ...structuredClone(base),
      id: `proje-${n}`,
      title: n === 7 ? 'IŞIK Köyü Okulu' : `Fidan dikimi ${n}`,
      project_date: `2025-01-${String((n % 28) + 1).padStart(2, '0')}`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
    }))
    await t.deps.content.update('social-projects', (list) => void list.splice(0, list.length, ...projects))
    const first = await get('/api/admin/social-projects?pageSize=10')
    expect(first.body).toMatchObject({ success: true, total: 120, page: 1, pageSize: 10 })
    expect(first.body.projects).toHaveLength(10)
    expect(first.body.projects[0]).not.toHaveProperty('contentStructure')
    expect(first.body.projects[0].project_date).toBe('2025-01-28')
    expect(
      ids((await get(`/api/admin/social-projects?q=${encodeURIComponent('ışık köyü')}`)).body.projects),
    ).toEqual(['proje-7'])
    expect(ids((await get('/api/admin/social-projects?q=ISIK%20koyu')).body.projects)).toEqual(['proje-7'])
    const one = await get('/api/admin/social-projects/proje-7')
    expect(one.body.project.contentStructure).toEqual(base.contentStructure)
    expect((await get('/api/admin/social-projects/yok')).status).toBe(404)
    expect((await get('/api/admin/social-projects?page=x')).status).toBe(400)
  })
})

describe('GET /api/blog-search (public)', () => {
  const search = async (query: string) => {
    const res = await jsonRequest(t, 'GET', `/api/blog-search?${query}`)
    return { status: res.status, body: await res.json() }
  }

  it('pages published posts newest first as cards without body; drafts never appear', async () => {
    const { body } = await search('')
    const published = COUNT - Math.floor((COUNT + 1) / 5) + 3
    expect(body).toMatchObject({ success: true, total: published, page: 1, pageSize: 12 })
    expect(ids(body.data).slice(0, 4)).toEqual(['gen-1202', 'gen-1201', 'gen-1200', 'gen-1198'])
    expect(Object.keys(body.data[0]).sort()).toEqual([
      'author',
      'createdAt',
      'excerpt',
      'id',
      'image',
      'picture',
      'tags',
      'title',
    ])
    expect(body.data[0].image).toMatch(/^\/demo\//)
    // The image as the list pages show it: its AVIF and WebP copies from the media records (issue 12).
    expect(body.data[0].picture).toMatchObject({ src: body.data[0].image, width: 800, height: 500 })
    expect(body.data[0].picture.sources.map((s: { type: string }) => s.type)).toEqual(['image/avif', 'image/webp'])
    const drafts = await search(`q=${encodeURIComponent('(4)')}`)
    expect(ids(drafts.body.data)).toEqual([])
  })

  it('searches the body too, Turkish-aware, and filters by an exact tag', async () => {
    expect(ids((await search('q=%C4%B0STANBUL')).body.data)).toEqual(['tr-istanbul'])
    expect(ids((await search(`q=${encodeURIComponent('ışık yönetmeliği')}`)).body.data)).toEqual(['tr-isik'])
    // Issue 30: folded queries, as typed on a phone without the Turkish letters.
    expect(ids((await search(`q=${encodeURIComponent('cigir acan')}`)).body.data)).toEqual(['tr-istanbul'])
    expect(ids((await search('q=ISTANBUL')).body.data)).toEqual(['tr-istanbul'])
    expect(ids((await search(`q=${encodeURIComponent('ÇIĞIR')}`)).body.data)).toEqual(['tr-istanbul'])
    // A word only in the body of the first demo post: found in every copy of it that is published.
    const word = bodyWordOf(demo[0]!)
    const inBody = await search(`q=${encodeURIComponent(word)}&pageSize=48`)
    expect(inBody.body.total).toBeGreaterThan(100)
    expect(inBody.body.data.every((p: { title: string }) => p.title.startsWith(demo[0]!.title))).toBe(true)
    const tag = demo[1]!.tags[0]!
    const tagged = await search(`tag=${encodeURIComponent(tag)}&page=3&pageSize=10`)
    expect(tagged.body.data.every((p: { tags: string[] }) => p.tags.includes(tag))).toBe(true)
    expect(tagged.body.page).toBe(3)
    expect((await search(`tag=${encodeURIComponent(tag.toLowerCase() + 'x')}`)).body.total).toBe(0)
    expect(
      (await search(`tag=Iğdır&q=${encodeURIComponent('IŞIK')}`)).body.data.map((p: { id: string }) => p.id),
    ).toEqual(['tr-isik'])
  })

  it('bounds the page size and checks the page', async () => {
    expect((await search('pageSize=49')).body).toMatchObject({
      success: false,
      message: 'Sayfa boyutu 1 ile 48 arasında bir tam sayı olmalıdır.',
    })
    expect((await search('page=0')).status).toBe(400)
    expect((await search(`tag=${'x'.repeat(61)}`)).body.message).toBe('Etiket en fazla 60 karakter olabilir.')
  })
})

/** A word of the post's first text block that is not in its title or excerpt, nor in the other demo posts. */
function bodyWordOf(post: BlogPost): string {
  const others = demo.filter((p) => p.id !== post.id).map((p) => JSON.stringify(p).toLocaleLowerCase('tr-TR'))
  const head = `${post.title} ${post.excerpt}`.toLocaleLowerCase('tr-TR')
  const words = post.contentStructure
    .filter((i) => i.type === 'text')
    .flatMap((i) =>
      (i.content ?? '')
        .replace(/<[^>]*>/g, ' ')
        .toLocaleLowerCase('tr-TR')
        .split(/[^\p{L}]+/u),
    )
  const word = words.find((w) => w.length > 6 && !head.includes(w) && others.every((o) => !o.includes(w)))
  if (!word) throw new Error('no body-only word in the demo post')
  return word
}
