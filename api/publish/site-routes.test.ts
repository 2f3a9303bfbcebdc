import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { loadStaticCache } from './static-cache.ts'
import { createSiteRoutes } from './site-routes.ts'
import { createTestApp, type TestApp } from '../test-helpers.ts'

let t: TestApp
let app: Hono
const page = (text: string) =>
  `<!doctype html><html lang="tr"><body><main>${text.repeat(20)}</main></body></html>`

/** A small built site on disk, loaded the way the server loads a real Astro build. */
async function writeSite(dir: string) {
  const files: Record<string, string> = {
    'index.html': page('Ana Sayfa '),
    'blog/ilk-yazi/index.html': page('İlk yazı '),
    '404.html': page('Sayfa bulunamadı '),
    'bakim/index.html': page('Sitemiz bakımda '),
    '_astro/island.abc123.js': 'console.log("ada")'.repeat(30),
    'robots.txt': 'User-agent: *\nAllow: /\n',
    'rss.xml': '<rss><channel><title>Gizli başlık</title></channel></rss>',
    'sitemap.xml': '<urlset><url><loc>/blog/ilk-yazi</loc></url></urlset>',
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
    for (const path of ['/', '/blog/ilk-yazi', '/yok', '/rss.xml', '/sitemap.xml']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(503)
      expect(res.headers.get('retry-after')).toBe('3600')
      const text = await res.text()
      expect(text).toContain('Sitemiz bakımda')
      expect(text).not.toContain('Gizli başlık')
    }
    expect((await app.request('/robots.txt')).status).toBe(200)
    expect((await app.request('/_astro/island.abc123.js')).headers.get('cache-control')).toContain(
      'immutable',
    )
    expect((await app.request('/kutuphane')).status).toBe(404)
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
