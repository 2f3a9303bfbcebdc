import { Hono } from 'hono'
import { stat } from 'node:fs/promises'
import { z } from 'zod'
import { msg } from '#schema/messages.ts'
import { mediaAltSchema } from '#schema/media.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { listMedia } from '../media/media-list.ts'
import { copiesPending, forgetMedia } from '../media/media-library.ts'
import { mediaUses } from '../media/media-uses.ts'
import { isUploadUsed } from '../media/upload-usage.ts'
import { validate } from '../middleware/validate.ts'

const altBody = mediaAltSchema.extend({ url: z.string().min(1).max(300) })

/** Media library (mounted at /api/admin/media; admin session checked in app.ts). Uploads go through /api/upload. */
export const mediaRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json({ success: true, data: await listMedia(c.var.deps) }))
  // An upload's progress after it answered: whether its other sizes are still being made, and its record.
  .get('/ready', (c) => {
    const url = c.req.query('url') ?? ''
    const media = c.var.deps.content.read('media').find((item) => item.url === url)
    if (!media) fail(404, msg.fileNotFound)
    return c.json({ success: true, ready: !copiesPending(url), media })
  })
  .put('/alt', validate('json', altBody), async (c) => {
    const { url, alt } = c.req.valid('json')
    const found = await c.var.deps.content.update('media', (list) => {
      const item = list.find((i) => i.url === url)
      if (item) item.alt = alt
      return Boolean(item)
    })
    if (!found) fail(404, msg.fileNotFound)
    return c.json({ success: true, message: msg.mediaAltSaved })
  })
  .delete('/:name', async (c) => {
    const { content, files } = c.var.deps
    const url = `/uploads/${c.req.param('name')}`
    const path = files.uploadPath(c.req.param('name'))
    if (!path || !(await stat(path).catch(() => null))) fail(404, msg.fileNotFound)
    const uses = mediaUses(content, url)
    // The broad text search backs up the named uses: nothing any content mentions is ever deleted.
    if (uses.length || isUploadUsed(content, url))
      return c.json({ success: false, message: msg.mediaInUse, uses }, 409)
    await files.removeUpload(url)
    await forgetMedia(content, url)
    return c.json({ success: true, message: msg.mediaDeleted })
  })
