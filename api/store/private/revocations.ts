import type { DatabaseSync } from 'node:sqlite'

/**
 * Revoked session token ids (table session_revocations). Checked on every authenticated request, so the live
 * set is kept in memory (a few entries per logout within 8 hours); each revocation is committed (fsynced,
 * synchronous=FULL) before the logout answers, so it survives a restart. Expired ids are pruned as they pass.
 */
export function revocationStore(db: DatabaseSync) {
  const insert = db.prepare('INSERT OR REPLACE INTO session_revocations (jti, expires_at) VALUES (?, ?)')
  const prune = db.prepare('DELETE FROM session_revocations WHERE expires_at <= ?')
  const live = new Map<string, number>()
  for (const row of db.prepare('SELECT jti, expires_at FROM session_revocations').all())
    live.set(String(row.jti), Number(row.expires_at))
  const forget = (nowSeconds: number) => {
    prune.run(nowSeconds)
    for (const [jti, exp] of live) if (exp <= nowSeconds) live.delete(jti)
  }
  return {
    /** Ends the token `jti` for good; `expiresAt` (seconds) is the token's own expiry, when the row may go. */
    revoke(jti: string, expiresAt: number, nowSeconds: number): void {
      insert.run(jti, expiresAt)
      live.set(jti, expiresAt)
      forget(nowSeconds)
    },
    /** True when the token id was revoked (and has not expired anyway). */
    isRevoked: (jti: string): boolean => live.has(jti),
    /** Revoked ids still stored (tests, the dashboard). */
    size: (): number => live.size,
  }
}
