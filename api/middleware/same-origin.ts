import { createMiddleware } from 'hono/factory'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { fromTrustedProxy } from '../auth/client-address.ts'
import { fail } from '../lib/errors.ts'

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * State-changing calls from a browser must come from our own origin (Origin header host = Host). Behind a proxy
 * the Host is the proxy's upstream, so its X-Forwarded-Host counts instead, but only from a proxy TRUST_PROXY
 * names (decision 009): from anyone else it is ignored, like X-Forwarded-For.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header('origin')
  if (!SAFE.has(c.req.method) && origin) {
    let originHost = ''
    try {
      originHost = new URL(origin).host
    } catch {
      // 'null' or garbage: not our origin
    }
    // A chain of proxies may append: the last entry is the one our own (trusted) proxy set.
    const forwarded = fromTrustedProxy(c) ? c.req.header('x-forwarded-host')?.split(',').at(-1)?.trim() : undefined
    const host = forwarded || c.req.header('host') || new URL(c.req.url).host
    if (originHost !== host) fail(403, msg.badOrigin)
  }
  await next()
})
