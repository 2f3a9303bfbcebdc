import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { request as httpRequest, Agent } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../testing/test-helpers.ts'
import { createServerApp } from './server-app.ts'
import { createSiteRoutes } from './site-routes.ts'

let t: TestApp
let server: ServerType
let port: number
beforeEach(async () => {
  t = await createTestApp()
  const app = createServerApp(t.app, createSiteRoutes({ deps: t.deps, site: () => new Map(), admin: () => new Map() }))
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))
  port = (server.address() as AddressInfo).port
})
afterEach(async () => {
  await new Promise((r) => server.close(r))
  await t.cleanup()
})

/** One request on the given agent (a single keep-alive socket), resolving with status and body text. */
function send(agent: Agent, method: string, path: string, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, agent, headers: body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {} }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end(body)
  })
}

// A 413 used to leave the unread body on a kept-alive socket: Node parsed it as the next request.
describe('413 on a keep-alive connection', () => {
  it('the next requests on the same agent still work', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const big = JSON.stringify({ email: 'a@ornek.com', password: 'x', pad: 'a'.repeat(2 * 1024 * 1024) })
      const refused = await send(agent, 'POST', '/api/admin/login', big)
      expect(refused.status).toBe(413)
      expect(JSON.parse(refused.text).message).toBe('Gönderilen veri çok büyük.')
      for (let i = 0; i < 3; i++) {
        const next = await send(agent, 'GET', '/api/admin/anasayfa')
        expect(next.status).toBe(200)
      }
    } finally {
      agent.destroy()
    }
  })
})
