import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { routePath } from 'hono/route'
import { log } from '../lib/log.ts'
import { metrics } from '../lib/metrics.ts'

/** What is known about a request on its way through Hono: its id and the route that answered it. */
type RequestInfo = { id: string; route: string | null }
const requests = new WeakMap<IncomingMessage, RequestInfo>()

/** Paths probed every few seconds by load balancers and scrapers: logged at debug, not info. */
const PROBES = /^\/(healthz|readyz|metrics)$/
/** An id handed in by the proxy (nginx's $request_id) is kept when it looks like one. */
const GOOD_ID = /^[\w.-]{1,64}$/
const prefix = `${process.pid.toString(36)}-`
let counter = 0

function incomingOf(c: Context): IncomingMessage | undefined {
  return (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
}

/** The id of the request being answered (for log lines written inside Hono), if the server observes it. */
export function requestIdOf(c: Context): string | undefined {
  const incoming = incomingOf(c)
  return incoming ? requests.get(incoming)?.id : undefined
}

/** Hono middleware (outermost): after the chain, the current route is the one that answered; remembers which route answered (its pattern, e.g. '/api/admin/blogs/:id'), for logs and metrics. */
export const recordRoute: MiddlewareHandler = async (c, next) => {
  await next()
  const incoming = incomingOf(c)
  const info = incoming && requests.get(incoming)
  if (info) info.route = routePath(c)
}

/** A bounded label: the route pattern Hono matched, with the site's catch-all named 'site'. */
function routeLabel(route: string | null): string {
  if (!route || route === '*' || route === '/*') return 'site'
  return route
}

/** Path segments that are secrets themselves: a shared preview link opens a draft for days (issue 29). */
const SECRET_SEGMENT = /^(\/onizleme\/)[^/]+/

/** The path as logged: without its query, a preview link's token as '***' (nginx's log_format does the same). */
export function pathOf(url: string | undefined): string {
  const q = (url ?? '/').indexOf('?')
  const path = q === -1 ? (url ?? '/') : url!.slice(0, q)
  return path.replace(SECRET_SEGMENT, '$1***')
}

/**
 * Wraps the server's listener: every answer is counted in /metrics by route, method and status and timed; every
 * answer that goes through Hono is one JSON log line (request id, method, route, path without its query, status,
 * milliseconds). Hot site files answered by the fast path (`fast` returns true) are counted but logged only at
 * debug: they are the ones nginx's access log covers, and a line each would cost that path a third of its speed.
 */
export function observeRequests(
  fast: (req: IncomingMessage, res: ServerResponse) => boolean,
  slow: RequestListener,
): RequestListener {
  return (req, res) => {
    const start = performance.now()
    let handled = false
    try {
      handled = fast(req, res)
    } catch (err) {
      log.error({ err, method: req.method, path: pathOf(req.url) }, 'Hızlı yol hatası')
    }
    if (handled) {
      const ms = performance.now() - start
      metrics.httpRequests.inc({ route: 'site', method: req.method ?? 'GET', status: res.statusCode })
      metrics.httpDuration.observe({ route: 'site' }, ms / 1000)
      if (log.isLevelEnabled('debug'))
        log.debug({ method: req.method, route: 'site', path: pathOf(req.url), status: res.statusCode, ms: round(ms) })
      return
    }
    const given = req.headers['x-request-id']
    const id = typeof given === 'string' && GOOD_ID.test(given) ? given : prefix + (++counter).toString(36)
    const info: RequestInfo = { id, route: null }
    requests.set(req, info)
    res.once('close', () => {
      const ms = performance.now() - start
      const route = routeLabel(info.route)
      const status = res.writableFinished ? res.statusCode : 499
      metrics.httpRequests.inc({ route, method: req.method ?? 'GET', status })
      metrics.httpDuration.observe({ route }, ms / 1000)
      const path = pathOf(req.url)
      const line = { reqId: id, method: req.method, route, path, status, ms: round(ms) }
      if (PROBES.test(path)) log.debug(line, 'yanıt')
      else if (status >= 500) log.warn(line, 'yanıt')
      else log.info(line, 'yanıt')
    })
    void slow(req, res)
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10
