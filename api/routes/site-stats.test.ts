import { getRequestListener } from '@hono/node-server'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { createFastSite } from '../publish/fast-site.ts'
import { createHotFiles } from '../publish/hot-files.ts'
import { createServerApp } from '../publish/server-app.ts'
import { createSiteRoutes } from '../publish/site-routes.ts'
import type { StaticCache } from '../publish/static-cache.ts'
import {
  addMember,
  adminCookie,
  createTestApp,
  jsonRequest,
  loginCookie,
  type TestApp,
} from '../testing/test-helpers.ts'

let t: TestApp
let server: Server
let base: string
let cookie: string
let clock: Date
const HUMAN =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const page = (text: string) => `<!doctype html><html lang="tr"><body>${text.repeat(40)}</body></html>`

/** The server as server.ts composes it (fast path first, then Hono) on a small site, with a clock we move. */
beforeEach(async () => {
  clock = new Date('2026-03-10T09:00:00Z')
  t = await createTestApp({ now: () => clock })
  cookie = await adminCookie(t)
  const dir = join(t.dataDir, '..', 'live')
  await mkdir(dir, { recursive: true })
  const html = 'text/html; charset=utf-8'
  const site: StaticCache = new Map()
  for (const [path, text] of [
    ['/index.html', 'Ana Sayfa '],
    ['/blog/blog-e-imza-nedir/index.html', 'e-İmza '],
  ] as const) {
    const file = join(dir, path.replaceAll('/', '_'))
    await writeFile(file, page(text))
    site.set(path, { type: html, etag: `"${path}"`, size: page(text).length, sourcePath: file })
  }
  const hot = createHotFiles(1024 * 1024)
  const app = createServerApp(
    t.app,
    createSiteRoutes({ deps: t.deps, site: () => site, admin: () => new Map(), hot }),
  )
  const fast = createFastSite(t.deps, () => site, hot)
  const viaHono = getRequestListener(app.fetch)
  server = createServer((req, res) => void (fast(req, res) || viaHono(req, res)))
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  await new Promise((r) => server.close(r))
  await t.cleanup()
})

const visit = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { headers: { 'user-agent': HUMAN, ...headers } }).then(async (res) => {
    await res.arrayBuffer()
    return res
  })
type Daily = {
  days: { date: string; views: number; downloads: number; messages: number }[]
  pages: { path: string; title: string | null; views: number }[]
  referrers: { domain: string; views: number }[]
}
async function daily(days: number): Promise<Daily> {
  // A fresh session at the test's time (the clock moves back and forth over the 8-hour session).
  cookie = await adminCookie(t)
  const res = await jsonRequest(t, 'GET', `/api/admin/stats/daily?days=${days}`, undefined, cookie)
  expect(res.status).toBe(200)
  const body = (await res.json()) as { success: boolean; data: Daily }
  expect(body.success).toBe(true)
  return body.data
}

