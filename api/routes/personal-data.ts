import { Hono } from 'hono'
import { z } from 'zod'
import { email } from '#schema/common.ts'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { requireRole } from '../middleware/session.ts'
import { validate } from '../middleware/validate.ts'
import { personalData } from '../privacy/personal-data.ts'

const byEmail = z.object({ email: email() })

/**
 * 'Kişisel veri silme' (mounted at /api/admin/personal-data; superadmins only, KVKK): what is stored about an e-mail
 * address, and its deletion. The address travels in the query of the read and the body of the delete, never in
 * the path the audit log records; the log says only that someone's data was deleted.
 */
export const personalDataRoutes = new Hono<AppEnv>()
  .use(requireRole('superadmin'))
  .get('/', validate('query', byEmail), (c) =>
    c.json({ success: true, data: personalData(c.var.deps.data).find(c.req.valid('query').email) }),
  )
  .delete('/', validate('json', byEmail), async (c) => {
    const found = await personalData(c.var.deps.data).erase(c.req.valid('json').email)
    return c.json({ success: true, message: msg.personalDataErased, data: found })
  })
