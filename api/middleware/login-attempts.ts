import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { noteInvalidLogin, refuseOverLimit } from '../auth/password-login.ts'

/**
 * In front of a login route's body check: an address over its login limit gets 429 before its body is read, and a
 * body refused as invalid (400) or too large (413) counts as a failed attempt (decision 016, issue 20). Without
 * it, malformed logins were free: no limit, and each one was audited.
 */
export const limitLoginAttempts = (scope: 'admin' | 'library') =>
  createMiddleware<AppEnv>(async (c, next) => {
    refuseOverLimit(c, scope)
    await next()
    if (c.res.status === 400 || c.res.status === 413) noteInvalidLogin(c, scope)
  })
