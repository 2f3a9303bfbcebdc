import type { BlogPost } from '#schema/blog.ts'
import type { BlogSearchQuery } from '#schema/list-query.ts'
import { publishedAt } from '#schema/schedule.ts'
import { isPublished, newestFirst } from './blog-posts.ts'
import { pageOf } from './paged-list.ts'
import { foldedTextCache, hasEveryWord, plainTextOf, searchWords } from './search-text.ts'

/** A card of the public blog search: what the list's cards show, no body. */
export type BlogSearchCard = Pick<
  BlogPost,
  'id' | 'slug' | 'title' | 'excerpt' | 'author' | 'tags' | 'createdAt'
> & {
  /** The card image: the featured image, else the first image, else ''. */
  image: string
}

// Title, excerpt and the text of the body (plus an old-style `content` string), folded once per post version.
const publicText = foldedTextCache<BlogPost & { content?: unknown }>(
  (post) => [
    post.title,
    post.excerpt,
    post.content,
    ...(post.contentStructure ?? []).flatMap((item) => [item.type, item.content]),
  ],
  (post) =>
    [
      post.title,
      post.excerpt,
      plainTextOf(post.contentStructure ?? []),
      typeof post.content === 'string' ? post.content.replace(/<[^>]*>/g, ' ') : '',
    ].join('\n'),
)

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
 * title, excerpt or body, Turkish case-insensitive; one page of their cards.
 */
export function searchPublishedBlogs(posts: readonly BlogPost[], query: BlogSearchQuery, now: number) {
  const words = searchWords(query.q)
  const matching = posts.filter(
    (post) =>
      isPublished(post, now) &&
      (query.tag === '' || post.tags.includes(query.tag)) &&
      hasEveryWord(publicText(post), words),
  )
  const page = pageOf(newestFirst(matching), query.page, query.pageSize)
  return { ...page, items: page.items.map(searchCard) }
}
