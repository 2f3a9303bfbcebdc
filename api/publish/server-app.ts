import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'

/**
 * The app on the server's one port: the API first, so every /api path, known or not, gets the API's JSON answer
 * and headers; then uploads, the admin SPA and the site (see site-routes.ts).
 */
export function createServerApp(api: Hono<AppEnv>, site: Hono): Hono {
  const app = new Hono()
  app.route('/', api)
  app.route('/', site)
  return app
}
