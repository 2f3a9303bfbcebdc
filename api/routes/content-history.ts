import { Hono } from 'hono'
import { z } from 'zod'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { validate } from '../middleware/validate.ts'
import type { ContentName } from '../store/content-store.ts'
import { isValidRef, versionOf, type ItemRef } from '../store/content-items.ts'
import { restoreItem } from '../store/content-restore.ts'

const NAMES = [
  'blogs',
  'social-projects',
  'programs',
  'references',
  'home',
  'about',
  'contact-settings',
] as const

/** The item a history call is about: the collection in the path, the entry or home section in `id`. */
function refOf(collection: string, id: string | undefined): ItemRef {
  if (!(NAMES as readonly string[]).includes(collection)) fail(404, msg.notFound)
  const ref: ItemRef = { name: collection as ContentName, id: id || undefined }
  if (!isValidRef(ref)) fail(404, msg.notFound)
  return ref
}

const restoreBody = validate(
  'json',
  z.object({ commit: z.string().regex(/^[0-9a-f]{40}$/), id: z.string().max(64).optional() }),
)

/** Content history (mounted at /api/admin/history): an item's versions from git, and restoring one of them. */
export const contentHistoryRoutes = new Hono<AppEnv>()
  .get('/:collection', async (c) => {
    const { history } = c.var.deps.content
    if (!history) fail(404, msg.historyUnavailable)
    const entries = await history.list(refOf(c.req.param('collection'), c.req.query('id')))
    return c.json({ success: true, data: entries })
  })
  .post('/:collection/restore', restoreBody, async (c) => {
    const { content } = c.var.deps
    const { commit, id } = c.req.valid('json')
    const item = await restoreItem(content, refOf(c.req.param('collection'), id), commit)
    return c.json({
      success: true,
      message: msg.versionRestored,
      data: { ...(item as object), version: versionOf(item) },
    })
  })
