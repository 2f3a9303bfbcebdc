import sharp from 'sharp'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  adminCookie,
  createTestApp,
  formRequest,
  jsonRequest,
  uploadNames,
  type TestApp,
} from '../testing/test-helpers.ts'
import { PNG } from '../testing/test-media.ts'
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

/** A GIF declaring a 1×1 screen whose one frame is w×h. */
function gifWithFrame(w: number, h: number) {
  const b = Buffer.alloc(13 + 10 + 4 + 1)
  b.write('GIF89a')
  b.writeUInt16LE(1, 6)
  b.writeUInt16LE(1, 8)
  b[13] = 0x2c
  b.writeUInt16LE(w, 18)
  b.writeUInt16LE(h, 20)
  b.set([2, 1, 0, 0, 0x3b], 23)
  return new Uint8Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.length))
}

describe('imageSize', () => {
  it.each(Object.keys(header) as (keyof typeof header)[])('reads the size from a %s header', (ext) => {
    expect(imageSize(header[ext](4000, 3000), ext)).toEqual({ width: 4000, height: 3000 })
  })

  // Finding 7 of issue 13: a 1×1 screen holding a 16000×16000 frame was accepted (only the screen was read).
  it('reads every GIF frame, past extensions and colour tables, and answers the furthest frame edge', () => {
    const frame = (left: number, top: number, w: number, h: number) => {
      const d = Buffer.alloc(10)
      d[0] = 0x2c
      d.writeUInt16LE(left, 1)
      d.writeUInt16LE(top, 3)
      d.writeUInt16LE(w, 5)
      d.writeUInt16LE(h, 7)
      d[9] = 0x80 // a local colour table of 2 entries
      return [...d, 0, 0, 0, 0, 0, 0, 2, 3, 1, 2, 3, 0]
    }
    const screen = [...Buffer.from('GIF89a'), 1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]
    const control = [0x21, 0xf9, 4, 0, 0, 0, 0, 0]
    const gif = (...frames: number[][]) =>
      new Uint8Array([...screen, ...control, ...frames.flat(), 0x3b])
    expect(imageSize(gif(frame(0, 0, 1, 1)), 'gif')).toEqual({ width: 1, height: 1 })
    expect(imageSize(gif(frame(0, 0, 1, 1), frame(0, 0, 16000, 16000)), 'gif')).toEqual({
      width: 16000,
      height: 16000,
    })
    expect(imageSize(gif(frame(0, 0, 1, 1), [...control], frame(9000, 10, 9000, 2)), 'gif')).toEqual({
      width: 18000,
      height: 12,
    })
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
    ['gif-frame', 16000, 16000],
  ] as const)('%s of %i×%i: 400', async (kind, w, h) => {
    const ext = kind === 'gif-frame' ? 'gif' : kind
    const res = await upload(kind === 'gif-frame' ? gifWithFrame(w, h) : header[kind](w, h), ext)
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
    // Encoding and storing a 50-megapixel photo is real work for sharp: 24 s, and 62 s in a run alone, on a machine
    // loaded far past its cores.
  }, 180_000)

  it('applies to data-URL images too (reference slider)', async () => {
    const image = `data:image/png;base64,${Buffer.from(header.png(60000, 60000)).toString('base64')}`
    const res = await jsonRequest(t, 'POST', '/api/admin/references/slider', { image }, cookie)
    expect(res.status).toBe(400)
    expect((await res.json()).message).toBe(dimensions)
  })
})
