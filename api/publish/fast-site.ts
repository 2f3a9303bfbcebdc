import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Deps } from '../app-env.ts'
import { bypassesMaintenance, redirectTarget, viewKey } from './public-paths.ts'
import type { HotFiles } from './hot-files.ts'
import { acceptsEncoding } from './serve-cached.ts'
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
  const headerSets = new WeakMap<CachedFile, Partial<Record<Coding, OutgoingHttpHeaders>>>()

  function headersFor(file: CachedFile, key: string, coding: Coding, body: Buffer): OutgoingHttpHeaders {
    let sets = headerSets.get(file)
    if (!sets) headerSets.set(file, (sets = {}))
    return (sets[coding] ??= {
      ...securityHeaders,
      'content-type': file.type,
      etag: file.etag,
      'cache-control': key.startsWith('/_astro/') ? IMMUTABLE : 'no-cache',
      vary: 'accept-encoding',
      ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
      'content-length': body.length,
    })
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
    const headers = headersFor(file, key, coding, body)
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
