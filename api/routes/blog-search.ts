import { Hono } from 'hono'
import { blogSearchQuerySchema } from '#schema/list-query.ts'
import type { AppEnv } from '../app-env.ts'
import { searchPublishedBlogs } from '../entries/blog-search.ts'
import { validate } from '../middleware/validate.ts'

/**
 * Public blog search (mounted at /api/blog-search, apart from /api/blogs/:id so no post id can shadow it):
 * `q`, `tag`, `page`, `pageSize`; answers one page of published post cards with `total`, `page`, `pageSize`.
 */
export const blogSearchRoutes = new Hono<AppEnv>().get('/', validate('query', blogSearchQuerySchema), (c) => {
  const { items, ...paging } = searchPublishedBlogs(c.var.deps.content.read('blogs'), c.req.valid('query'))
  return c.json({ success: true, data: items, ...paging })
})
