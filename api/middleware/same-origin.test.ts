import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { addUser, createTestApp, PASSWORD, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let server: ServerType
let base: string
afterEach(async () => {
  await new Promise((r) => server.close(r))
  await t.cleanup()
})

/** The real app on a real socket (the peer address is what TRUST_PROXY is checked against). */
async function start(trustProxy: string) {
  t = await createTestApp({ trustProxy })
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** A login as a browser on `origin` would send it, with an X-Forwarded-Host header when given. */
async function login(origin: string, forwardedHost?: string) {
  const user = await addUser(t.deps.data)
  const res = await fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      ...(forwardedHost ? { 'x-forwarded-host': forwardedHost } : {}),
    },
    body: JSON.stringify({ email: user.email, password: PASSWORD }),
  })
  return res.status
}

// Issue 20: the Origin check read X-Forwarded-Host from any sender, so a client that is not our proxy could name
// any host and pass it.
describe('the Origin check and X-Forwarded-Host', () => {
  it('ignores X-Forwarded-Host from a peer that is not a trusted proxy', async () => {
    await start('none')
    expect(await login('https://saldirgan.example', 'saldirgan.example')).toBe(403)
    // The Host itself still counts: the same origin is let in.
    expect(await login(base)).toBe(200)
  })

  it('believes X-Forwarded-Host from a proxy TRUST_PROXY names (the public host behind it)', async () => {
    await start('loopback')
    expect(await login('https://www.ornek.com.tr', 'www.ornek.com.tr')).toBe(200)
    expect(await login('https://saldirgan.example', 'www.ornek.com.tr')).toBe(403)
  })
})
