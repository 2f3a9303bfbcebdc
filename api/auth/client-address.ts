import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { isIP } from 'node:net'

/** Loopback and private peers: a reverse proxy on the same host or network, whose X-Forwarded-For we read. */
const PROXY_PEER = /^(::ffff:)?(127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)|^::1$|^f[cd][0-9a-f]{2}:/i

/**
 * The client a rate limit counts: behind a local or private proxy, the last X-Forwarded-For entry (the one the
 * proxy added; entries a client sends come before it), else the socket's peer. A public peer's header is ignored,
 * so a client talking to the server directly cannot pick its own address.
 */
export function forwardedClient(peer: string, forwardedFor: string | undefined): string {
  if (!forwardedFor || !PROXY_PEER.test(peer)) return peer
  const last = forwardedFor.split(',').pop()?.trim() ?? ''
  return isIP(last) ? last : peer
}

/** The client address for rate limits (see forwardedClient); 'local' when there is no socket (app.request). */
export function clientAddress(c: Context): string {
  let peer: string | undefined
  try {
    peer = getConnInfo(c).remote.address
  } catch {
    // app.request in tests: no socket
  }
  return peer ? forwardedClient(peer, c.req.header('x-forwarded-for')) : 'local'
}
