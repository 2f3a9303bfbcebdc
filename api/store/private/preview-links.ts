import { createHash, randomBytes } from 'node:crypto'
import type { DatabaseSync } from 'node:sqlite'

/** A stored preview link (never its token: only the token's hash is stored). */
export type PreviewLink = {
  id: string
  collection: string
  itemId: string
  /** The preview call's body as JSON (collection, id, data): rendered again on each visit. */
  request: string
  shared: boolean
  createdBy: string
  createdAt: number
  expiresAt: number
  revokedAt: number | null
}

/** SHA-256 of a token: a leaked database gives no working link. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

const linkOf = (row: Record<string, unknown>): PreviewLink => ({
  id: String(row.id),
  collection: String(row.collection),
  itemId: String(row.item_id),
  request: String(row.request),
  shared: Number(row.shared) === 1,
  createdBy: String(row.created_by),
  createdAt: Number(row.created_at),
  expiresAt: Number(row.expires_at),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
})

/**
 * Preview links (table preview_links, migration 021). Rare writes from staff, read on a preview visit: plain
 * statements on the main connection. Rows a day past their expiry are pruned on each new link.
 */
export function previewLinkStore(db: DatabaseSync) {
  const insert = db.prepare(
    `INSERT INTO preview_links (id, token_hash, collection, item_id, request, shared, created_by, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const byHash = db.prepare('SELECT * FROM preview_links WHERE token_hash = ?')
  const shared = db.prepare(
    `SELECT * FROM preview_links WHERE collection = ? AND item_id = ? AND shared = 1 AND revoked_at IS NULL
     AND expires_at > ? ORDER BY created_at DESC`,
  )
  const revoke = db.prepare('UPDATE preview_links SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL')
  const prune = db.prepare('DELETE FROM preview_links WHERE expires_at < ?')
  return {
    /** A new link: 256 random bits as its token (returned once), its hash stored. */
    create(link: Omit<PreviewLink, 'id' | 'revokedAt'>): { token: string; link: PreviewLink } {
      const token = randomBytes(32).toString('base64url')
      const id = randomBytes(9).toString('base64url')
      prune.run(link.createdAt - 24 * 3600_000)
      insert.run(id, tokenHash(token), link.collection, link.itemId, link.request, link.shared ? 1 : 0, link.createdBy, link.createdAt, link.expiresAt)
      return { token, link: { ...link, id, revokedAt: null } }
    },
    /** The link a token opens (expired and revoked ones too: they answer 410), or undefined. */
    find(token: string): PreviewLink | undefined {
      const row = byHash.get(tokenHash(token))
      return row ? linkOf(row as Record<string, unknown>) : undefined
    },
    /** An item's shared links still working at `now` (ms), newest first. */
    sharedFor(collection: string, itemId: string, now: number): PreviewLink[] {
      return shared.all(collection, itemId, now).map((row) => linkOf(row as Record<string, unknown>))
    },
    /** Ends a link for good; false when there was no such working link. */
    revoke(id: string, now: number): boolean {
      return Number(revoke.run(now, id).changes) > 0
    },
  }
}
