import type { Context } from 'hono'
import { setTimeout as sleep } from 'node:timers/promises'
import { msg } from '#schema/messages.ts'
import type { AppEnv } from '../app-env.ts'
import { clientAddress } from './client-address.ts'
import { fail } from '../lib/errors.ts'
import { dummyHash, verifyPassword } from './passwords.ts'

/** Who may log in: admin users and library members alike. */
type Account = { email: string; passwordHash: string }

/** One address may try this many times the per-e-mail limit across all e-mails (password spraying). */
export const ADDRESS_LIMIT_FACTOR = 4
/** Longest wait an account under attack adds to each of its logins. */
export const MAX_ACCOUNT_DELAY_MS = 4000

/**
 * How long a login for an account waits, given its failures from all addresses in the window: nothing up to the
 * limit, then 250 ms doubling per further failure, capped. A delay, never a refusal: the owner still gets in.
 */
export function accountDelayMs(failures: number, limit: number): number {
  const excess = failures - limit
  return excess < 0 ? 0 : Math.min(250 * 2 ** excess, MAX_ACCOUNT_DELAY_MS)
}

/** The limiter key of all login attempts (of that scope) from the request's client address. */
export const addressKeyOf = (c: Context<AppEnv>, scope: 'admin' | 'library') => `${scope}-ip:${clientAddress(c)}`

/**
 * Refuses (429) a login attempt from an address over its limit before its body is even read or checked: a body
 * that fails validation (400, 413) counts as a failure too (`noteInvalidLogin`), so a flood of malformed logins is
 * refused like one of wrong passwords (issue 20).
 */
export function refuseOverLimit(c: Context<AppEnv>, scope: 'admin' | 'library'): void {
  const { loginLimiter: limiter } = c.var.deps
  if (limiter.count(addressKeyOf(c, scope)) >= limiter.limit * ADDRESS_LIMIT_FACTOR) fail(429, msg.tooManyAttempts)
}

/** Counts a login refused for its body (400, 413) against the address, like a wrong password. */
export function noteInvalidLogin(c: Context<AppEnv>, scope: 'admin' | 'library'): void {
  c.var.deps.loginLimiter.note(addressKeyOf(c, scope))
}

/**
 * Finds the account with this e-mail and checks its password under the login limiter (decision 016): refused
 * with 429 over the limit per address and per (address, e-mail); failures for one e-mail from any address only
 * slow its logins down, so nobody can lock an owner out. 401 for a wrong e-mail or password.
 */
export async function checkPasswordLogin<A extends Account>(
  c: Context<AppEnv>,
  scope: 'admin' | 'library',
  accounts: A[],
  credentials: { email: string; password: string },
): Promise<A> {
  const { loginLimiter: limiter } = c.var.deps
  const address = clientAddress(c)
  const addressKey = addressKeyOf(c, scope)
  const pairKey = `${scope}-ip-email:${address}:${credentials.email}`
  const accountKey = `${scope}-account:${credentials.email}`
  // Counted before the (slow) password check, so a parallel burst is limited too; both keys or neither.
  if (!limiter.take([addressKey], limiter.limit * ADDRESS_LIMIT_FACTOR)) fail(429, msg.tooManyAttempts)
  if (!limiter.take([pairKey])) {
    limiter.refund([addressKey])
    fail(429, msg.tooManyAttempts)
  }
  const delay = accountDelayMs(limiter.count(accountKey), limiter.limit)
  if (delay) await sleep(delay)
  const account = accounts.find((a) => a.email === credentials.email)
  // An unknown e-mail is checked against a dummy hash, so both answers take the same time.
  const ok = await verifyPassword(credentials.password, account?.passwordHash ?? dummyHash)
  if (!account || !ok) {
    limiter.note(accountKey)
    fail(401, msg.invalidCredentials)
  }
  // Only failures count: a success gives back the address's attempt and clears this address's tries on the e-mail.
  limiter.refund([addressKey])
  limiter.reset([pairKey])
  return account
}
