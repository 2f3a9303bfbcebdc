import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { findByIdOrAddress, isPublished } from '../entries/blog-posts.ts'
import { fail } from '../lib/errors.ts'
import { byProjectDate } from '../entries/project-order.ts'

/** Public social projects (mounted at /api/social-projects): published only (missing status = published). */
export const socialProjectsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const at = c.var.deps.now().getTime()
    const projects = byProjectDate(
      c.var.deps.content.read('social-projects').filter((p) => isPublished(p, at)),
    )
    return c.json({ success: true, projects })
  })
  .get('/:id', (c) => {
    const { content, now } = c.var.deps
    const found = findByIdOrAddress(content.read('social-projects'), c.req.param('id'))
    const project = found && isPublished(found, now().getTime()) ? found : undefined
    if (!project) fail(404, msg.projectNotFound)
    return c.json({ success: true, project })
  })
