import { Hono } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { mediaFormLimit } from '../forms/body-limit.ts'
import { fail } from '../lib/errors.ts'
import { readFormParts } from '../forms/form-body.ts'
import type { MediaKind } from '../media/sniff-media.ts'
import { copiesPending } from '../media/media-library.ts'
import { storeMediaFileFast } from '../media/store-media.ts'

const kindOf = (query: string | undefined): MediaKind => (query === 'media' ? 'media' : 'image')

/**
 * One image upload (mounted at /api/upload, admin session checked in app.ts): field `image`, checked by its
 * bytes; ?kind=media also takes mp4/webm/ogg video for the home banner. Answers before the image's other sizes
 * are made (issue 23); GET /api/admin/media/ready tells when they are.
 */
export const uploadRoutes = new Hono<AppEnv>().post(
  '/',
  (c, next) => mediaFormLimit(kindOf(c.req.query('kind')))(c, next),
  async (c) => {
    const kind = kindOf(c.req.query('kind'))
    const { files } = await readFormParts(c, ['image'])
    if (!files.image) fail(400, msg.fileMissing, { image: msg.fileMissing })
    // The answer comes once the original and the first size are stored; `pending` says more sizes are on the way.
    const imageUrl = await storeMediaFileFast(c.var.deps, files.image, kind, 'image')
    // The record lets the admin show the sizes it made ('4,2 MB → 180 KB').
    const media = c.var.deps.content.read('media').find((item) => item.url === imageUrl)
    return c.json({ success: true, imageUrl, media, pending: copiesPending(imageUrl) }, 201)
  },
)
