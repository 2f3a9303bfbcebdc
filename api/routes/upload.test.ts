import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PNG, pngFile } from '../testing/test-media.ts'
import { addMember, addUser, createTestApp, loginCookie, uploadNames, type TestApp } from '../testing/test-helpers.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await loginCookie(t, (await addUser(t.deps.data, 'admin')).email)
})
afterEach(() => t.cleanup())

const MB = 1024 * 1024
/** The start of a real MP4 (an ftyp box); file-type recognises it by these bytes. */
const mp4Head = new Uint8Array([
  0,
  0,
  0,
  0x18,
  ...Buffer.from('ftypisom'),
  0,
  0,
  2,
  0,
  ...Buffer.from('isommp42'),
])
const padded = (head: Uint8Array, size: number) => {
  const bytes = new Uint8Array(size)
  bytes.set(head)
  return bytes
}

/** Posts `file` as field image; `session` null sends no cookie. */
function upload(file: File | undefined, query = '', session: string | null = cookie) {
  const body = new FormData()
  if (file) body.append('image', file)
  return t.app.request(`/api/upload${query}`, {
    method: 'POST',
    body,
    headers: session ? { cookie: session } : {},
  })
}
const uploaded = () => uploadNames(t)

describe('POST /api/upload', () => {
  it('stores a real PNG under an unguessable name and returns its /uploads/ URL', async () => {
    const res = await upload(pngFile('logo.png'))
    expect(res.status).toBe(201)
    const { success, imageUrl } = await res.json()
    expect(success).toBe(true)
    expect(imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]{16}\.png$/)
    const name = imageUrl.slice('/uploads/'.length)
    await t.restart()
    expect(new Uint8Array(await readFile(join(t.dataDir, 'uploads', name)))).toEqual(PNG)
  })

  it('judges by content, not name or type: the PNG is stored as .png even when named .gif', async () => {
    const res = await upload(new File([PNG], 'resim.gif', { type: 'image/gif' }))
    expect((await res.json()).imageUrl).toMatch(/\.png$/)
  })

  it('rejects an SVG carrying script and a text file named .png, storing nothing', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    for (const file of [
      new File([svg], 'logo.svg', { type: 'image/svg+xml' }),
      new File(['bu bir resim değil, düz metin'], 'sahte.png', { type: 'image/png' }),
    ]) {
      const res = await upload(file)
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({
        success: false,
        message: 'Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).',
        fields: { image: 'Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).' },
      })
    }
    expect(await uploaded()).toEqual([])
  })

  it('asks for a file when the field is missing, and refuses a non-multipart or malformed body with 400', async () => {
    const res = await upload(undefined)
    expect(res.status).toBe(400)
    expect((await res.json()).fields).toEqual({ image: 'Lütfen bir dosya seçin.' })
    const json = await t.app.request('/api/upload', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(json.status).toBe(400)
    const broken = await t.app.request('/api/upload', {
      method: 'POST',
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nbozuk',
    })
    expect(broken.status).toBe(400)
    expect((await broken.json()).message).toBe('Geçersiz istek gövdesi.')
  })

  it('limits images to 25 MB (413), naming the limit also when the whole body is over it', { timeout: 90_000 }, async () => {
    const over = await upload(new File([padded(PNG, 25 * MB + 1)], 'buyuk.png'))
    expect(over.status).toBe(413)
    expect((await over.json()).message).toBe('Görsel en fazla 25 MB olabilir.')
    const huge = await upload(new File([padded(PNG, 27 * MB)], 'dev.png'))
    expect(huge.status).toBe(413)
    expect((await huge.json()).message).toBe('Görsel en fazla 25 MB olabilir.')
    expect(await uploaded()).toEqual([])
  })

  it('takes a video only with ?kind=media, up to 50 MB, and keeps images there at 25 MB', { timeout: 90_000 }, async () => {
    const video = new File([padded(mp4Head, 27 * MB)], 'tanitim.mp4', { type: 'video/mp4' })
    const plain = await upload(video)
    expect(plain.status).toBe(413)
    const small = await upload(new File([mp4Head], 'kisa.mp4'))
    expect(small.status).toBe(400)
    const media = await upload(video, '?kind=media')
    expect(media.status).toBe(201)
    expect((await media.json()).imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.mp4$/)
    const bigImage = await upload(new File([padded(PNG, 26 * MB)], 'b.png'), '?kind=media')
    expect(bigImage.status).toBe(413)
    expect((await bigImage.json()).message).toBe('Görsel en fazla 25 MB olabilir.')
    const text = await upload(new File(['metin'], 'x.webm'), '?kind=media')
    expect((await text.json()).message).toBe(
      'Yalnızca resim veya video (mp4, webm, ogg) dosyaları yüklenebilir.',
    )
  })

  it('needs an admin session: 401 without one and for a library member session', async () => {
    const png = new File([PNG], 'a.png')
    expect((await upload(png, '', null)).status).toBe(401)
    const member = await addMember(t.deps.data, 'library_admin')
    expect((await upload(png, '', await loginCookie(t, member.email, '/api/library/login'))).status).toBe(401)
    expect(await uploaded()).toEqual([])
  })

  it('keeps both of two uploads sent at once', async () => {
    const [a, b] = await Promise.all([upload(new File([PNG], 'a.png')), upload(new File([PNG], 'b.png'))])
    const urls = [(await a.json()).imageUrl, (await b.json()).imageUrl]
    expect(new Set(urls).size).toBe(2)
    expect((await uploaded()).sort()).toEqual(urls.map((u) => u.slice('/uploads/'.length)).sort())
  })
})
