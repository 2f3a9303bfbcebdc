import { createMiddleware } from 'hono/factory'
import { msg } from '#schema/messages.ts'
import { fail } from '../lib/errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/** State-changing calls from a browser must come from our own origin (Origin header host = Host). */
export const sameOrigin = createMiddleware(async (c, next) => {
  const origin = c.req.header('origin')
  if (!SAFE.has(c.req.method) && origin) {
    let originHost = ''
    try {
      originHost = new URL(origin).host
    } catch {
      // 'null' or garbage: not our origin
    }
    const host = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host
    if (originHost !== host) fail(403, msg.badOrigin)
  }
  await next()
})
