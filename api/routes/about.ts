import { Hono } from 'hono'
import { aboutSchema, type About } from '#schema/about.ts'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { validate } from '../middleware/validate.ts'

const aboutBody = validate('json', aboutSchema)

/** Replaces the who-are-we content with all seven fields and returns the saved copy. */
const save = (c: { var: AppEnv['Variables'] }, input: About) =>
  c.var.deps.content.update('about', (about) => Object.assign(about, input))

/**
 * Who-are-we content (mounted at /api/admin/hakkimizda). GET is public (app.ts) and returns the fields without a
 * wrapper; POST creates (admin sends it when the record is empty) and PUT updates: both replace all fields.
 */
export const aboutRoutes = new Hono<AppEnv>()
  .get('/', (c) => c.json(c.var.deps.content.read('about')))
  .post('/', aboutBody, async (c) => {
    const data = await save(c, c.req.valid('json'))
    return c.json({ success: true, message: msg.aboutCreated, data }, 201)
  })
  .put('/', aboutBody, async (c) => {
    const data = await save(c, c.req.valid('json'))
    return c.json({ success: true, message: msg.aboutUpdated, data })
  })
