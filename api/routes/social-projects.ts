import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { isPublished } from '../entries/blog-posts.ts'
import { fail } from '../lib/errors.ts'
import { byProjectDate } from '../entries/project-order.ts'

/** Public social projects (mounted at /api/social-projects): published only (missing status = published). */
export const socialProjectsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const projects = byProjectDate(c.var.deps.content.read('social-projects').filter(isPublished))
    return c.json({ success: true, projects })
  })
  .get('/:id', (c) => {
    const project = c.var.deps.content
      .read('social-projects')
      .find((p) => p.id === c.req.param('id') && isPublished(p))
    if (!project) fail(404, msg.projectNotFound)
    return c.json({ success: true, project })
  })
