import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { findByIdOrAddress, isPublished, newestFirst, withViews } from '../entries/blog-posts.ts'
import { fail } from '../lib/errors.ts'

/**
 * Public blog (mounted at /api/blogs): published posts only (due, not taken down), newest first, each with its
 * views. /:id takes a post's id (spec 7) or its address.
 */
export const blogsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const { content, data, now } = c.var.deps
    const counters = data.read('counters')
    const at = now().getTime()
    const posts = newestFirst(content.read('blogs').filter((p) => isPublished(p, at))).map((p) =>
      withViews(p, counters),
    )
    return c.json({ success: true, data: posts })
  })
  .get('/:id', (c) => {
    const { content, data, now } = c.var.deps
    const found = findByIdOrAddress(content.read('blogs'), c.req.param('id'))
    const post = found && isPublished(found, now().getTime()) ? found : undefined
    if (!post) fail(404, msg.blogNotFound)
    return c.json({ success: true, data: withViews(post, data.read('counters')) })
  })
