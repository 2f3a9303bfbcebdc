import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadStaticCache } from './static-cache.ts'
import { createSiteRoutes } from './site-routes.ts'
import { createTestApp, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let app: Hono
const page = (text: string) =>
  `<!doctype html><html lang="tr"><body><main>${text.repeat(20)}</main></body></html>`
const INLINE_SCRIPT = 'document.documentElement.dataset.js = "1"'
const INLINE_SCRIPT_HASH = `'sha256-${createHash('sha256').update(INLINE_SCRIPT).digest('base64')}'`

/** A small built site on disk, loaded the way the server loads a real Astro build. */
async function writeSite(dir: string) {
  const files: Record<string, string> = {
    'index.html': page('Ana Sayfa ').replace(
      '<html lang="tr">',
      `<html lang="tr"><head><meta http-equiv="content-security-policy" content="script-src 'self' ${INLINE_SCRIPT_HASH} 'sha256-abc='; style-src 'self' 'sha256-def='"><script>${INLINE_SCRIPT}</script></head>`,
    ),
    'iletisim/index.html': page('İletişim '),
    'blog/ilk-yazi/index.html': page('İlk yazı '),
    '404.html': page('Sayfa bulunamadı '),
    'bakim/index.html': page('Sitemiz bakımda '),
    '_astro/island.abc123.js': 'console.log("ada")'.repeat(30),
    'demo/ekip.webp': 'RIFF-görsel',
    'robots.txt': 'User-agent: *\nAllow: /\n',
    'rss.xml': '<rss><channel><title>Gizli başlık</title></channel></rss>',
    'sitemap.xml': '<sitemapindex><sitemap><loc>/sitemap-blog-3f.xml</loc></sitemap></sitemapindex>',
    'sitemap-blog-3f.xml': '<urlset><url><loc>/blog/ilk-yazi</loc></url></urlset>',
  }
  for (const [name, body] of Object.entries(files)) {
    await mkdir(join(dir, name, '..'), { recursive: true })
    await writeFile(join(dir, name), body)
  }
}

beforeEach(async () => {
  t = await createTestApp()
  const siteDir = join(t.dataDir, '..', 'site')
  await writeSite(siteDir)
  const site = await loadStaticCache(siteDir)
  app = createSiteRoutes({ deps: t.deps, site: () => site, admin: () => new Map() })
})
afterEach(() => t.cleanup())

describe('site routes', () => {
  it.each(['/bize-ulasin', '/bize-ulasin/', '/bize-ulasin/index.html'])('%s answers a 301 to /iletisim', async (path) => {
    const res = await app.request(path)
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/iletisim')
  })

  it('serves pages from memory with brotli, an ETag and 304 on revalidation', async () => {
    const res = await app.request('/blog/ilk-yazi', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toContain('İlk yazı')
    const etag = res.headers.get('etag')!
    const again = await app.request('/blog/ilk-yazi/', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })

  it('answers unknown paths with the 404 page and status 404, and never reads outside the build', async () => {
    for (const path of ['/yok', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/%E0%A4%A']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
    }
    expect(await (await app.request('/yok')).text()).toContain('Sayfa bulunamadı')
  })

  it('counts page views per page, not assets', async () => {
    await app.request('/blog/ilk-yazi')
    await app.request('/blog/ilk-yazi/')
    await app.request('/robots.txt')
    await new Promise((r) => setTimeout(r, 20))
    expect(t.deps.data.read('counters').views).toEqual({ '/blog/ilk-yazi': 2 })
  })

  it('in maintenance mode public pages get the maintenance page with 503 and Retry-After; assets, library and admin do not', async () => {
    await t.deps.data.update('state', (s) => void (s.maintenanceMode = true))
    // Finding 5 of issue 13: /rss.xml and /sitemap.xml answered 200 with titles and excerpts.
    // Issue 20: paths the site does not have (under /demo/ and /_astro/ too) showed the site's 404 page.
    const unknown = ['/demo/x', '/_astro/x', '/_astro/yok.abc123.js', '/demo/yok.webp', '/favicon-yok.ico']
    for (const path of ['/', '/blog/ilk-yazi', '/yok', '/rss.xml', '/sitemap.xml', '/sitemap-blog-3f.xml', ...unknown]) {
      const res = await app.request(path)
      expect(res.status, path).toBe(503)
      expect(res.headers.get('retry-after')).toBe('3600')
      const text = await res.text()
      expect(text).toContain('Sitemiz bakımda')
      expect(text).not.toContain('Gizli başlık')
    }
    expect((await app.request('/robots.txt')).status).toBe(200)
    expect((await app.request('/demo/ekip.webp')).status).toBe(200)
    expect((await app.request('/_astro/island.abc123.js')).headers.get('cache-control')).toContain(
      'immutable',
    )
    expect((await app.request('/kutuphane')).status).toBe(404)
    const maintenance = await app.request('/')
    expect(maintenance.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  })

  // Finding 4 of issue 13: no Content-Security-Policy on HTML answers.
  it('gives every page a CSP from its own <meta> plus the header-only directives, and the admin its own', async () => {
    const home = await app.request('/')
    const policy = home.headers.get('content-security-policy')!
    // The meta's hashes of inline elements this page does not have are left out of the header.
    expect(policy).toContain(`script-src 'self' ${INLINE_SCRIPT_HASH};`)
    expect(policy).toContain("style-src 'self';")
    for (const d of ["object-src 'none'", "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"])
      expect(policy).toContain(d)
    expect(home.headers.get('permissions-policy')).toContain('geolocation=()')
    expect(home.headers.get('x-frame-options')).toBe('DENY')
    expect(home.headers.get('strict-transport-security')).toBeNull()
    // A page without a meta still gets the strict default; the 404 page too.
    const missing = await app.request('/yok')
    expect(missing.headers.get('content-security-policy')).toContain("script-src 'self';")
    // The map embed on /iletisim: its own https origin only, from the contact settings.
    const map = (await app.request('/iletisim')).headers.get('content-security-policy')!
    expect(map).toContain(`frame-src ${new URL(t.deps.content.read('contact-settings').mapUrl).origin};`)
    // Assets carry no page policy.
    expect((await app.request('/robots.txt')).headers.get('content-security-policy')).toBeNull()
    // Over https (here: the proxy says so) pages get HSTS.
    const secure = await app.request('/', { headers: { 'x-forwarded-proto': 'https' } })
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000')
  })

  it('answers a part of the sitemap (decision 342) as /sitemap.xml: its type, its cache rule, no page policy', async () => {
    const [index, part] = [await app.request('/sitemap.xml'), await app.request('/sitemap-blog-3f.xml')]
    expect(part.status).toBe(200)
    expect(await part.text()).toContain('/blog/ilk-yazi')
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    for (const name of ['content-type', 'cache-control', 'content-security-policy', 'x-content-type-options'])
      expect(part.headers.get(name), name).toBe(index.headers.get(name))
    expect(part.headers.get('content-security-policy')).toBeNull()
  })

  it('serves only uploads of ours', async () => {
    const url = await t.deps.files.saveUpload(new Uint8Array([1, 2, 3]), 'png')
    const res = await app.request(url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect((await app.request('/uploads/..%2F..%2Fusers.json')).status).toBe(404)
    expect((await app.request('/uploads/yok.png')).status).toBe(404)
  })
})
