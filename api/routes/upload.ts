import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { mediaFormLimit } from '../forms/body-limit.ts'
import { fail } from '../lib/errors.ts'
import { readFormParts } from '../forms/form-body.ts'
import type { MediaKind } from '../media/sniff-media.ts'
import { storeMediaFile } from '../media/store-media.ts'

const kindOf = (query: string | undefined): MediaKind => (query === 'media' ? 'media' : 'image')

/**
 * One image upload (mounted at /api/upload, admin session checked in app.ts): field `image`, checked by its
 * bytes; ?kind=media also takes mp4/webm/ogg video for the home banner.
 */
export const uploadRoutes = new Hono<AppEnv>().post(
  '/',
  (c, next) => mediaFormLimit(kindOf(c.req.query('kind')))(c, next),
  async (c) => {
    const kind = kindOf(c.req.query('kind'))
    const { files } = await readFormParts(c, ['image'])
    if (!files.image) fail(400, msg.fileMissing, { image: msg.fileMissing })
    const imageUrl = await storeMediaFile(c.var.deps, files.image, kind, 'image')
    // The record lets the admin show the sizes it made ('4,2 MB → 180 KB').
    const media = c.var.deps.content.read('media').find((item) => item.url === imageUrl)
    return c.json({ success: true, imageUrl, media }, 201)
  },
)
