import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { msg } from '#schema/messages.ts'
import type { AdminRole } from '#schema/user.ts'
import { fail } from '../lib/errors.ts'
import { cookieNames, issuedSince, SESSION_HOURS, type SessionKind } from '../auth/session.ts'
import type { AppEnv } from '../app-env.ts'

/**
 * Secure when the site is served over https (SITE_URL), the request itself is https, or the TLS-terminating proxy
 * says so: behind it the app only sees plain http. A forged header only marks the sender's own cookie Secure.
 */
function isSecure(c: Context<AppEnv>): boolean {
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
  return c.var.deps.secureCookies || new URL(c.req.url).protocol === 'https:' || forwarded === 'https'
}

/** Sets the HttpOnly, SameSite=Strict session cookie (Secure over https, see isSecure). */
export function setSessionCookie(c: Context<AppEnv>, kind: SessionKind, token: string): void {
  setCookie(c, cookieNames[kind], token, {
    httpOnly: true,
    sameSite: 'Strict',
    secure: isSecure(c),
    path: '/',
    maxAge: SESSION_HOURS * 3600,
  })
}

/** Removes the session cookie of that kind (logout), with the attributes it was set with. */
export function clearSessionCookie(c: Context<AppEnv>, kind: SessionKind): void {
  deleteCookie(c, cookieNames[kind], { path: '/', secure: isSecure(c), httpOnly: true, sameSite: 'Strict' })
}

/** Requires a valid admin session whose user still exists; puts the current user on c.var.user. */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const token = getCookie(c, cookieNames.admin)
  const claims = token ? await c.var.deps.sessions.verify(token, 'admin') : null
  const user = claims ? c.var.deps.data.read('users').find((u) => u.id === claims.sub) : undefined
  if (!user || !issuedSince(claims!.iat, user.sessionsFrom)) fail(401, msg.unauthorized)
  c.set('user', user)
  await next()
})

/** Requires one of the roles, checked on the server (after requireAdmin). */
export const requireRole = (...roles: AdminRole[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.var.user.role)) fail(403, msg.forbidden)
    await next()
  })
