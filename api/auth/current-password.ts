import type { Context } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import type { StoredUser } from '../store/data-store.ts'
import { fail } from '../lib/errors.ts'
import { verifyPassword } from './passwords.ts'

/**
 * A user changing their own password or e-mail must give their current password (a copied session cookie alone
 * cannot take the account over). 400 with a field message when missing or wrong (never 401: that would end the
 * admin's session in the client); wrong guesses count on the login limiter, 429 over the limit.
 */
export async function assertCurrentPassword(
  c: Context<AppEnv>,
  actor: StoredUser,
  change: { targetId: string; email: string; password?: string; currentPassword?: string },
): Promise<void> {
  if (actor.id !== change.targetId || (!change.password && change.email === actor.email)) return
  const given = change.currentPassword ?? ''
  if (!given) fail(400, msg.currentPasswordRequired, { currentPassword: msg.currentPasswordRequired })
  const { loginLimiter } = c.var.deps
  const key = `admin-current-password:${actor.id}`
  if (!loginLimiter.take([key])) fail(429, msg.tooManyAttempts)
  if (!(await verifyPassword(given, actor.passwordHash)))
    fail(400, msg.currentPasswordWrong, { currentPassword: msg.currentPasswordWrong })
  loginLimiter.reset([key])
}
