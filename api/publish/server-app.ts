import { Hono, type MiddlewareHandler } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { discardBody } from './discard-body.ts'

/**
 * The app on the server's one port: the API first, so every /api path, known or not, gets the API's JSON answer
 * and headers; then `probes` (the operator's /healthz, /readyz, /metrics), then uploads, the admin SPA and the
 * site (see site-routes.ts). `observe` runs around everything (the server records the answering route).
 */
export function createServerApp(
  api: Hono<AppEnv>,
  site: Hono,
  { probes, observe }: { probes?: Hono; observe?: MiddlewareHandler } = {},
): Hono {
  const app = new Hono()
  if (observe) app.use('*', observe)
  app.use('*', async (c, next) => {
    await next()
    // A refused body left unread would be parsed as the next request on a kept-alive connection.
    if (c.res.status === 413 && !(await discardBody(c.req.raw)))
      c.res.headers.set('connection', 'close')
  })
  app.route('/', api)
  if (probes) app.route('/', probes)
  app.route('/', site)
  return app
}
