import { randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'

export type SessionKind = 'admin' | 'library'
export type SessionClaims = { sub: string; kind: SessionKind }
/** A checked token: its claims, its id (for revocation) and when it was issued and expires (epoch seconds). */
export type VerifiedSession = SessionClaims & { iat: number; exp: number; jti: string }

export const SESSION_HOURS = 8
/** How many checked tokens verify() remembers (a few hundred bytes each). */
const CHECKED_TOKENS = 1000
export const cookieNames: Record<SessionKind, string> = { admin: 'admin_session', library: 'library_session' }

/** Signs and checks short-lived HS256 session tokens; kind keeps library sessions out of admin calls. */
export function createSessions(secret: string, now: () => Date) {
  const key = new TextEncoder().encode(secret)
  // Tokens whose signature and claims were checked: a member's page asks the API several times a second (search,
  // paging) with the same cookie, and the HMAC through WebCrypto was a tenth of each answer's CPU (issue 31's
  // search bench). The signature never changes, so only the clock is checked again; revocation and the account
  // are checked by the caller on every request as before. Bounded: the oldest entry goes first.
  const checked = new Map<string, VerifiedSession & { kind: SessionKind }>()
  const timely = (s: { iat: number; exp: number }) => {
    const seconds = Math.floor(now().getTime() / 1000)
    return s.iat <= seconds && seconds - s.iat <= SESSION_HOURS * 3600 && seconds < s.exp
  }
  return {
    async sign(claims: SessionClaims): Promise<string> {
      const iat = Math.floor(now().getTime() / 1000)
      return new SignJWT({ kind: claims.kind })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setJti(randomUUID())
        .setIssuedAt(iat)
        .setExpirationTime(iat + SESSION_HOURS * 3600)
        .sign(key)
    },
    async verify(token: string, kind: SessionKind): Promise<VerifiedSession | null> {
      const known = checked.get(token)
      if (known) return known.kind === kind && timely(known) ? known : null
      try {
        // Our tokens always carry iat, exp (8 hours apart) and a jti: anything else was not made by sign().
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now(),
          requiredClaims: ['iat', 'exp', 'sub', 'jti'],
          maxTokenAge: SESSION_HOURS * 3600,
        })
        if (payload.exp! - payload.iat! > SESSION_HOURS * 3600) return null
        if (payload.kind !== kind || typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null
        const session = { sub: payload.sub, kind, iat: payload.iat!, exp: payload.exp!, jti: payload.jti }
        if (checked.size >= CHECKED_TOKENS) checked.delete(checked.keys().next().value!)
        checked.set(token, session)
        return session
      } catch {
        return null
      }
    },
  }
}
export type Sessions = ReturnType<typeof createSessions>

/**
 * True when a session issued at `iat` (seconds) is still good for an account whose sessions before `since` were
 * ended (by a password change). Tokens count whole seconds, so one issued in the same second stays good.
 */
export function issuedSince(iat: number, since: string | undefined): boolean {
  return !since || iat >= Math.floor(Date.parse(since) / 1000)
}
