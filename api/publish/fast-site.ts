import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Deps } from '../app-env.ts'
import { bypassesMaintenance, redirectTarget, viewKey } from './public-paths.ts'
import type { HotFiles } from './hot-files.ts'
import { acceptsEncoding } from './serve-cached.ts'
import { pageHeaders } from './page-policy.ts'
import { canSendPrebuilt, joinHead, sendPrebuilt } from './prebuilt-head.ts'
import { IMMUTABLE, securityHeaders } from './site-routes.ts'
import { lookupPath, type CachedFile, type StaticCache } from './static-cache.ts'
import { visitFacts } from '../stats/visit.ts'

type Coding = 'br' | 'gzip' | 'identity'
const NOT_SITE = /^\/(api|admin|uploads)(\/|$)/

/** A file's answers, made once: flat header lists (as writeHead takes them) per coding and https. */
type Answers = { mapUrl: string | undefined; sets: Map<string, AnswerSet> }
/** A 200's headers, its status line and headers joined (prebuilt-head.ts), and a 304's headers. */
type AnswerSet = { ok: string[]; head: string; notModified: string[] }

/** The request headers the fast path reads, from rawHeaders (building `req.headers` costs more than the rest). */
function requestHeaders(raw: string[]) {
  let accept = ''
  let etag: string | undefined
  let proto = ''
  // For the daily figures only (a bot is not counted, a referring site by its domain); never stored as they are.
  let userAgent: string | undefined
  let referer: string | undefined
  let host: string | undefined
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!
    if (name.length === 15 && name.toLowerCase() === 'accept-encoding') accept = raw[i + 1]!
    else if (name.length === 13 && name.toLowerCase() === 'if-none-match') etag = raw[i + 1]
    else if (name.length === 17 && name.toLowerCase() === 'x-forwarded-proto') proto = raw[i + 1]!
    else if (name.length === 10 && name.toLowerCase() === 'user-agent') userAgent = raw[i + 1]
    else if (name.length === 7 && name.toLowerCase() === 'referer') referer = raw[i + 1]
    else if (name.length === 4 && name.toLowerCase() === 'host') host = raw[i + 1]
  }
  return { accept, etag, proto, userAgent, referer, host }
}

/** Which coding an Accept-Encoding value picks, remembered per distinct value (browsers send a handful). */
const codings = new Map<string, Coding>()
function codingFor(accept: string, file: CachedFile): Coding {
  let coding = codings.get(accept)
  if (coding === undefined) {
    coding = acceptsEncoding(accept, 'br') ? 'br' : acceptsEncoding(accept, 'gzip') ? 'gzip' : 'identity'
    if (codings.size > 256) codings.clear()
    codings.set(accept, coding)
  }
  // A file without that coding (small or not compressible) goes as it is, or gzip when br is missing.
  if (coding === 'br' && !file.br) coding = file.gzip && acceptsEncoding(accept, 'gzip') ? 'gzip' : 'identity'
  if (coding === 'gzip' && !file.gzip) coding = 'identity'
  return coding
}

/**
 * The site's hot path on Node's own response: a GET of a page or asset already in memory is answered with
 * headers made once per file, coding and https (joined once, prebuilt-head.ts), with no Request/Response objects. Everything else (cold
 * files, 404, redirects, maintenance, the API, the admin) returns false and goes through Hono (site-routes.ts),
 * which also warms the file for next time. Both send the same headers (fast-site.test.ts).
 */
export function createFastSite(deps: Deps, site: () => StaticCache, hot: HotFiles) {
  const answers = new WeakMap<CachedFile, Answers>()
  const views = new Map<string, string>()

  /** The answer headers for a file served under cache key `key` (the page's policy depends on the page only). */
  function answerFor(file: CachedFile, key: string, coding: Coding, https: boolean) {
    const mapUrl = deps.content.read('contact-settings').mapUrl
    let entry = answers.get(file)
    if (!entry || entry.mapUrl !== mapUrl) answers.set(file, (entry = { mapUrl, sets: new Map() }))
    const id = `${coding}${https}`
    let set = entry.sets.get(id)
    if (set) return set
    const body = coding === 'br' ? file.br! : coding === 'gzip' ? file.gzip! : file.body!
    const page = file.type.startsWith('text/html') ? pageHeaders(file, { path: key, mapUrl, https }) : {}
    const headers: Record<string, string | number> = {
      ...securityHeaders,
      ...page,
      'content-type': file.type,
      etag: file.etag,
      'cache-control': key.startsWith('/_astro/') ? IMMUTABLE : 'no-cache',
      vary: 'accept-encoding',
      ...(coding === 'identity' ? {} : { 'content-encoding': coding }),
    }
    const flat = (h: Record<string, string | number>) => Object.entries(h).flatMap(([k, v]) => [k, String(v)])
    const ok = flat({ ...headers, 'content-length': body.length })
    set = { ok, head: joinHead(ok), notModified: flat(headers) }
    entry.sets.set(id, set)
    return set
  }

  /** The page path that counts a view, remembered per request path. */
  function viewOf(path: string): string {
    let view = views.get(path)
    if (view === undefined) {
      if (views.size > 4096) views.clear()
      views.set(path, (view = viewKey(path)))
    }
    return view
  }

  /** Answers the request when it can; false hands it on. */
  return function serveFast(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? '/'
    const q = url.indexOf('?')
    const path = q === -1 ? url : url.slice(0, q)
    if (NOT_SITE.test(path) || redirectTarget(path)) return false
    const cache = site()
    const key = lookupPath(cache, path)
    if (deps.data.read('state').maintenanceMode && !bypassesMaintenance(path, key)) return false
    const file = key ? cache.get(key) : undefined
    if (!key || !file || file.status || !file.body || hot.ready(file)) return false
    const { accept, etag, proto, ...visit } = requestHeaders(req.rawHeaders)
    const coding = codingFor(accept, file)
    const https = deps.secureCookies || proto.split(',')[0]?.trim() === 'https'
    const set = answerFor(file, key, coding, https)
    if (etag === file.etag) {
      res.writeHead(304, set.notModified)
      res.end()
      return true
    }
    if (req.method === 'GET' && key.endsWith('.html'))
      deps.data.counters.countView(viewOf(path), visitFacts(visit))
    const body = coding === 'br' ? file.br! : coding === 'gzip' ? file.gzip! : file.body
    if (canSendPrebuilt(res, req.method)) sendPrebuilt(res, set.head, body)
    else {
      res.writeHead(200, set.ok)
      res.end(req.method === 'HEAD' ? undefined : body)
    }
    return true
  }
}
