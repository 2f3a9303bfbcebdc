import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlogPost } from '#schema/blog.ts'
import { generatedPosts, minimalPost } from '../testing/test-content.ts'
import { createTestApp, jsonRequest, type TestApp } from '../testing/test-helpers.ts'

// The public search answered from its index (decision 344): every save must reach it, a restart too.
let t: TestApp
let demo: BlogPost[]
beforeAll(async () => {
  t = await createTestApp()
  demo = structuredClone(t.deps.content.read('blogs'))
  const extra = [
    minimalPost('fatura-1', { title: 'Zqx-Fatura kılavuzu', createdAt: '2026-01-03T00:00:00.000Z' }),
    minimalPost('fatura-2', {
      title: 'Bir yazı',
      contentStructure: [{ type: 'text', content: '<p>zqxfatura ve [yıldız*] soru? işareti</p>' }],
      createdAt: '2026-01-02T00:00:00.000Z',
    }),
  ]
  await t.deps.content.update(
    'blogs',
    (posts) => void posts.splice(0, posts.length, ...generatedPosts(demo, 600), ...extra),
  )
})
afterAll(() => t.cleanup())

const search = async (q: string, more = '') => {
  const res = await jsonRequest(t, 'GET', `/api/blog-search?q=${encodeURIComponent(q)}&pageSize=48${more}`)
  const body = await res.json()
  expect(res.status, JSON.stringify(body)).toBe(200)
  return body as { total: number; data: { id: string }[] }
}
const ids = async (q: string) => (await search(q)).data.map((p) => p.id)
/** The index matches the posts (a build after a start or a bulk change runs in the background). */
const settled = () => t.deps.blogSearch.settled(t.deps.content.read('blogs'))
const save = (fn: (posts: BlogPost[]) => void) => t.deps.content.update('blogs', fn)

describe('the blog search index', () => {
  it('answers the same during its build as after it', async () => {
    const queries = ['fatura', 'e', 'ıSı', '(12', 'imza nedir', 'yok-boyle-kelime', demo[1]!.title]
    const during = []
    for (const q of queries) during.push(await search(q))
    await settled()
    for (const [i, q] of queries.entries()) expect(await search(q), q).toEqual(during[i])
  })

  it('keeps the substring rule: words inside words, words under three letters, FTS5 query characters taken literally', async () => {
    await settled()
    expect(await ids('fatura')).toEqual(expect.arrayContaining(['fatura-1', 'fatura-2']))
    expect(await ids('zqx')).toEqual(['fatura-1', 'fatura-2'])
    expect(await ids('ZQX-FATURA KILAV')).toEqual(['fatura-1'])
    expect(await ids('qxfatura')).toEqual(['fatura-2'])
    expect(await ids('DIZ*')).toEqual(['fatura-2'])
    expect(await ids('[yil')).toEqual(['fatura-2'])
    expect(await ids('u? i')).toEqual(['fatura-2'])
    expect(await ids('*')).toEqual(['fatura-2'])
    expect(await ids('z*]')).toEqual(['fatura-2'])
    expect(await ids('e?')).toEqual([])
    expect(await ids('zqx KI')).toEqual(['fatura-1'])
    // Every published post has an 'e' but 'Zqx-Fatura kılavuzu'.
    expect((await search('e')).total).toBe((await search('')).total - 1)
    expect(await ids('(7)')).toEqual(['gen-7'])
    expect(await ids('"zqx')).toEqual([])
    expect(await ids('zqx-fatura* OR NEAR(a)')).toEqual([])
    expect(t.deps.blogSearch.failures()).toBe(0)
  })

  it('finds a saved post by its new words, no longer by the old ones', async () => {
    await search('x')
    await settled()
    expect(await ids('(8)')).toEqual(['gen-8'])
    await save((posts) => {
      const post = posts.find((p) => p.id === 'gen-8')!
      post.title = 'Kuzguncuk şubesi'
      post.contentStructure = [{ type: 'text', content: '<p>Zeytinburnu görüşmesi</p>', alt: '' }]
    })
    expect(await ids('(8)')).toEqual([])
    expect(await ids('KUZGUNCUK')).toEqual(['gen-8'])
    expect(await ids('zeytinburnu gorusmesi')).toEqual(['gen-8'])
  })

  it('drops a removed post, finds an added one, never a draft', async () => {
    await search('x')
    await settled()
    await save(
      (posts) =>
        void posts.splice(
          posts.findIndex((p) => p.id === 'gen-11'),
          1,
        ),
    )
    expect(await ids('(11)')).toEqual([])
    await save((posts) => void posts.unshift(minimalPost('yeni', { title: 'Kadıköy ofisi açıldı' })))
    expect(await ids('kadikoy')).toEqual(['yeni'])
    const written = t.deps.blogSearch.written()
    await save((posts) => void (posts.find((p) => p.id === 'yeni')!.status = 'draft'))
    expect(await ids('kadikoy')).toEqual([])
    // Only the status changed: the text's hash is the same, nothing is folded or written again.
    expect(t.deps.blogSearch.written()).toBe(written)
    await save(
      (posts) => void posts.push(minimalPost('taslak', { title: 'Üsküdar taslağı', status: 'draft' })),
    )
    expect(await ids('uskudar')).toEqual([])
    await save((posts) => void (posts.find((p) => p.id === 'taslak')!.status = 'published'))
    expect(await ids('uskudar')).toEqual(['taslak'])
  })

  it('follows a bulk change through a build', async () => {
    await search('x')
    await settled()
    await save((posts) => {
      for (const post of posts.slice(0, 400)) post.excerpt = `${post.excerpt} toplu-değişiklik`
    })
    const changed = t.deps.content
      .read('blogs')
      .slice(0, 400)
      .filter((p) => p.status === 'published').length
    const during = await search('toplu-degisiklik')
    expect(during.total).toBe(changed)
    await settled()
    expect(await search('toplu-degisiklik')).toEqual(during)
  })

  it('keeps working after a restart and writes only the posts that changed while it was stopped', async () => {
    await search('x')
    await settled()
    // A change the index has not seen yet when the server stops.
    await save((posts) => void (posts.find((p) => p.id === 'gen-10')!.title = 'Beşiktaş toplantısı'))
    await t.restart()
    expect(await ids('besiktas')).toEqual(['gen-10'])
    await settled()
    expect(t.deps.blogSearch.written()).toBe(1)
    expect(await ids('besiktas')).toEqual(['gen-10'])
    expect(await ids('(10)')).toEqual([])
    expect(await ids('kuzguncuk')).toEqual(['gen-8'])
    expect(await ids('(11)')).toEqual([])
  })
})
