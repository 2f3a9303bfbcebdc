import { Hono } from 'hono'
import { blogSearchQuerySchema } from '#schema/list-query.ts'
import type { AppEnv } from '../app-env.ts'
import { searchPublishedBlogs } from '../entries/blog-search.ts'
import { pictureAt } from '../media/media-pictures.ts'
import { validate } from '../middleware/validate.ts'

/**
 * Public blog search (mounted at /api/blog-search, apart from /api/blogs/:id so no post id can shadow it):
 * `q`, `tag`, `page`, `pageSize`; answers one page of published post cards with `total`, `page`, `pageSize`.
 */
export const blogSearchRoutes = new Hono<AppEnv>().get(
  '/',
  validate('query', blogSearchQuerySchema),
  async (c) => {
    const { content, now, blogSearch } = c.var.deps
    const query = c.req.valid('query')
    // A search with words may wait for the index to be checked after a start (decision 344); a blank one reads no text.
    if (query.q.trim()) await blogSearch.ready(() => content.read('blogs'))
    const posts = content.read('blogs')
    // The words are looked up in the index on disk (decision 344), never in texts kept in memory.
    const { items, ...paging } = searchPublishedBlogs(
      posts,
      query,
      now().getTime(),
      blogSearch.testFor(posts),
    )
    // Each card's image as <picture> data, as the prebuilt list pages show it (AVIF/WebP copies, fixed ratio).
    const media = content.read('media')
    const cards = items.map((item) => ({
      ...item,
      picture: pictureAt(media, item.image ?? '', { width: 800, height: 500 }),
    }))
    return c.json({ success: true, data: cards, ...paging })
  },
)
