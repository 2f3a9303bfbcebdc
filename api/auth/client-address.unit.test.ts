import { Hono, type Context } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv, Deps } from '../app-env.ts'
import { clientAddress, forwardedClient, fromTrustedProxy, parseTrustedProxies, type TrustedProxies } from './client-address.ts'

// Issue 28 (the `logins` mutation group): the address a login limit counts, without an app or a socket
// (client-address.test.ts drives the same through the full app over a real socket).

describe('forwardedClient', () => {
  it('by default trusts the header only from a loopback peer', () => {
    expect(forwardedClient('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7')
    expect(forwardedClient('::ffff:127.0.0.1', 'a, 2001:db8::1')).toBe('2001:db8::1')
    expect(forwardedClient('::1', ' 203.0.113.7 ')).toBe('203.0.113.7')
    expect(forwardedClient('203.0.113.50', '127.0.0.1')).toBe('203.0.113.50')
    expect(forwardedClient('127.0.0.1', 'bozuk')).toBe('127.0.0.1')
    expect(forwardedClient('127.0.0.1', undefined)).toBe('127.0.0.1')
  })

  // Finding 9 of issue 13: any private-range peer was believed, so in a LAN or container set-up a client could
  // choose its own rate-limit address.
  it('ignores a private-range peer unless TRUST_PROXY names it', () => {
    expect(forwardedClient('172.20.0.5', '203.0.113.7')).toBe('172.20.0.5')
    expect(forwardedClient('::ffff:10.0.0.2', '203.0.113.7')).toBe('::ffff:10.0.0.2')
    expect(forwardedClient('fd00::5', '203.0.113.7')).toBe('fd00::5')
    const docker = parseTrustedProxies('172.16.0.0/12, fd00::/8')
    expect(forwardedClient('172.20.0.5', '203.0.113.7', docker)).toBe('203.0.113.7')
    expect(forwardedClient('::ffff:172.20.0.5', '203.0.113.7', docker)).toBe('203.0.113.7')
    expect(forwardedClient('fd00::5', '2001:db8::1', docker)).toBe('2001:db8::1')
    expect(forwardedClient('127.0.0.1', '203.0.113.7', docker)).toBe('127.0.0.1')
    expect(forwardedClient('127.0.0.1', '203.0.113.7', parseTrustedProxies('none'))).toBe('127.0.0.1')
  })

  it('walks a chain of trusted proxies right to left and stops at the first untrusted hop', () => {
    const two = parseTrustedProxies('loopback,10.0.0.1')
    expect(forwardedClient('127.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.1', two)).toBe('203.0.113.7')
    expect(forwardedClient('127.0.0.1', '10.0.0.1', two)).toBe('10.0.0.1')
  })

  it('refuses a bad TRUST_PROXY entry with a clear message', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow('TRUST_PROXY içinde geçersiz adres: 10.0.0.0/33')
    expect(() => parseTrustedProxies('proxy.local')).toThrow('TRUST_PROXY')
  })
})

