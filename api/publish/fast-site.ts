import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Deps } from '../app-env.ts'
import { bypassesMaintenance, redirectTarget, viewKey } from './public-paths.ts'
import type { HotFiles } from './hot-files.ts'
import { acceptsEncoding } from './serve-cached.ts'
import { pageHeaders } from './page-policy.ts'
import { IMMUTABLE, securityHeaders } from './site-routes.ts'
import { lookupPath, type CachedFile, type StaticCache } from './static-cache.ts'

type Coding = 'br' | 'gzip' | 'identity'
const NOT_SITE = /^\/(api|admin|uploads)(\/|$)/

/**
 * The site's hot path on Node's own response: a GET of a page or asset already in memory is answered with
 * headers made once per file and coding, with no Request/Response objects. Everything else (cold files, 404,
 * redirects, maintenance, the API, the admin) returns false and goes through Hono (site-routes.ts), which also
 * warms the file for next time. Both send the same headers.
 */
export function createFastSite(deps: Deps, site: () => StaticCache, hot: HotFiles) {
  const headerSets = new WeakMap<CachedFile, Map<string, OutgoingHttpHeaders>>()

  /** Made once per file, coding, path, https and map address (what site-routes.ts's headers depend on). */
  function headersFor(file: CachedFile, key: string, coding: Coding, body: Buffer, path: string, https: boolean) {
    let sets = headerSets.get(file)
    if (!sets) headerSets.set(file, (sets = new Map()))
    const mapUrl = deps.content.read('contact-settings').mapUrl
    const id = `${coding}|${https}|${path}|${mapUrl}`
    let headers = sets.get(id)
    if (headers) return headers
    if (sets.size > 64) sets.clear()
    const page = file.type.startsWith('text/html') ? pageHeaders(file, { path, mapUrl, https }) : {}
    sets.set(id, (headers = {
      ...securityHeaders,
      ...page,
      'content-type': file.type,
      etag: file.etag,
      'cache-control': key.startsWith('/_astro/') ? IMMUTABLE : 'no-cache',
      vary: 'accept-encoding',
      ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
      'content-length': body.length,
    }))
    return headers
  }

  /** Answers the request when it can; false hands it on. */
  return function serveFast(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const path = q === -1 ? url : url.slice(0, q)
    if (NOT_SITE.test(path) || redirectTarget(path)) return false
    if (deps.data.read('state').maintenanceMode && !bypassesMaintenance(path)) return false
    const cache = site()
    const key = lookupPath(cache, path)
    const file = key ? cache.get(key) : undefined
    if (!key || !file || file.status || !file.body || hot.ready(file)) return false
    const accept = req.headers['accept-encoding'] ?? ''
    let coding: Coding = 'identity'
    let body = file.body
    if (file.br && acceptsEncoding(accept, 'br')) [coding, body] = ['br', file.br]
    else if (file.gzip && acceptsEncoding(accept, 'gzip')) [coding, body] = ['gzip', file.gzip]
    const https = deps.secureCookies || String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() === 'https'
    const headers = headersFor(file, key, coding, body, path, https)
    if (req.headers['if-none-match'] === file.etag) {
      const { 'content-length': _, ...rest } = headers
      res.writeHead(304, rest)
      res.end()
      return true
    }
    if (req.method === 'GET' && key.endsWith('.html')) deps.data.counters.countView(viewKey(path))
    res.writeHead(200, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }
}
