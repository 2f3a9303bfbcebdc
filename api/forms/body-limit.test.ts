import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, createTestApp, jsonRequest, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
beforeEach(async () => {
  t = await createTestApp()
})
afterEach(() => t.cleanup())

const tooLarge = { success: false, message: 'Gönderilen veri çok büyük.' }
/** A JSON body of about `bytes` bytes: valid fields plus padding the schemas would strip. */
const padded = (fields: object, bytes: number) => JSON.stringify({ ...fields, pad: 'a'.repeat(bytes) })

/** A body with no Content-Length (chunked), as a client may send it. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  return new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.slice(i, i + 64 * 1024))
      controller.close()
    },
  })
}

// Nothing bounded JSON bodies: the public contact form and the logins read a 40 MB body whole into memory.
describe('default body limit of JSON calls', () => {
  const contact = {
    name: 'Ad',
    email: 'a@ornek.com',
    phone: '+90 555 555 55 55',
    subject: 'Konu',
    message: 'M',
  }

  it.each([
    ['/api/contact', contact],
    ['/api/admin/login', { email: 'a@ornek.com', password: 'x' }],
    ['/api/library/login', { email: 'a@ornek.com', password: 'x' }],
  ])('%s refuses a 1 MB body with 413 before reading it', async (path, fields) => {
    const res = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: padded(fields, 1024 * 1024),
    })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual(tooLarge)
    expect(res.headers.get('cache-control')).toBe('no-store')
  })

  it('counts a chunked body too', async () => {
    const res = await t.app.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked(padded(contact, 1024 * 1024)),
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(413)
    expect(t.deps.data.messages.unreadCount()).toBe(0)
  })

  it('applies to admin JSON calls, yet the longest real form fits', async () => {
    const cookie = await adminCookie(t)
    const ids = { orderedIds: Array.from({ length: 1000 }, (_, i) => `id-${i}`) }
    const big = await jsonRequest(
      t,
      'PUT',
      '/api/admin/references/reorder',
      JSON.parse(padded(ids, 512 * 1024)),
      cookie,
    )
    expect(big.status).toBe(413)
    // Two 10 000-character texts of Turkish letters sent as \u escapes: the largest body a form here sends.
    const text = 'ğüşİöç'.repeat(1667).slice(0, 10000)
    const about = { title2: 'Biz Kimiz', description1: text, description2: text }
    const res = await t.app.request('/api/admin/hakkimizda', {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(about).replace(
        /[^\x00-\x7f]/g,
        (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
      ),
    })
    expect(res.status).toBe(200)
  })

  it('leaves the calls that carry files or data URLs to their own, larger limits', async () => {
    const cookie = await adminCookie(t)
    const res = await jsonRequest(
      t,
      'POST',
      '/api/admin/references/slider',
      { image: `data:image/png;base64,${'A'.repeat(2 * 1024 * 1024)}` },
      cookie,
    )
    // Read and judged by content (not a PNG), not refused for its size.
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe('Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).')
  })
})
