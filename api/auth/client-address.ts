import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { BlockList, isIP } from 'node:net'
import type { AppEnv } from '../app-env.ts'

/** The proxies whose X-Forwarded-For entries we read: addresses and ranges (CIDR), 'loopback' for 127/8 and ::1. */
export type TrustedProxies = BlockList

/**
 * Parses TRUST_PROXY: comma-separated addresses, CIDR ranges and the word 'loopback' (the default); 'none' trusts
 * no one. Throws a Turkish message naming a bad entry, so a typo stops the start instead of trusting nothing.
 */
export function parseTrustedProxies(value = 'loopback'): TrustedProxies {
  const list = new BlockList()
  for (const raw of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    if (raw === 'none') continue
    if (raw === 'loopback') {
      list.addSubnet('127.0.0.0', 8, 'ipv4')
      list.addAddress('::1', 'ipv6')
      continue
    }
    // split gives one part at least: the address is always there.
    const [address, bits, ...more] = raw.split('/') as [string, string?, ...string[]]
    const family = isIP(address)
    // Digits only: Number('') is 0, so a typo like '10.0.0.1/' would trust every address (a /0 range). No '/' at all:
    // String(undefined) is 'undefined', no prefix.
    const prefix = /^\d+$/.test(String(bits)) ? Number(bits) : undefined
    const max = family === 6 ? 128 : 32
    if (!family || more.length > 0 || (bits !== undefined && (prefix === undefined || prefix > max)))
      throw new Error(`TRUST_PROXY içinde geçersiz adres: ${raw}`)
    const type = family === 6 ? 'ipv6' : 'ipv4'
    if (prefix === undefined) list.addAddress(address, type)
    else list.addSubnet(address, prefix, type)
  }
  return list
}

// BlockList matches an IPv4-mapped peer ('::ffff:127.0.0.1', as a dual-stack socket names it) against the IPv4
// entries itself, and answers false for anything that is not an address (Node 20 and 24): the address is checked
// as it comes.
const trusts = (proxies: TrustedProxies, address: string) => proxies.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')

/**
 * The client a rate limit counts: starting at the socket peer, each hop that is a trusted proxy hands over to the
 * X-Forwarded-For entry it added (read right to left); the first untrusted hop is the client. Entries a client sends
 * come before its own and are never reached, and an untrusted peer's header is ignored entirely.
 */
export function forwardedClient(
  peer: string,
  forwardedFor: string | undefined,
  proxies: TrustedProxies = parseTrustedProxies(),
): string {
  const entries = (forwardedFor ?? '').split(',').map((s) => s.trim())
  let client = peer
  while (trusts(proxies, client) && entries.length) {
    const next = entries.pop()!
    if (!isIP(next)) break
    client = next
  }
  return client
}

/** The socket peer's address, or undefined when there is no socket (app.request in tests). */
function peerOf(c: Context<AppEnv>): string | undefined {
  try {
    return getConnInfo(c).remote.address
  } catch {
    // No socket: undefined.
  }
}

/** The client address for rate limits (see forwardedClient); 'local' when there is no socket (app.request). */
export function clientAddress(c: Context<AppEnv>): string {
  const peer = peerOf(c)
  return peer ? forwardedClient(peer, c.req.header('x-forwarded-for'), c.var.deps.trustedProxies) : 'local'
}

/**
 * True when the request came straight from a proxy TRUST_PROXY names: only then do its X-Forwarded-* headers
 * speak for the client (anyone else could write them).
 */
export function fromTrustedProxy(c: Context<AppEnv>): boolean {
  const peer = peerOf(c)
  return !!peer && trusts(c.var.deps.trustedProxies, peer)
}
