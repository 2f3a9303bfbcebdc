import type { BlogPost } from '#schema/blog.ts'
import type { PrivateData } from '../store/data-store.ts'

/** Newest first by createdAt (ISO strings sort as dates). */
export function newestFirst<T extends { createdAt: string }>(items: T[]): T[] {
  return [...items].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/** Drafts are never public; a missing status means published. */
export function isPublished(item: { status?: string }): boolean {
  return item.status !== 'draft'
}

/** A post with its page views (counters.views['/blog/<id>'], 0 when never viewed). */
export function withViews(post: BlogPost, counters: PrivateData['counters']) {
  return { ...post, views: counters.views[`/blog/${post.id}`] ?? 0 }
}

/** The home page's blog preview: up to 3 newest published posts, only the fields the cards show. */
export function blogPreview(posts: BlogPost[]) {
  return newestFirst(posts.filter(isPublished))
    .slice(0, 3)
    .map(({ id, title, excerpt, author, tags, featuredImage, createdAt }) => ({
      id,
      title,
      excerpt,
      author,
      tags,
      featuredImage,
      createdAt,
    }))
}
