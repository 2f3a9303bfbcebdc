import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { clientAddress } from '../auth/client-address.ts'
import { cookieNames } from '../auth/session.ts'
import type { StoredUser } from '../store/data-store.ts'
import { auditLabel } from './audit-labels.ts'
import { conflictFacts, subjectTitle, titleInAnswer } from './audit-subject.ts'
import { changedFields, subjectValue } from './audit-changes.ts'
import { log } from '../lib/log.ts'

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The request's JSON object body, or {} (Hono caches it, so the route still reads it). */
async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (!c.req.header('content-type')?.includes('application/json')) return {}
  const body: unknown = await c.req.json().catch(() => null)
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : {}
}

/**
 * Who made a login or logout call: the account the e-mail names (as the login schema normalised it, so never
 * longer than a valid address), or the session's user.
 */
async function accountOf(c: Context<AppEnv>, email: unknown): Promise<Partial<StoredUser> | null> {
  const users = c.var.deps.data.read('users')
  if (typeof email === 'string') {
    const normal = email.trim().toLowerCase()
    return users.find((u) => u.email === normal) ?? { email: normal }
  }
  const token = getCookie(c, cookieNames.admin)
  const claims = token ? await c.var.deps.sessions.verify(token, 'admin') : null
  return claims ? (users.find((u) => u.id === claims.sub) ?? null) : null
}

/**
 * Records every mutating admin call (who, a Turkish sentence naming the item by its title, method, path, status)
 * after it is answered, plus logins, failed logins and logouts. Mounted in front of the admin guard, so one place
 * covers every route, including ones added later. Calls without a user (no session) are not admin actions and are
 * skipped; logins are recorded only after validation, and the store caps every text's length.
 */
export const auditAdminActions = createMiddleware<AppEnv>(async (c, next) => {
  if (!MUTATING.has(c.req.method)) return next()
  const path = c.req.path
  const isLogin = path === '/api/admin/login'
  const isLogout = path === '/api/admin/logout'
  const needsBody =
    isLogin ||
    path === '/api/admin/maintenance' ||
    path.startsWith('/api/admin/history/') ||
    path === '/api/admin/preview'
  const body = needsBody ? await jsonBody(c) : {}
  const before = isLogout ? await accountOf(c, undefined) : null
  // The item's title before the call: a delete or a refused save has none to answer.
  const titleBefore = isLogin || isLogout ? null : subjectTitle(c.var.deps, path, body)
  // A sync conflict leaves the list once answered: its field and values are read before (issue 30).
  const conflict = path.startsWith('/api/admin/git/conflicts/') ? conflictFacts(c.var.deps, path) : null
  // The saved item before the call: compared after it, 'Ayrıntılar' names the fields that changed (issue 30).
  const valueBefore = isLogin || isLogout ? undefined : subjectValue(c.var.deps, c.req.method, path, body)
  await next()
  const status = c.res.status
  const changes =
    valueBefore !== undefined && status < 400
      ? changedFields(valueBefore, subjectValue(c.var.deps, c.req.method, path, body))
      : undefined
  // A login is recorded only once its body passed validation and the limiter let it be checked (200 or 401):
  // malformed or refused attempts from people without a login must not fill the log (issue 20).
  if (isLogin && status !== 200 && status !== 401) return
  const answered =
    status < 400 && c.res.headers.get('content-type')?.includes('application/json')
      ? titleInAnswer(await c.res.clone().json().catch(() => null))
      : null
  const title = answered ?? titleBefore
  const actor: Partial<StoredUser> | null =
    c.get('user') ?? (isLogin ? await accountOf(c, body.email) : isLogout ? before : null)
  if (!actor) return
  const { data, now } = c.var.deps
  // The action itself is done and answered: a failed log write is reported, not turned into a failed action.
  await data.audit
    .add({
      at: now().toISOString(),
      userId: actor.id ?? null,
      userName: actor.name ?? null,
      userEmail: actor.email ?? null,
      action: auditLabel(c.req.method, path, {
        enabled: body.enabled,
        status,
        title,
        collection: body.collection,
        share: body.share,
        conflict,
      }),
      method: c.req.method,
      path,
      status,
      address: clientAddress(c),
      ...(changes?.length ? { changes } : {}),
    })
    .catch((err: unknown) => log.error({ err }, 'Denetim kaydı yazılamadı'))
})
