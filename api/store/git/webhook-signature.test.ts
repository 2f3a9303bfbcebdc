import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from './webhook-signature.ts'

const secret = 'gizli-anahtar-123'
const body = new TextEncoder().encode(JSON.stringify({ ref: 'refs/heads/main' }))
const hex = (key: string, bytes: Uint8Array) => createHmac('sha256', key).update(bytes).digest('hex')
const headers = (h: Record<string, string>) => (name: string) => h[name]

describe('verifyWebhook', () => {
  it('accepts each forge’s own signature', () => {
    expect(
      verifyWebhook(headers({ 'x-hub-signature-256': `sha256=${hex(secret, body)}` }), body, secret),
    ).toBe('github')
    expect(verifyWebhook(headers({ 'x-gitea-signature': hex(secret, body) }), body, secret)).toBe('gitea')
    expect(verifyWebhook(headers({ 'x-forgejo-signature': hex(secret, body) }), body, secret)).toBe('gitea')
    expect(verifyWebhook(headers({ 'x-gitlab-token': secret }), body, secret)).toBe('gitlab')
  })

  it('refuses a missing, wrong or replayed-on-other-body signature, and everything without a secret', () => {
    const other = new TextEncoder().encode('{"ref":"refs/heads/baska"}')
    expect(verifyWebhook(headers({}), body, secret)).toBeNull()
    expect(
      verifyWebhook(headers({ 'x-hub-signature-256': `sha256=${hex('yanlis', body)}` }), body, secret),
    ).toBeNull()
    expect(
      verifyWebhook(headers({ 'x-hub-signature-256': `sha256=${hex(secret, other)}` }), body, secret),
    ).toBeNull()
    expect(verifyWebhook(headers({ 'x-gitea-signature': 'abc' }), body, secret)).toBeNull()
    expect(verifyWebhook(headers({ 'x-gitlab-token': 'yanlis' }), body, secret)).toBeNull()
    expect(verifyWebhook(headers({ 'x-gitlab-token': '' }), body, '')).toBeNull()
  })
})

/**
 * Issue 28: an audit made the Gitea check accept any prefix of the HMAC, and skipped the check for any request
 * carrying `X-Gitlab-Token`; no test noticed. Every forge's header gets the forgeries a sender could try.
 */
describe('verifyWebhook refuses forged signatures for every forge', () => {
  const mac = hex(secret, body)
  const forgeries: Record<string, string[]> = {
    'x-hub-signature-256': [
      `sha256=${mac.slice(0, -1)}`, // truncated
      `sha256=${mac.slice(0, 32)}`, // a prefix
      `sha256=`, // the prefix alone
      `sha256=${mac}0`, // one character more
      `xsha256=${mac}`, // prefixed
      mac, // Gitea's form (no prefix)
      secret, // GitLab's form (the secret itself)
      `sha256=${hex(secret, new TextEncoder().encode('başka'))}`,
      `sha1=${mac}`,
      ' ',
    ],
    'x-gitea-signature': [
      mac.slice(0, -1),
      mac.slice(0, 32),
      mac.slice(0, 1),
      `${mac}0`,
      `0${mac}`,
      `sha256=${mac}`, // GitHub's form
      secret,
      ' ',
    ],
    'x-forgejo-signature': [mac.slice(0, -1), mac.slice(0, 32), `${mac}0`, `sha256=${mac}`, secret, ' '],
    'x-gitlab-token': [
      secret.slice(0, -1),
      secret.slice(0, 1),
      `${secret}x`,
      `x${secret}`,
      ` ${secret}`,
      secret.toUpperCase(),
      mac, // the HMAC is not the token
      `sha256=${mac}`,
      ' ',
    ],
  }
  for (const [name, values] of Object.entries(forgeries)) {
    for (const value of values) {
      it(`${name}: ${JSON.stringify(value.length > 24 ? `${value.slice(0, 12)}…${value.slice(-8)}` : value)} (${value.length})`, () => {
        expect(verifyWebhook(headers({ [name]: value }), body, secret)).toBeNull()
      })
    }
  }

  it('an empty header is no signature, whichever forge it names', () => {
    for (const name of Object.keys(forgeries)) expect(verifyWebhook(headers({ [name]: '' }), body, secret)).toBeNull()
  })

  it('a wrong signature is not rescued by another forge’s header next to it', () => {
    const forged = { 'x-hub-signature-256': `sha256=${mac.slice(0, -1)}0`, 'x-gitea-signature': mac.slice(0, 10) }
    expect(verifyWebhook(headers({ ...forged, 'x-gitlab-token': 'yanlis' }), body, secret)).toBeNull()
    expect(verifyWebhook(headers({ 'x-gitea-signature': mac.slice(0, 10), 'x-gitlab-token': secret }), body, secret)).toBeNull()
    expect(verifyWebhook(headers({ 'x-hub-signature-256': 'sha256=', 'x-gitlab-token': secret }), body, secret)).toBeNull()
  })

  it('a signature with upper-case hex or surrounding spaces is still the same signature', () => {
    expect(verifyWebhook(headers({ 'x-hub-signature-256': ` SHA256=${mac.toUpperCase()} ` }), body, secret)).toBe('github')
    expect(verifyWebhook(headers({ 'x-gitea-signature': ` ${mac.toUpperCase()}` }), body, secret)).toBe('gitea')
  })

  it('the key is the secret itself, not a part of it or the body', () => {
    expect(verifyWebhook(headers({ 'x-gitea-signature': hex(secret.slice(0, -1), body) }), body, secret)).toBeNull()
    expect(verifyWebhook(headers({ 'x-gitea-signature': hex('', body) }), body, secret)).toBeNull()
    expect(verifyWebhook(headers({ 'x-gitea-signature': mac }), body, '')).toBeNull()
    // Without a secret, a signature anyone can make (the HMAC with the empty key) must not pass either.
    expect(verifyWebhook(headers({ 'x-gitea-signature': hex('', body) }), body, '')).toBeNull()
    expect(verifyWebhook(headers({ 'x-hub-signature-256': `sha256=${hex('', body)}` }), body, '')).toBeNull()
    expect(verifyWebhook(headers({ 'x-gitlab-token': '' }), body, secret)).toBeNull()
  })
})
