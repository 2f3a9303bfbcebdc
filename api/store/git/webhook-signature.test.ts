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
