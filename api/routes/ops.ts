import type { IncomingMessage } from 'node:http'
import { timingSafeEqual } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { Deps } from '../app-env.ts'
import { registry } from '../lib/metrics.ts'
import { readiness } from '../ops/readiness.ts'

const NO_STORE = { 'cache-control': 'no-store' }

/** A request from this machine that no proxy forwarded (a proxy on this machine would look local too). */
function fromLoopback(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  const address = incoming?.socket.remoteAddress ?? ''
  const local = /^(127\.|::1$|::ffff:127\.)/.test(address)
  return local && c.req.header('x-forwarded-for') === undefined && c.req.header('forwarded') === undefined
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * Probes for operators, outside /api (mounted by server.ts before the site): GET /healthz (the process answers),
 * GET /readyz (ops/readiness.ts; 503 when not ready; the reasons only to a trusted request), GET /metrics (Prometheus text; only from loopback or
 * with `Authorization: Bearer <METRICS_TOKEN>`).
 */
export function opsRoutes(deps: Deps, options: { metricsToken?: string } = {}) {
  /** A local request that no proxy forwarded, or one with `Authorization: Bearer <METRICS_TOKEN>`. */
  const trusted = (c: Context) => {
    const auth = c.req.header('authorization') ?? ''
    const token = options.metricsToken
    return fromLoopback(c) || (!!token && auth.startsWith('Bearer ') && sameToken(auth.slice(7), token))
  }
  return new Hono()
    .get('/healthz', (c) => c.json({ status: 'ok', uptimeSeconds: Math.round(process.uptime()) }, 200, NO_STORE))
    .get('/readyz', (c) => {
      const state = readiness(deps)
      const status = state.ready ? 'ready' : 'not-ready'
      // The reasons name files, paths and errors: for this machine or a holder of METRICS_TOKEN only (issue 29).
      if (!trusted(c)) return c.json({ status }, state.ready ? 200 : 503, NO_STORE)
      const reasons = Object.values(state.checks).flatMap((check) => (check.reason ? [check.reason] : []))
      return c.json({ status, reasons, checks: state.checks }, state.ready ? 200 : 503, NO_STORE)
    })
    .get('/metrics', async (c) => {
      if (!trusted(c)) return c.text('Yetkisiz', 401, { ...NO_STORE, 'www-authenticate': 'Bearer' })
      return c.body(await registry.metrics(), 200, { ...NO_STORE, 'content-type': registry.contentType })
    })
}
