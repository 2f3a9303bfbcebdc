import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'

/** The peer address for rate limits; 'local' when there is no socket (app.request in tests). */
export function clientAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local'
  } catch {
    return 'local'
  }
}
