import { createMiddleware } from 'hono/factory'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { fail } from '../lib/errors.ts'
import { sessionAccount } from './session.ts'

/** Requires a live library session (any member role); puts the member on c.var.member. 401 otherwise. */
export const requireMember = createMiddleware<AppEnv>(async (c, next) => {
  const member = await sessionAccount(c, 'library')
  if (!member) fail(401, msg.unauthorized)
  c.set('member', member)
  await next()
})

/** Requires the library_admin role (after requireMember), checked on the server: 403 for a plain member. */
export const requireLibraryAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.member.role !== 'library_admin') fail(403, msg.forbidden)
  await next()
})
