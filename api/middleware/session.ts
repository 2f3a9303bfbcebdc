import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { msg } from '#schema/messages.ts'
import type { AdminRole } from '#schema/user.ts'
import { fail } from '../lib/errors.ts'
import {
  cookieNames,
  issuedSince,
  SESSION_HOURS,
  type SessionKind,
  type VerifiedSession,
} from '../auth/session.ts'
import type { StoredMember, StoredUser } from '../store/data-store.ts'
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

/** The request's live session of that kind: signed, unexpired and not revoked (logout); else null. */
export async function liveSession(c: Context<AppEnv>, kind: SessionKind): Promise<VerifiedSession | null> {
  const token = getCookie(c, cookieNames[kind])
  const claims = token ? await c.var.deps.sessions.verify(token, kind) : null
  return claims && !c.var.deps.data.revocations.isRevoked(claims.jti) ? claims : null
}

/**
 * The account behind the request's live session of that kind, or null: it must still exist, and the session
 * must not predate its last password change (decision 010).
 */
export async function sessionAccount<K extends SessionKind>(c: Context<AppEnv>, kind: K) {
  const claims = await liveSession(c, kind)
  if (!claims) return null
  const { data } = c.var.deps
  const accounts: (StoredUser | StoredMember)[] = kind === 'admin' ? data.read('users') : data.read('members')
  const account = accounts.find((a) => a.id === claims.sub)
  return account && issuedSince(claims.iat, account.sessionsFrom)
    ? (account as K extends 'admin' ? StoredUser : StoredMember)
    : null
}

/** Ends the request's session of that kind on the server (logout): its token id is revoked until it expires. */
export async function revokeSession(c: Context<AppEnv>, kind: SessionKind): Promise<void> {
  const claims = await liveSession(c, kind)
  const nowSeconds = Math.floor(c.var.deps.now().getTime() / 1000)
  if (claims) c.var.deps.data.revocations.revoke(claims.jti, claims.exp, nowSeconds)
}

/** What a user with a one-time password may call: who am I, choose my new password, log out. */
function allowedBeforeNewPassword(method: string, path: string, userId: string): boolean {
  if (method === 'GET' && path === '/api/admin/me') return true
  if (method === 'POST' && path === '/api/admin/logout') return true
  return method === 'PUT' && path === `/api/admin/users/${userId}`
}

/**
 * Requires a live admin session whose user still exists; puts the current user on c.var.user. A user whose
 * password is one-time (admin:reset-password) may only set a new one (403 otherwise), checked here on the server.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const user = await sessionAccount(c, 'admin')
  if (!user) fail(401, msg.unauthorized)
  if (user.mustChangePassword && !allowedBeforeNewPassword(c.req.method, c.req.path, user.id))
    fail(403, msg.passwordChangeRequired)
  c.set('user', user)
  await next()
})

/** Requires one of the roles, checked on the server (after requireAdmin). */
export const requireRole = (...roles: AdminRole[]) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!roles.includes(c.var.user.role)) fail(403, msg.forbidden)
    await next()
  })
