import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  adminCookie,
  createTestApp,
  formRequest,
  jsonRequest,
  uploadNames,
  type TestApp,
} from '../test-helpers.ts'
import { PNG } from '../test-media.ts'
import { imageSize } from './image-size.ts'

/** Just the header bytes of each format, stating the given size (enough for the sniffer and the size reader). */
const header = {
  png(w: number, h: number) {
    const b = Buffer.alloc(33)
    Buffer.from(PNG.subarray(0, 16)).copy(b)
    b.writeUInt32BE(w, 16)
    b.writeUInt32BE(h, 20)
    return new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length))
  },
  gif(w: number, h: number) {
    const b = Buffer.alloc(13)
    b.write('GIF89a')
    b.writeUInt16LE(w, 6)
    b.writeUInt16LE(h, 8)
    return new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length))
  },
  jpg(w: number, h: number) {
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]
    const sof2 = [
      0xff,
      0xc2,
      0x00,
      0x11,
      8,
      h >> 8,
      h & 255,
      w >> 8,
      w & 255,
      3,
      1,
      0x22,
      0,
      2,
      0x11,
      1,
      3,
      0x11,
      1,
    ]
    return new Uint8Array([0xff, 0xd8, ...app0, 0xff, ...sof2, 0xff, 0xd9])
  },
  webp(w: number, h: number) {
    const b = Buffer.alloc(40)
    b.write('RIFF')
    b.writeUInt32LE(32, 4)
    b.write('WEBPVP8X', 8)
    b.writeUInt32LE(10, 16)
    b.writeUIntLE(w - 1, 24, 3)
    b.writeUIntLE(h - 1, 27, 3)
    return new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length))
  },
}

describe('imageSize', () => {
  it.each(Object.keys(header) as (keyof typeof header)[])('reads the size from a %s header', (ext) => {
    expect(imageSize(header[ext](4000, 3000), ext)).toEqual({ width: 4000, height: 3000 })
  })

  it('reads the real 1×1 PNG and gives null for a header it cannot read', () => {
    expect(imageSize(PNG, 'png')).toEqual({ width: 1, height: 1 })
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 'jpg')).toBeNull()
    expect(imageSize(header.png(0, 10), 'png')).toBeNull()
  })
})

// A PNG stating 60000×60000 pixels (3.6 gigapixels) fits in 3.5 MB of zeros and was stored and shown on the
// public site, where each visitor's browser had to decode it.
describe('uploads refuse images with huge dimensions', () => {
  let t: TestApp
  let cookie: string
  beforeEach(async () => {
    t = await createTestApp()
    cookie = await adminCookie(t)
  })
  afterEach(() => t.cleanup())

  const upload = (bytes: Uint8Array<ArrayBuffer>, ext: string) =>
    formRequest(t, 'POST', '/api/upload', { image: new File([bytes], `gorsel.${ext}`) }, cookie)
  const dimensions =
    'Resmin boyutları çok büyük: en fazla 16384 piksel kenar ve toplam 50 megapiksel olabilir.'

  it.each([
    ['png', 60000, 60000],
    ['jpg', 16385, 100],
    ['gif', 10000, 6000],
    ['webp', 16384, 16384],
  ] as const)('%s of %i×%i: 400', async (ext, w, h) => {
    const res = await upload(header[ext](w, h), ext)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ message: dimensions, fields: { image: dimensions } })
    expect(await uploadNames(t)).toEqual([])
  })

  it('takes a 50-megapixel photo and an image whose size cannot be read is no image', async () => {
    const photo50 = await sharp({ create: { width: 10000, height: 5000, channels: 3, background: '#4a7' } })
      .jpeg()
      .toBuffer()
    expect((await upload(new Uint8Array(photo50), 'jpg')).status).toBe(201)
    const broken = await upload(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xd9]), 'jpg')
    expect(broken.status).toBe(400)
    expect((await broken.json()).message).toBe('Yalnızca resim dosyaları yüklenebilir (JPG, PNG, GIF, WEBP).')
  })

  it('applies to data-URL images too (reference slider)', async () => {
    const image = `data:image/png;base64,${Buffer.from(header.png(60000, 60000)).toString('base64')}`
    const res = await jsonRequest(t, 'POST', '/api/admin/references/slider', { image }, cookie)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe(dimensions)
  })
})
