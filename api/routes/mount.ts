import type { Hono } from 'hono'
import type { AppEnv } from '../lib/app-env.ts'
import { adminAuthRoutes } from './admin-auth.ts'

/** Every resource's sub-app, on the paths of spec section 7. Admin paths are guarded in app.ts. */
export function mountRoutes(app: Hono<AppEnv>) {
  app.route('/api/admin', adminAuthRoutes)

  // Group 1: users, dashboard (stats, maintenance, build), library, members, contact, contact settings, upload, about

  // Group 2: home (anasayfa), references, blogs, social projects, programs
}
