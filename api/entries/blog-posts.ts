import { addressesOf, addressOf } from '#schema/address.ts'
import type { BlogPost } from '#schema/blog.ts'
import { isLiveAt, publishedAt } from '#schema/schedule.ts'
import type { PrivateData } from '../store/data-store.ts'

/** Newest first by publish time (publishAt, else createdAt), as the site's lists and RSS order them. */
export function newestFirst<T extends { createdAt: string; publishAt?: string }>(items: T[]): T[] {
  return items
    .map((item) => ({ item, time: Date.parse(publishedAt(item)) || 0 }))
    .sort((a, b) => b.time - a.time)
    .map(({ item }) => item)
}

/**
 * Public at `now` (ms): drafts never; a missing status means published; a scheduled item only from its publishAt
 * until its unpublishAt (schema/schedule.ts).
 */
export function isPublished(
  item: { status?: string; publishAt?: string; unpublishAt?: string },
  now: number,
): boolean {
  return isLiveAt(item, now)
}

/**
 * A post with its page views: counted per address (counters.views['/blog/<address>']), summed over the addresses
 * it had, so a changed address keeps its count; 0 when never viewed.
 */
export function withViews(post: BlogPost, counters: PrivateData['counters']) {
  let views = 0
  for (const a of addressesOf(post)) views += counters.views[`/blog/${a}`] ?? 0
  return { ...post, views }
}

/** The item with `idOrAddress` as its id or one of its addresses (spec clients route by id; links by address). */
export function findByIdOrAddress<T extends { id: string; slug?: string; oldSlugs?: readonly string[] }>(
  items: readonly T[],
  idOrAddress: string,
): T | undefined {
  return (
    items.find((item) => item.id === idOrAddress) ??
    items.find((item) => addressesOf(item).includes(idOrAddress))
  )
}

export { addressOf }

/** The home page's blog preview: up to 3 newest published posts, only the fields the cards show. */
export function blogPreview(posts: BlogPost[], now: number) {
  return newestFirst(posts.filter((p) => isPublished(p, now)))
    .slice(0, 3)
    .map(({ id, slug, title, excerpt, author, tags, featuredImage, createdAt }) => ({
      id,
      slug,
      title,
      excerpt,
      author,
      tags,
      featuredImage,
      createdAt,
    }))
}
