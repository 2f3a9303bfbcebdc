import type { ServerResponse } from 'node:http'
import { KEEP_ALIVE_HEADER } from '../lib/keep-alive.ts'

/**
 * Sends a 200 whose status line and headers were joined once per file (fast-site.ts), instead of handing Node a
 * header list to validate and join on every request: on the serving bench that is the difference between 0.6×
 * and 0.8× of nginx (bench/README.md). It uses one internal of Node's OutgoingMessage, pinned with Node 24 and
 * checked by fast-site.test.ts on real sockets: when `_header` is already set, `end()` sends it before the body
 * and skips building headers. Only for keep-alive HTTP/1.1 answers with a body; anything else goes through
 * writeHead, which handles Connection: close, HTTP/1.0 and HEAD.
 */
export function canSendPrebuilt(res: ServerResponse, method: string | undefined): boolean {
  const internal = res as unknown as { shouldKeepAlive?: boolean; _header?: unknown }
  return method === 'GET' && internal.shouldKeepAlive === true && internal._header == null
}

let dateAt = 0
let dateLine = ''

/** Node's own Date header (one string a second) and keep-alive lines (as applyKeepAlive's server writes them). */
function tail(): string {
  const now = Date.now()
  if (now - dateAt >= 1000 || now < dateAt) {
    dateAt = now - (now % 1000)
    dateLine = `Date: ${new Date(now).toUTCString()}\r\nConnection: keep-alive\r\nKeep-Alive: ${KEEP_ALIVE_HEADER}\r\n\r\n`
  }
  return dateLine
}

/** Joins a flat header list into a status line and header lines (without Date, Connection and the blank line). */
export function joinHead(headers: readonly string[]): string {
  let head = 'HTTP/1.1 200 OK\r\n'
  for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`
  return head
}

/** Ends `res` with the prebuilt head and `body` (check canSendPrebuilt first). */
export function sendPrebuilt(res: ServerResponse, head: string, body: Buffer): void {
  ;(res as unknown as { _header: string })._header = head + tail()
  res.end(body)
}
