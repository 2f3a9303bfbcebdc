import type { Server } from 'node:http'

/**
 * How long an idle keep-alive connection stays open. Node's default is 5 s, shorter than what clients that
 * reuse connections keep them for: nginx's upstream `keepalive` connections stay idle up to 60 s
 * (`keepalive_timeout`), so a request sent on one Node had just closed came back as a 502, and the test suite's
 * API client saw ECONNRESET on a request sent about 5 s after its previous one. The server must be the one
 * that waits longer (decision 078).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000

/** The Keep-Alive header's value as Node writes it for this server. */
export const KEEP_ALIVE_HEADER = `timeout=${Math.floor(KEEP_ALIVE_TIMEOUT_MS / 1000)}`

/** Gives `server` the keep-alive timeout; the headers timeout stays above it, as Node's documentation advises. */
export function applyKeepAlive(server: Server): Server {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000
  return server
}
