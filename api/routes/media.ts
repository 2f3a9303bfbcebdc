import { Hono } from 'hono'
import { stat } from 'node:fs/promises'
import { z } from 'zod'
import { msg } from '#schema/messages.ts'
import { mediaAltSchema } from '#schema/media.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { listMedia } from '../media/media-list.ts'
import { copiesPending, forgetMedia } from '../media/media-library.ts'
import { HistoryUnreadable, uploadKeepCheck } from '../media/upload-keep.ts'
import { validate } from '../middleware/validate.ts'

const altBody = mediaAltSchema.extend({ url: z.string().min(1).max(300) })
/** The name of a sized copy of an image: <stem>.<width>w.avif|webp (schema/media.ts variantUrl). */
const SIZED_COPY = /\.\d+w\.(avif|webp)$/

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
    const name = c.req.param('name')
    const url = `/uploads/${name}`
    const path = files.uploadPath(name)
    // A sized copy (<stem>.800w.avif) is not an upload of its own: it goes with its original, never alone.
    if (!path || SIZED_COPY.test(name) || !(await stat(path).catch(() => null))) fail(404, msg.fileNotFound)
    const keep = await uploadKeepCheck(content).catch((err: unknown) =>
      err instanceof HistoryUnreadable ? fail(503, msg.historyUnreadable) : Promise.reject(err),
    )
    if (keep.mustKeep(url)) {
      const { uses, history } = await keep.reasons(url)
      // The broad text search backs up the named uses: nothing any content mentions is ever deleted.
      if (uses.length || !history.length) return c.json({ success: false, message: msg.mediaInUse, uses }, 409)
      return c.json({ success: false, message: `${msg.mediaInHistory} ${history.join('; ')}.`, uses, history }, 409)
    }
    await files.removeUpload(url)
    await forgetMedia(content, url)
    return c.json({ success: true, message: msg.mediaDeleted })
  })