describe('GET /api/admin/stats/daily', () => {
  it('counts a view on its Istanbul day: 23:30 UTC is already the next day there', async () => {
    clock = new Date('2026-03-09T20:30:00Z') // 23:30 in Istanbul, still 9 March
    await visit('/')
    clock = new Date('2026-03-09T23:30:00Z') // 02:30 in Istanbul on 10 March
    await visit('/')
    await visit('/blog/blog-e-imza-nedir')
    clock = new Date('2026-03-10T20:59:00Z') // 23:59 in Istanbul, 10 March
    await visit('/blog/blog-e-imza-nedir/')
    const data = await daily(3)
    expect(data.days).toEqual([
      { date: '2026-03-08', views: 0, downloads: 0, messages: 0 },
      { date: '2026-03-09', views: 1, downloads: 0, messages: 0 },
      { date: '2026-03-10', views: 3, downloads: 0, messages: 0 },
    ])
    // Most viewed first; equal counts by address.
    expect(data.pages).toEqual([
      { path: '/', title: 'Ana Sayfa', views: 2 },
      { path: '/blog/blog-e-imza-nedir', title: 'Elektronik İmza Nedir, Nasıl Alınır?', views: 2 },
    ])
    // The next Istanbul day starts at 21:00 UTC: 10 March leaves a two-day window's last day.
    clock = new Date('2026-03-10T21:00:00Z')
    expect((await daily(2)).days.map((d) => [d.date, d.views])).toEqual([
      ['2026-03-10', 3],
      ['2026-03-11', 0],
    ])
  })

  it('leaves bots out of the daily figures (the all-time total keeps counting them)', async () => {
    await visit('/', { 'user-agent': GOOGLEBOT })
    await visit('/', { 'user-agent': GOOGLEBOT })
    await visit('/', {
      'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
    })
    await visit('/')
    const data = await daily(1)
    expect(data.days[0]!.views).toBe(1)
    expect(data.pages).toEqual([{ path: '/', title: 'Ana Sayfa', views: 1 }])
    expect(t.deps.data.read('counters').views['/']).toBe(4)
    // Today's rows are read again once more views were written (they are kept between reads until then).
    await visit('/')
    await visit('/blog/blog-e-imza-nedir')
    const again = await daily(1)
    expect(again.days[0]!.views).toBe(3)
    expect(again.pages.map((p) => [p.path, p.views])).toEqual([
      ['/', 2],
      ['/blog/blog-e-imza-nedir', 1],
    ])
  })

  it('keeps only the referring domain, never our own site, and stores nothing that identifies a visitor', async () => {
    await visit('/', { referer: 'https://www.google.com/search?q=e-fatura+ahmet+yilmaz' })
    await visit('/blog/blog-e-imza-nedir', { referer: 'https://www.google.com/' })
    await visit('/blog/blog-e-imza-nedir', { referer: 'https://haber.ornek.com.tr/yazi/123?uid=42' })
    await visit('/', { referer: `${base}/blog/blog-e-imza-nedir` })
    await visit('/', { referer: 'android-app://com.example' })
    const data = await daily(1)
    expect(data.referrers).toEqual([
      { domain: 'google.com', views: 2 },
      { domain: 'haber.ornek.com.tr', views: 1 },
    ])
    const stored = JSON.stringify(t.deps.data.db.prepare('SELECT * FROM daily_figures').all())
    for (const secret of ['search', 'ahmet', 'uid', '127.0.0.1', 'Mozilla', 'Chrome'])
      expect(stored).not.toContain(secret)
  })

  it('sets no cookie on public pages, hot or cold, for a visitor or a bot', async () => {
    for (const ua of [HUMAN, GOOGLEBOT])
      for (const path of ['/', '/', '/blog/blog-e-imza-nedir', '/blog/blog-e-imza-nedir', '/yok']) {
        const res = await visit(path, { 'user-agent': ua, referer: 'https://www.google.com/' })
        expect(res.headers.get('set-cookie'), path).toBeNull()
      }
  })

  it('counts contact messages per day, and the figures survive a restart', async () => {
    const form = {
      name: 'Ayşe',
      email: 'ayse@ornek.com',
      phone: '0532 000 00 00',
      subject: 'Teklif',
      message: 'Merhaba, bilgi almak istiyorum.',
    }
    expect((await jsonRequest(t, 'POST', '/api/contact', form)).status).toBe(201)
    clock = new Date('2026-03-10T22:00:00Z') // 11 March in Istanbul
    expect((await jsonRequest(t, 'POST', '/api/contact', form)).status).toBe(201)
    await visit('/')
    await t.restart()
    cookie = await adminCookie(t)
    expect((await daily(2)).days).toEqual([
      { date: '2026-03-10', views: 0, downloads: 0, messages: 1 },
      { date: '2026-03-11', views: 1, downloads: 0, messages: 1 },
    ])
  })

  it("keeps a period's most viewed pages right as days close: the day that leaves the period leaves its sums", async () => {
    clock = new Date('2026-03-01T09:00:00Z')
    for (let i = 0; i < 3; i++) await visit('/')
    clock = new Date('2026-03-02T09:00:00Z')
    for (let i = 0; i < 2; i++) await visit('/blog/blog-e-imza-nedir')
    const ranked = async (days: number) => (await daily(days)).pages.map((p) => [p.path, p.views])
    clock = new Date('2026-03-07T09:00:00Z') // 1–7 March: both days inside the 7-day period
    await visit('/blog/blog-e-imza-nedir')
    expect(await ranked(7)).toEqual([
      ['/', 3],
      ['/blog/blog-e-imza-nedir', 3],
    ])
    clock = new Date('2026-03-08T09:00:00Z') // 2–8 March: 1 March has left the 7-day period
    expect(await ranked(7)).toEqual([['/blog/blog-e-imza-nedir', 3]])
    // Equal counts by address.
    for (const days of [8, 30])
      expect(await ranked(days)).toEqual([
        ['/', 3],
        ['/blog/blog-e-imza-nedir', 3],
      ])
    clock = new Date('2026-03-09T09:00:00Z') // 3–9 March: only the view of 7 March is left
    expect(await ranked(7)).toEqual([['/blog/blog-e-imza-nedir', 1]])
    // A page that leaves every kept period leaves no row behind.
    clock = new Date('2027-04-01T09:00:00Z')
    expect(await ranked(365)).toEqual([])
    expect(t.deps.data.db.prepare('SELECT count(*) AS n FROM period_sums').get()?.n).toBe(0)
  })

  it('refuses a bad period in Turkish and is for admins only', async () => {
    for (const days of ['0', '367', 'otuz', '2.5']) {
      const res = await jsonRequest(t, 'GET', `/api/admin/stats/daily?days=${days}`, undefined, cookie)
      expect(res.status, days).toBe(400)
      expect(JSON.stringify(await res.json())).toContain(msg.statsDaysInvalid)
    }
    expect((await daily(366)).days).toHaveLength(366)
    expect((await jsonRequest(t, 'GET', '/api/admin/stats/daily')).status).toBe(401)
    const member = await loginCookie(t, (await addMember(t.deps.data)).email, '/api/library/login')
    expect((await jsonRequest(t, 'GET', '/api/admin/stats/daily', undefined, member)).status).toBe(401)
  })
})