describe('parseTrustedProxies', () => {
  it('reads addresses and ranges of both families, around commas and spaces', () => {
    const list = parseTrustedProxies(' 10.0.0.1 , ,192.168.0.0/16,fd00::/8, 2001:db8::7 ')
    expect(list.check('10.0.0.1', 'ipv4')).toBe(true)
    expect(list.check('10.0.0.2', 'ipv4')).toBe(false)
    expect(list.check('192.168.44.5', 'ipv4')).toBe(true)
    expect(list.check('192.169.0.1', 'ipv4')).toBe(false)
    expect(list.check('fd12::1', 'ipv6')).toBe(true)
    expect(list.check('fe00::1', 'ipv6')).toBe(false)
    expect(list.check('2001:db8::7', 'ipv6')).toBe(true)
    expect(list.check('2001:db8::8', 'ipv6')).toBe(false)
    expect(list.check('127.0.0.1', 'ipv4')).toBe(false)
  })

  it("'loopback' (the default) is 127/8 and ::1; 'none' and an empty value trust no one", () => {
    for (const list of [parseTrustedProxies(), parseTrustedProxies('loopback')]) {
      expect(list.check('127.0.0.1', 'ipv4')).toBe(true)
      expect(list.check('127.200.3.4', 'ipv4')).toBe(true)
      expect(list.check('128.0.0.1', 'ipv4')).toBe(false)
      expect(list.check('::1', 'ipv6')).toBe(true)
      expect(list.check('::2', 'ipv6')).toBe(false)
    }
    for (const list of [parseTrustedProxies('none'), parseTrustedProxies(''), parseTrustedProxies(' , ')]) {
      expect(list.check('127.0.0.1', 'ipv4')).toBe(false)
      expect(list.check('::1', 'ipv6')).toBe(false)
    }
    expect(parseTrustedProxies('none, 10.0.0.1').check('10.0.0.1', 'ipv4')).toBe(true)
  })

  it('takes prefixes up to the family’s length: 32 for IPv4, 128 for IPv6', () => {
    expect(parseTrustedProxies('10.0.0.7/32').check('10.0.0.7', 'ipv4')).toBe(true)
    expect(parseTrustedProxies('10.0.0.7/32').check('10.0.0.8', 'ipv4')).toBe(false)
    expect(parseTrustedProxies('0.0.0.0/0').check('8.8.8.8', 'ipv4')).toBe(true)
    expect(parseTrustedProxies('fd00::5/128').check('fd00::5', 'ipv6')).toBe(true)
    expect(parseTrustedProxies('fd00::/64').check('fd00::ffff:1', 'ipv6')).toBe(true)
    expect(parseTrustedProxies('fd00::/64').check('fd00:0:0:1::1', 'ipv6')).toBe(false)
    for (const bad of ['10.0.0.0/33', '10.0.0.0/-1', '10.0.0.0/8.5', 'fd00::/129', 'fd00::/x'])
      expect(() => parseTrustedProxies(bad)).toThrow(`TRUST_PROXY içinde geçersiz adres: ${bad}`)
  })

  // A typo must stop the start: '10.0.0.1/' was read as the range /0 (Number('') is 0), trusting every address, so
  // any client could name its own rate-limit address in X-Forwarded-For.
  it('refuses an empty or doubled prefix instead of trusting a range nobody meant', () => {
    for (const bad of ['10.0.0.1/', 'fd00::/', '10.0.0.0/8/8', '10.0.0.0/ 8', '10.0.0.0/0x8', '/8', 'loopback/8'])
      expect(() => parseTrustedProxies(bad)).toThrow(`TRUST_PROXY içinde geçersiz adres: ${bad}`)
    expect(() => parseTrustedProxies('10.0.0.1, 10.0.0.2/')).toThrow('TRUST_PROXY içinde geçersiz adres: 10.0.0.2/')
  })
})

/** Runs `fn` in a request from `peer` (a socket address; none: app.request without a socket). */
async function inRequest<T>(fn: (c: Context<AppEnv>) => T, trusted: TrustedProxies, peer?: string, forwardedFor?: string) {
  const app = new Hono<AppEnv>()
  let result: T | undefined
  app.post('/', (c) => {
    c.set('deps', { trustedProxies: trusted } as unknown as Deps)
    result = fn(c)
    return c.body(null, 204)
  })
  const env = peer ? { incoming: { socket: { remoteAddress: peer } } } : undefined
  await app.request('/', { method: 'POST', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} }, env)
  return result
}

describe('clientAddress and fromTrustedProxy in a request', () => {
  // Made in each test, not at collection: a mutant that throws here must fail a test, not the file.
  const docker = () => parseTrustedProxies('172.16.0.0/12')

  it('name the forwarded client only behind a proxy the app trusts (its TRUST_PROXY, not the default)', async () => {
    expect(await inRequest(clientAddress, docker(), '172.20.0.5', '203.0.113.7')).toBe('203.0.113.7')
    expect(await inRequest(fromTrustedProxy, docker(), '172.20.0.5', '203.0.113.7')).toBe(true)
    expect(await inRequest(clientAddress, docker(), '127.0.0.1', '203.0.113.7')).toBe('127.0.0.1')
    expect(await inRequest(fromTrustedProxy, docker(), '127.0.0.1')).toBe(false)
    expect(await inRequest(clientAddress, docker(), '203.0.113.50', '10.1.1.1')).toBe('203.0.113.50')
    expect(await inRequest(fromTrustedProxy, docker(), '203.0.113.50')).toBe(false)
  })

  it('without a socket (app.request): the address is "local" and no proxy speaks for the request', async () => {
    expect(await inRequest(clientAddress, docker(), undefined, '203.0.113.7')).toBe('local')
    expect(await inRequest(fromTrustedProxy, parseTrustedProxies('0.0.0.0/0'), undefined)).toBe(false)
  })

  it('an address that is no IP is never a trusted proxy', async () => {
    expect(await inRequest(fromTrustedProxy, parseTrustedProxies('0.0.0.0/0, ::/0'), 'bozuk')).toBe(false)
    expect(forwardedClient('bozuk', '203.0.113.7', parseTrustedProxies('0.0.0.0/0, ::/0'))).toBe('bozuk')
  })
})
