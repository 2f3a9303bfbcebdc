import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { Hono, type Context } from 'hono'
import { msg } from '#schema/messages.ts'
import type { Deps } from '../app-env.ts'
import { mimeType } from './mime.ts'
import { movedAddress } from './moved-addresses.ts'
import { bypassesMaintenance, redirectTarget, viewKey } from './public-paths.ts'
import { serveCached } from './serve-cached.ts'
import { lookupPath, type CachedFile, type StaticCache } from './static-cache.ts'
import { adminHeaders, pageHeaders } from './page-policy.ts'
import type { HotFiles } from './hot-files.ts'
import { visitFacts } from '../stats/visit.ts'

export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Headers on every answer outside /api (the fast path in fast-site.ts sends the same). */
export const securityHeaders: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
}

export type SiteSources = {
  deps: Deps
  /** The live site build; replaced whole after each rebuild. */
  site: () => StaticCache
  admin: () => StaticCache
  /** Reads cold pages of the site into memory on first use (the publisher's); without it every file is in memory. */
  hot?: HotFiles
}

/** Everything outside /api: uploads, the admin SPA, and the prebuilt site from memory. */
export function createSiteRoutes({ deps, site, admin, hot }: SiteSources) {
  const app = new Hono()
  /** Over https (the server's own SITE_URL, the request, or the TLS-terminating proxy): HSTS is sent. */
  const https = (c: Context) =>
    deps.secureCookies ||
    new URL(c.req.url).protocol === 'https:' ||
    c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'
  /** Serves a built file; an HTML page gets its CSP and the other page headers (page-policy.ts). */
  const servePage = (c: Context, file: CachedFile, policyPath: string, status = 200, cache = 'no-cache') => {
    const res = serveCached(c, file, status, cache)
    if (!file.type.startsWith('text/html')) return res
    const mapUrl = deps.content.read('contact-settings').mapUrl
    for (const [k, v] of Object.entries(pageHeaders(file, { path: policyPath, mapUrl, https: https(c) })))
      res.headers.set(k, v)
    return res
  }
  /** The file with its bodies in memory. */
  const ready = async (file: CachedFile): Promise<CachedFile> => {
    await hot?.ready(file)
    return file
  }
  app.use('*', async (c, next) => {
    await next()
    for (const [k, v] of Object.entries(securityHeaders)) if (!c.res.headers.has(k)) c.res.headers.set(k, v)
  })

  app.get('/uploads/:name', async (c) => {
    const path = deps.files.uploadPath(c.req.param('name'))
    const info = path ? await stat(path).catch(() => null) : null
    if (!path || !info?.isFile()) return c.json({ success: false, message: msg.fileNotFound }, 404)
    const body = c.req.method === 'HEAD' ? null : (Readable.toWeb(createReadStream(path)) as ReadableStream)
    return new Response(body, {
      headers: {
        'content-type': mimeType(path),
        'content-length': String(info.size),
        'cache-control': IMMUTABLE,
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    })
  })

  app.get('/admin/*', (c) => {
    const cache = admin()
    const key = lookupPath(cache, c.req.path)
    if (key && !key.endsWith('/index.html'))
      return serveCached(c, cache.get(key)!, 200, key.startsWith('/admin/assets/') ? IMMUTABLE : 'no-cache')
    const index = cache.get('/admin/index.html')
    if (!index) return c.text('Yönetim paneli henüz derlenmedi.', 503)
    const res = serveCached(c, index)
    for (const [k, v] of Object.entries(adminHeaders(https(c)))) res.headers.set(k, v)
    return res
  })
  app.get('/admin', (c) => c.redirect('/admin/', 301))

  app.get('*', async (c) => {
    const cache = site()
    const path = c.req.path
    const key = lookupPath(cache, path)
    if (deps.data.read('state').maintenanceMode && !bypassesMaintenance(path, key)) {
      const page = cache.get('/bakim/index.html')
      if (page) {
        const res = servePage(c, await ready(page), '/bakim', 503)
        res.headers.set('retry-after', '3600')
        res.headers.set('cache-control', 'no-store')
        return res
      }
    }
    const moved = redirectTarget(path)
    if (moved) return c.redirect(moved, 301)
    const renamed = key ? null : movedAddress(deps, path)
    if (renamed) return c.redirect(renamed, 301)
    if (!key) {
      const notFound = cache.get('/404.html')
      return notFound ? servePage(c, await ready(notFound), '/404', 404) : c.text('Sayfa bulunamadı', 404)
    }
    // Counted in memory; the store writes the counts about once a second.
    if (key.endsWith('.html') && c.req.method === 'GET') {
      const visit = visitFacts({
        userAgent: c.req.header('user-agent'),
        referer: c.req.header('referer'),
        host: c.req.header('host'),
      })
      deps.data.counters.countView(viewKey(path), visit)
    }
    const file = await ready(cache.get(key)!)
    return servePage(c, file, path, file.status ?? 200, key.startsWith('/_astro/') ? IMMUTABLE : 'no-cache')
  })
  return app
}
