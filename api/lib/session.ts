import { jwtVerify, SignJWT } from 'jose'

export type SessionKind = 'admin' | 'library'
export type SessionClaims = { sub: string; kind: SessionKind }

export const SESSION_HOURS = 8
export const cookieNames: Record<SessionKind, string> = { admin: 'admin_session', library: 'library_session' }

/** Signs and checks short-lived HS256 session tokens; kind keeps library sessions out of admin calls. */
export function createSessions(secret: string, now: () => Date) {
  const key = new TextEncoder().encode(secret)
  return {
    async sign(claims: SessionClaims): Promise<string> {
      const iat = Math.floor(now().getTime() / 1000)
      return new SignJWT({ kind: claims.kind })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(iat)
        .setExpirationTime(iat + SESSION_HOURS * 3600)
        .sign(key)
    },
    async verify(token: string, kind: SessionKind): Promise<SessionClaims | null> {
      try {
        // Our tokens always carry iat and exp, 8 hours apart: anything else was not made by sign().
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now(),
          requiredClaims: ['iat', 'exp', 'sub'],
          maxTokenAge: SESSION_HOURS * 3600,
        })
        if (payload.exp! - payload.iat! > SESSION_HOURS * 3600) return null
        if (payload.kind !== kind || typeof payload.sub !== 'string') return null
        return { sub: payload.sub, kind }
      } catch {
        return null
      }
    },
  }
}
export type Sessions = ReturnType<typeof createSessions>
