import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addUser, createTestApp, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let server: ServerType
let base: string
beforeEach(async () => {
  t = await createTestApp()
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((r) => server.once('listening', r))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  await new Promise((r) => server.close(r))
  await t.cleanup()
})

const login = (email: string, forwardedFor?: string) =>
  fetch(`${base}/api/admin/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password: 'yanlis-sifre' }),
  }).then((r) => r.status)

// Behind the reverse proxy the README describes, every visitor arrives from the proxy's address: five failures
// by one visitor blocked the login for everyone for a minute.
describe('the address a rate limit counts', () => {
  it('is the client the local proxy names, so one visitor behind it does not block another', async () => {
    const b = await addUser(t.deps.data)
    // 20 failures (the per-address limit, four times the per-e-mail one) on many e-mails from one visitor.
    for (let i = 0; i < 20; i++) expect(await login(`yok${i}@ornek.com`, '203.0.113.7')).toBe(401)
    expect(await login(b.email, '203.0.113.7')).toBe(429)
    expect(await login(b.email, '198.51.100.20')).toBe(401)
    // A client cannot add its own entries in front of the proxy's: the proxy's own (last) entry counts.
    expect(await login(b.email, '10.9.9.9, 203.0.113.7')).toBe(429)
  })

  it('falls back to the socket when the header is missing or not an address', async () => {
    const b = await addUser(t.deps.data)
    for (let i = 0; i < 20; i++) expect(await login(`yok${i}@ornek.com`, 'bozuk')).toBe(401)
    expect(await login(b.email)).toBe(429)
  })
})

// forwardedClient and parseTrustedProxies alone: client-address.unit.test.ts.
describe('a LAN peer behind no trusted proxy', () => {
  it('cannot pick its own login-limit address through the app', async () => {
    const lan = await createTestApp({ trustProxy: 'none' })
    const srv = serve({ fetch: lan.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => srv.once('listening', r))
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/api/admin/login`
    const a = await addUser(lan.deps.data)
    const attempt = (xff: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': xff },
        body: JSON.stringify({ email: a.email, password: 'yanlis-sifre' }),
      }).then((r) => r.status)
    const statuses = []
    for (let i = 0; i < 7; i++) statuses.push(await attempt(`198.51.100.${i}`))
    await new Promise((r) => srv.close(r))
    await lan.cleanup()
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401])
    expect(statuses.slice(5)).toEqual([429, 429])
  })
})
