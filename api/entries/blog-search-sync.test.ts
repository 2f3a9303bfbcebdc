import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { BlogPost } from '#schema/blog.ts'
import { noteReplaced } from '#schema/list-lineage.ts'
import { BLOG_SEARCH_FILE, openBlogSearchIndex } from '../store/private/blog-search-index.ts'
import { minimalPost } from '../testing/test-content.ts'
import { testCleanups } from '../testing/temp-folders.ts'
import { createBlogSearch } from './blog-search-sync.ts'
import { searchPublishedBlogs } from './blog-search.ts'

const { temp, later } = testCleanups()
const NOW = Date.parse('2026-06-01T00:00:00Z')
const SYLLABLES = [
  'ka',
  'şı',
  'ğa',
  'İs',
  'Iı',
  'çe',
  'ö',
  'ü',
  'fa',
  'tu',
  'ra',
  '-',
  'e',
  '(',
  ')',
  '*',
  '?',
  '[',
  '"',
  'â',
]

/** A random post: title, excerpt and a body of text and heading blocks from Turkish syllables and a few symbols. */
function randomPost(n: number, rand: () => number, version = 0): BlogPost {
  const word = () =>
    Array.from(
      { length: 1 + Math.floor(rand() * 4) },
      () => SYLLABLES[Math.floor(rand() * SYLLABLES.length)],
    ).join('')
  const words = (k: number) => Array.from({ length: k }, word).join(' ')
  return minimalPost(`p-${n}`, {
    title: words(3),
    excerpt: words(4),
    tags: [rand() < 0.5 ? 'a' : 'b'],
    status: rand() < 0.2 ? 'draft' : 'published',
    publishAt: rand() < 0.1 ? '2027-01-01T00:00:00.000Z' : undefined,
    createdAt: new Date(Date.UTC(2025, 0, 1) + n * 3_600_000 + version).toISOString(),
    contentStructure: [
      { type: 'text', content: `<p>${words(8)}</p>` },
      { type: 'heading', content: words(2) },
      { type: 'image', content: words(2) },
    ],
  })
}

function seeded(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
}

async function open() {
  const dir = await temp('blog-search-')
  const index = openBlogSearchIndex(dir)
  later(async () => index.close())
  return { dir, index, search: createBlogSearch(index) }
}

/** The index's answer equals the rule without an index (fold every post now) for queries of 1-3 random words. */
function expectSameAnswers(
  search: ReturnType<typeof createBlogSearch>,
  posts: readonly BlogPost[],
  rand: () => number,
) {
  let found = 0
  for (let i = 0; i < 40; i++) {
    const some = posts[Math.floor(rand() * posts.length)]!
    const words = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
      const text = `${some.title} ${some.excerpt}`.replace(/\s+/g, '')
      const at = Math.floor(rand() * text.length)
      return rand() < 0.1 ? 'yok' : text.slice(at, at + 1 + Math.floor(rand() * 5))
    })
    const query = { q: words.join(' '), tag: rand() < 0.3 ? 'a' : '', page: 1, pageSize: 48 }
    const indexed = searchPublishedBlogs(posts, query, NOW, search.testFor(posts))
    expect(indexed, query.q).toEqual(searchPublishedBlogs(posts, query, NOW))
    expect(search.failures()).toBe(0)
    if (indexed.total > 0) found++
  }
  // Most queries find something (the words are parts of a post), some find nothing.
  expect(found).toBeGreaterThan(5)
  expect(found).toBeLessThan(40)
}

describe('the blog search index', () => {
  it('answers as folding every post would, during a build, after it and after each kind of save', async () => {
    const rand = seeded(7)
    const { search } = await open()
    let posts: readonly BlogPost[] = Object.freeze(Array.from({ length: 700 }, (_, n) => randomPost(n, rand)))
    expectSameAnswers(search, posts, rand)
    await search.settled(posts)
    expect(search.written()).toBe(700)
    expectSameAnswers(search, posts, rand)
    // A save of a few posts: the positions it replaced are noted on the new list, as the write gate does.
    for (let round = 0; round < 5; round++) {
      const next = [...posts]
      const at = [Math.floor(rand() * next.length), Math.floor(rand() * next.length)]
      for (const i of at) next[i] = randomPost(Number(next[i]!.id.slice(2)), rand, round + 1)
      noteReplaced(next, posts, at)
      posts = Object.freeze(next)
      expectSameAnswers(search, posts, rand)
    }
    // Added and removed posts (another length: compared by object), then a bulk change (a build).
    posts = Object.freeze([randomPost(900, rand), ...posts.slice(0, 300), ...posts.slice(320)])
    expectSameAnswers(search, posts, rand)
    posts = Object.freeze(posts.map((post, n) => (n % 2 ? randomPost(1000 + n, rand) : post)))
    expectSameAnswers(search, posts, rand)
    await search.settled(posts)
    expectSameAnswers(search, posts, rand)
  })

  it('keeps its rows over a reopen, and builds anew from a file it cannot read', async () => {
    const rand = seeded(11)
    const { dir, index, search } = await open()
    const posts = Object.freeze(Array.from({ length: 50 }, (_, n) => randomPost(n, rand)))
    await search.settled(posts)
    index.close()
    const reopened = openBlogSearchIndex(dir)
    const again = createBlogSearch(reopened)
    await again.settled(posts)
    expect(again.written()).toBe(0)
    expectSameAnswers(again, posts, rand)
    reopened.close()
    writeFileSync(join(dir, BLOG_SEARCH_FILE), 'kein sqlite')
    for (const suffix of ['-wal', '-shm']) writeFileSync(join(dir, BLOG_SEARCH_FILE + suffix), '')
    const rebuilt = openBlogSearchIndex(dir)
    later(async () => rebuilt.close())
    const broken = createBlogSearch(rebuilt)
    await broken.settled(posts)
    expect(broken.written()).toBe(50)
    expectSameAnswers(broken, posts, rand)
  })
})
