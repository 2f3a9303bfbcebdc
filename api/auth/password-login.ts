import type { Context } from 'hono'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { clientAddress } from './client-address.ts'
import { fail } from '../lib/errors.ts'
import { dummyHash, verifyPassword } from './passwords.ts'

/** Who may log in: admin users and library members alike. */
type Account = { email: string; passwordHash: string }

/**
 * Finds the account with this e-mail and checks its password under the login limiter, counted per address and
 * per e-mail with keys of the `scope`'s own: 429 over the limit, 401 for a wrong e-mail or password.
 */
export async function checkPasswordLogin<A extends Account>(
  c: Context<AppEnv>,
  scope: 'admin' | 'library',
  accounts: A[],
  credentials: { email: string; password: string },
): Promise<A> {
  const { loginLimiter } = c.var.deps
  const emailKey = `${scope}-email:${credentials.email}`
  const addressKey = `${scope}-ip:${clientAddress(c)}`
  const keys = [addressKey, emailKey]
  // The attempt is counted before the (slow) password check, so a parallel burst is limited too.
  if (!loginLimiter.take(keys)) fail(429, msg.tooManyAttempts)
  const account = accounts.find((a) => a.email === credentials.email)
  // An unknown e-mail is checked against a dummy hash, so both answers take the same time.
  const ok = await verifyPassword(credentials.password, account?.passwordHash ?? dummyHash)
  if (!account || !ok) fail(401, msg.invalidCredentials)
  // Only failures count: a success gives back the address's attempt and clears the e-mail's failures.
  loginLimiter.refund([addressKey])
  loginLimiter.reset([emailKey])
  return account
}
