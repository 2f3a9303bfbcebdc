import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { noteInvalidLogin, refuseOverLimit } from '../auth/password-login.ts'

/**
 * In front of a login's body checks: an address over its login limit gets 429 before its body is read, and a
 * body refused as invalid (400) or too large (413) counts as a failed attempt (decision 016, issue 20). Without
 * it, malformed logins were free: no limit, and each one was audited. Mounted on the app ahead of the default
 * body limit (app.ts), which answers a too-large body before any route middleware runs.
 */
export const limitLoginAttempts = (scope: 'admin' | 'library') =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method !== 'POST') return next()
    refuseOverLimit(c, scope)
    await next()
    if (c.res.status === 400 || c.res.status === 413) noteInvalidLogin(c, scope)
  })
