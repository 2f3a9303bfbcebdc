import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Hono } from 'hono'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createSiteRoutes } from './site-routes.ts'
import { adminCookie, createTestApp, type TestApp } from '../testing/test-helpers.ts'
import { createServerApp } from './server-app.ts'
import { loadStaticCache } from './static-cache.ts'

let t: TestApp
let server: Hono
beforeEach(async () => {
  t = await createTestApp()
  const siteDir = join(t.dataDir, '..', 'site')
  await mkdir(siteDir, { recursive: true })
  await writeFile(join(siteDir, 'index.html'), '<!doctype html><title>Ana Sayfa</title>')
  await writeFile(join(siteDir, '404.html'), '<!doctype html><title>Sayfa bulunamadı</title>')
  const site = await loadStaticCache(siteDir)
  server = createServerApp(
    t.app,
    createSiteRoutes({ deps: t.deps, site: () => site, admin: () => new Map() }),
  )
})
afterEach(() => t.cleanup())

const notFound = { success: false, message: 'İstenen adres bulunamadı.' }

// Composed as server.ts composes it: unknown /api paths used to fall through to the site (its HTML 404 page
// for GET, Hono's English "404 Not Found" text for the other methods).
describe('the server app', () => {
  it.each([
    ['GET', '/api/yok'],
    ['POST', '/api/yok'],
    ['PUT', '/api/blogs/a%2Fb'],
    ['GET', '/api/programs/%2e%2e/download'],
    ['GET', '/api/library/login'],
    ['GET', '/api'],
  ])('answers %s %s with the JSON 404', async (method, path) => {
    const res = await server.request(path, { method })
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual(notFound)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('still serves the site and its 404 page outside /api', async () => {
    expect(await (await server.request('/')).text()).toContain('Ana Sayfa')
    const res = await server.request('/yok')
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Sayfa bulunamadı')
  })

  it('sends nosniff and a deny-all CSP on every API answer: success, error, 413 and 404', async () => {
    const cookie = await adminCookie(t)
    const answers = [
      await server.request('/api/contact-settings'),
      await server.request('/api/admin/me', { headers: { cookie } }),
      await server.request('/api/admin/me'),
      await server.request('/api/contact', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'x'.repeat(300 * 1024),
      }),
      await server.request('/api/yok'),
      await server.request('/api/programs/program-hesap-plani/download'),
    ]
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 413, 404, 200])
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
    }
  })
})
