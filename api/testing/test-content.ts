import type { BlogPost } from '#schema/blog.ts'

/**
 * `count` posts made from the demo posts (a data builder for list tests and benches): ids `gen-<n>`, one minute
 * apart so the newest first order is gen-<count-1> … gen-0, titles numbered, every fifth a draft.
 */
export function generatedPosts(
  demo: readonly BlogPost[],
  count: number,
  start = Date.UTC(2024, 0, 1),
): BlogPost[] {
  return Array.from({ length: count }, (_, n) => {
    const base = demo[n % demo.length]!
    const at = new Date(start + n * 60_000).toISOString()
    return {
      ...structuredClone(base),
      id: `gen-${n}`,
      title: `${base.title} (${n})`,
      status: n % 5 === 4 ? 'draft' : 'published',
      contentStructure: base.contentStructure.map((item, i) => ({ ...item, id: `gen-${n}-${i}` })),
      createdAt: at,
      updatedAt: at,
    }
  })
}

/** The smallest valid stored post (a data builder for store tests): `Başlık <id>`, published, created 2026-01-01. */
export const minimalPost = (id: string, over: Record<string, unknown> = {}): BlogPost =>
  ({
    id,
    title: `Başlık ${id}`,
    excerpt: '',
    author: 'X',
    tags: [],
    status: 'published',
    createdAt: '2026-01-01T00:00:00.000Z',
    featuredImage: '',
    images: [],
    contentStructure: [],
    ...over,
  }) as BlogPost
