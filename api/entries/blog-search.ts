import { createHash } from 'node:crypto'
import type { BlogPost } from '#schema/blog.ts'
import type { BlogSearchQuery } from '#schema/list-query.ts'
import { publishedAt } from '#schema/schedule.ts'
import { isPublished, newestFirst } from './blog-posts.ts'
import { pageOf } from './paged-list.ts'
import { foldTurkish, hasEveryWord, plainTextOf, searchWords } from './search-text.ts'

/** A card of the public blog search: what the list's cards show, no body. */
export type BlogSearchCard = Pick<
  BlogPost,
  'id' | 'slug' | 'title' | 'excerpt' | 'author' | 'tags' | 'createdAt'
> & {
  /** The card image: the featured image, else the first image, else ''. */
  image: string
}

/** Whether a post contains every word of a search (the words folded, at least one). */
export type WordTest = (post: BlogPost) => boolean

type Searched = BlogPost & { content?: unknown }

/**
 * A post's searchable text, folded (title, excerpt, the text of the body, plus an old-style `content` string), and a
 * hash of what it is made from: the index (decision 344) stores both, and re-folds a post only when the hash changed.
 * Reads the body once (`contentStructure` may come from disk).
 */
export function searchSource(post: Searched): { hash: string; text: () => string } {
  const body = post.contentStructure ?? []
  const sources = [
    post.title,
    post.excerpt,
    post.content,
    ...body.flatMap((item) => [item.type, item.content]),
  ]
  return {
    hash: createHash('sha1').update(JSON.stringify(sources)).digest('base64'),
    text: () =>
      foldTurkish(
        [
          post.title,
          post.excerpt,
          plainTextOf(body),
          typeof post.content === 'string' ? post.content.replace(/<[^>]*>/g, ' ') : '',
        ].join('\n'),
      ),
  }
}

/** The rule without an index: folds the post's text now and keeps nothing. */
export const scanTest =
  (words: readonly string[]): WordTest =>
  (post) =>
    hasEveryWord(searchSource(post).text(), words)

/** The card of a post. */
export function searchCard(post: BlogPost): BlogSearchCard {
  const { id, slug, title, excerpt, author, tags } = post
  return {
    id,
    slug,
    title,
    excerpt,
    author,
    tags,
    createdAt: publishedAt(post),
    image: post.featuredImage || post.images?.[0] || '',
  }
}

/**
 * Published posts, newest first, that carry `tag` exactly (when given) and contain every word of `q` in the
 * title, excerpt or body, Turkish case-insensitive; one page of their cards. `testFor` gives the word test (the
 * index's, api/entries/blog-search-sync.ts; by default a scan that keeps nothing); a blank `q` reads no text.
 */
export function searchPublishedBlogs(
  posts: readonly BlogPost[],
  query: BlogSearchQuery,
  now: number,
  testFor: (words: string[]) => WordTest = scanTest,
) {
  const words = searchWords(query.q)
  const test = words.length ? testFor(words) : () => true
  const matching = posts.filter(
    (post) => isPublished(post, now) && (query.tag === '' || post.tags.includes(query.tag)) && test(post),
  )
  const page = pageOf(newestFirst(matching), query.page, query.pageSize)
  return { ...page, items: page.items.map(searchCard) }
}
