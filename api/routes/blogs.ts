import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { isPublished, newestFirst, withViews } from '../entries/blog-posts.ts'
import { fail } from '../lib/errors.ts'

/** Public blog (mounted at /api/blogs): published posts only, newest first, each with its views. */
export const blogsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const { content, data } = c.var.deps
    const counters = data.read('counters')
    const posts = newestFirst(content.read('blogs').filter(isPublished)).map((p) => withViews(p, counters))
    return c.json({ success: true, data: posts })
  })
  .get('/:id', (c) => {
    const { content, data } = c.var.deps
    const post = content.read('blogs').find((p) => p.id === c.req.param('id') && isPublished(p))
    if (!post) fail(404, msg.blogNotFound)
    return c.json({ success: true, data: withViews(post, data.read('counters')) })
  })
