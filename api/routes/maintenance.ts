import { Hono } from 'hono'
import { z } from 'zod'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { validate } from '../middleware/validate.ts'

const toggleSchema = z.object({ enabled: z.boolean({ error: msg.required }) })

/** Public read of the maintenance flag (mounted at /api/maintenance). */
export const maintenanceRoutes = new Hono<AppEnv>().get('/', (c) =>
  c.json({ success: true, maintenanceMode: c.var.deps.data.read('state').maintenanceMode === true }),
)

/** Admin toggle (mounted at /api/admin/maintenance); the server reads the flag from the data store. */
export const adminMaintenanceRoutes = new Hono<AppEnv>().post(
  '/',
  validate('json', toggleSchema),
  async (c) => {
    const { enabled } = c.req.valid('json')
    await c.var.deps.data.update('state', (state) => {
      state.maintenanceMode = enabled
    })
    // Before the answer: once the admin sees it, nginx in front answers the same way.
    await c.var.deps.onMaintenance?.(enabled)
    return c.json({
      success: true,
      maintenanceMode: enabled,
      message: enabled ? msg.maintenanceOn : msg.maintenanceOff,
    })
  },
)
