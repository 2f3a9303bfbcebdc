import { createHash } from 'node:crypto'

/** A short digest of a value's JSON: the pages' keys (site-pages.ts, sitemap-keys.ts) are made of these. */
export const hash = (value: unknown): string =>
  createHash('sha1')
    .update(JSON.stringify(value) ?? '')
    .digest('base64url')
