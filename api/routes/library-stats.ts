import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'

/** The members' library in numbers for staff admins' dashboard (mounted at /api/admin/library-stats). */
export const libraryStatsRoutes = new Hono<AppEnv>().get('/', (c) => {
  const { items, downloadsThisMonth, bytes } = c.var.deps.data.library.stats(c.var.deps.now())
  return c.json({ success: true, data: { items, downloadsThisMonth, bytes } })
})
