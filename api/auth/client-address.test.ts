import { serve, type ServerType } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { addUser, createTestApp, type TestApp } from '../test-helpers.ts'
import { forwardedClient } from './client-address.ts'

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
    const a = await addUser(t.deps.data)
    const b = await addUser(t.deps.data)
    const c = await addUser(t.deps.data)
    for (let i = 0; i < 5; i++) expect(await login(i % 2 ? a.email : c.email, '203.0.113.7')).toBe(401)
    expect(await login(b.email, '203.0.113.7')).toBe(429)
    expect(await login(b.email, '198.51.100.20')).toBe(401)
    // A client cannot add its own entries in front of the proxy's: the proxy's own (last) entry counts.
    expect(await login(b.email, '10.9.9.9, 203.0.113.7')).toBe(429)
  })

  it('falls back to the socket when the header is missing or not an address', async () => {
    const a = await addUser(t.deps.data)
    const b = await addUser(t.deps.data)
    for (let i = 0; i < 5; i++) expect(await login(i % 2 ? a.email : `yok${i}@ornek.com`, 'bozuk')).toBe(401)
    expect(await login(b.email)).toBe(429)
  })
})

describe('forwardedClient', () => {
  it('trusts the header only from a loopback or private peer', () => {
    expect(forwardedClient('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7')
    expect(forwardedClient('::ffff:10.0.0.2', 'a, 2001:db8::1')).toBe('2001:db8::1')
    expect(forwardedClient('::1', ' 203.0.113.7 ')).toBe('203.0.113.7')
    expect(forwardedClient('172.20.0.5', '203.0.113.7')).toBe('203.0.113.7')
    expect(forwardedClient('203.0.113.50', '127.0.0.1')).toBe('203.0.113.50')
    expect(forwardedClient('127.0.0.1', 'bozuk')).toBe('127.0.0.1')
    expect(forwardedClient('127.0.0.1', undefined)).toBe('127.0.0.1')
  })
})
