import { getRequestListener } from '@hono/node-server'
import { createServer, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-helpers.ts'
import { applyKeepAlive, KEEP_ALIVE_HEADER } from '../lib/keep-alive.ts'
import { createFastSite } from './fast-site.ts'
import { createHotFiles } from './hot-files.ts'
import { createServerApp } from './server-app.ts'
import { createSiteRoutes } from './site-routes.ts'
import type { StaticCache } from './static-cache.ts'

let t: TestApp
let server: Server
let base: string
let fastAnswers: number
const page = `<!doctype html><html lang="tr"><body>${'Ana Sayfa İçerik '.repeat(100)}</body></html>`

/** The server as server.ts composes it: the fast path first, then Hono; the site read lazily from disk. */
beforeEach(async () => {
  t = await createTestApp()
  const dir = join(t.dataDir, '..', 'live')
  await mkdir(dir, { recursive: true })
  await writeFile(join(dir, 'index.html'), page)
  await writeFile(join(dir, 'bakim.html'), 'Sitemiz bakımda')
  const html = 'text/html; charset=utf-8'
  const site: StaticCache = new Map([
    ['/index.html', { type: html, etag: '"e1"', size: page.length, sourcePath: join(dir, 'index.html') }],
    ['/bakim/index.html', { type: html, etag: '"e2"', size: 16, sourcePath: join(dir, 'bakim.html') }],
  ])
  const hot = createHotFiles(1024 * 1024)
  const app = createServerApp(
    t.app,
    createSiteRoutes({ deps: t.deps, site: () => site, admin: () => new Map(), hot }),
  )
  const fast = createFastSite(t.deps, () => site, hot)
  const viaHono = getRequestListener(app.fetch)
  fastAnswers = 0
  server = applyKeepAlive(
    createServer((req, res) => {
      if (fast(req, res)) fastAnswers++
      else void viaHono(req, res)
    }),
  )
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  await new Promise((r) => server.close(r))
  await t.cleanup()
})

const headersOf = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)))

describe('fast site path', () => {
  it('answers a hot page like the Hono path does, counts the view, and answers 304 on its ETag', async () => {
    const init = { headers: { 'accept-encoding': 'br, gzip' } }
    const cold = await fetch(`${base}/`, init)
    expect(fastAnswers).toBe(0)
    const hot = await fetch(`${base}/`, init)
    expect(fastAnswers).toBe(1)
    expect(headersOf(hot)).toEqual(headersOf(cold))
    expect(hot.headers.get('content-encoding')).toBe('br')
    const [a, b] = [Buffer.from(await cold.arrayBuffer()), Buffer.from(await hot.arrayBuffer())]
    expect(b.equals(a)).toBe(true)
    expect(t.deps.data.read('counters').views['/']).toBe(2)

    const again = await fetch(`${base}/`, { headers: { 'if-none-match': '"e1"' } })
    expect(again.status).toBe(304)
    expect(fastAnswers).toBe(2)
  })

  it('leaves maintenance, redirects and unknown paths to Hono', async () => {
    await fetch(`${base}/`)
    expect((await fetch(`${base}/bize-ulasin`, { redirect: 'manual' })).status).toBe(301)
    expect((await fetch(`${base}/yok`)).status).toBe(404)
    await t.deps.data.update('state', (s) => void (s.maintenanceMode = true))
    expect((await fetch(`${base}/`)).status).toBe(503)
    expect(fastAnswers).toBe(0)
  })

  it('answers with its prebuilt head like Node would: keep-alive, pipelined, HTTP/1.0 and Connection: close', async () => {
    await fetch(`${base}/`) // warms the page
    const { port } = server.address() as AddressInfo
    /** Sends raw request text and collects everything until the server closes or `until` has matched. */
    const exchange = (text: string, until?: RegExp) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1', () => socket.write(text))
        let got = ''
        socket.on('data', (d) => {
          got += d.toString('latin1')
          if (until && until.test(got)) socket.end()
        })
        socket.on('close', () => resolve(got))
      })
    const get = 'GET / HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n'
    const two = await exchange(
      get + get,
      /(HTTP\/1\.1 200 OK[\s\S]*){2}[\s\S]*content-length: (\d+)[\s\S]*\r\n\r\n/,
    )
    const answers = two.split('HTTP/1.1 200 OK').slice(1)
    expect(answers).toHaveLength(2)
    for (const answer of answers) {
      expect(answer).toMatch(/\r\nDate: \w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} GMT\r\n/)
      expect(answer).toContain(`\r\nConnection: keep-alive\r\nKeep-Alive: ${KEEP_ALIVE_HEADER}\r\n\r\n`)
      expect(answer).toContain('content-encoding: br')
    }
    expect(fastAnswers).toBe(2)
    // Node's own head for the same server (a 404 through Hono) says the same about the connection.
    const notFound = await exchange('GET /yok HTTP/1.1\r\nHost: x\r\n\r\n', /\r\n\r\n/)
    expect(notFound).toContain(`\r\nConnection: keep-alive\r\nKeep-Alive: ${KEEP_ALIVE_HEADER}\r\n`)
    // A client that closes gets Node's own answer, which says so and closes.
    const old = await exchange('GET / HTTP/1.0\r\nHost: x\r\n\r\n')
    expect(old).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(old).toContain('Connection: close')
    const closing = await exchange('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(closing).toContain('Connection: close')
    const head = await exchange('HEAD / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(head.endsWith('\r\n\r\n')).toBe(true)
  })
})
