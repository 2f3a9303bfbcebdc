import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import sharp from 'sharp'
import { allCopiesStored } from './media-library.ts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { msg } from '#schema/messages.ts'
import { variantUrl, type MediaItem } from '#schema/media.ts'
import {
  adminCookie,
  allUploadFiles,
  createTestApp,
  formRequest,
  jsonRequest,
  type TestApp,
} from '../testing/test-helpers.ts'
import { asFile, CAMERA_MARK, GPS_MARK, photo } from '../testing/test-images.ts'

let t: TestApp
let cookie: string
beforeEach(async () => {
  t = await createTestApp()
  cookie = await adminCookie(t)
})
afterEach(() => t.cleanup())

const upload = (file: File, query = '') =>
  formRequest(t, 'POST', `/api/upload${query}`, { image: file }, cookie)
const onDisk = (url: string) => readFile(join(t.dataDir, 'uploads', url.slice('/uploads/'.length)))
const record = (url: string) => t.deps.content.read('media').find((item) => item.url === url)

/**
 * Uploads bytes and gives back the stored record once its background sizes are made too (issue 23: the upload
 * answers with the original and the 800 px copies; the record lists only those until the rest exist).
 */
async function uploaded(bytes: Buffer, name = 'telefon.jpg'): Promise<MediaItem> {
  const res = await upload(asFile(bytes, name))
  expect(res.status).toBe(201)
  const body = await res.json()
  expect(body.media).toEqual(record(body.imageUrl))
  for (const width of body.media.widths) {
    for (const format of ['avif', 'webp']) await onDisk(variantUrl(body.imageUrl, width, format as 'avif'))
  }
  await allCopiesStored()
  return record(body.imageUrl)!
}

describe('image pipeline at upload', () => {
  it('makes AVIF and WebP copies at 400, 800, 1200 and 1920 px wide, never wider than the original', async () => {
    const item = await uploaded(await photo(2400, 1000, { exif: false }))
    expect(item).toMatchObject({ type: 'image', width: 2400, height: 1000, widths: [400, 800, 1200, 1920] })
    for (const width of item.widths)
      for (const format of ['avif', 'webp'] as const) {
        const meta = await sharp(await onDisk(variantUrl(item.url, width, format))).metadata()
        expect(meta.format === 'heif' ? 'avif' : meta.format, `${width} ${format}`).toBe(format)
        expect(meta.width).toBe(width)
        expect(meta.height).toBe(Math.round((1000 * width) / 2400))
      }
    const small = await uploaded(await photo(300, 200, { exif: false }), 'kucuk.jpg')
    expect(small.widths).toEqual([300])
    const middle = await uploaded(await photo(1000, 500, { exif: false }), 'orta.jpg')
    expect(middle.widths).toEqual([400, 800, 1000])
    expect(middle.optimizedBytes).toBe((await onDisk(variantUrl(middle.url, 1000, 'avif'))).byteLength)
  })

  it('removes the EXIF (camera, GPS position) from the original and from every copy', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const bytes = await photo(900, 600, { format })
      expect(bytes.includes(GPS_MARK)).toBe(true)
      const item = await uploaded(bytes, `konumlu.${format}`)
      const stored = [
        item.url,
        ...item.widths.flatMap((w) => [variantUrl(item.url, w, 'avif'), variantUrl(item.url, w, 'webp')]),
      ]
      expect(stored).toHaveLength(7)
      for (const url of stored) {
        const file = await onDisk(url)
        expect(file.includes(GPS_MARK), url).toBe(false)
        expect(file.includes(CAMERA_MARK), url).toBe(false)
        expect((await sharp(file).metadata()).exif, url).toBeUndefined()
      }
    }
  })

  it('applies the EXIF orientation: a photo taken sideways is stored and sized upright', async () => {
    // Stored 1200×800 with red left and blue right; orientation 6 shows it turned a quarter clockwise.
    const item = await uploaded(await photo(1200, 800, { orientation: 6 }))
    expect(item).toMatchObject({ width: 800, height: 1200, widths: [400, 800] })
    for (const url of [item.url, variantUrl(item.url, 400, 'webp'), variantUrl(item.url, 800, 'avif')]) {
      const image = sharp(await onDisk(url))
      const meta = await image.metadata()
      expect(meta.orientation ?? 1, url).toBe(1)
      expect(meta.height! > meta.width!, url).toBe(true)
      const { data, info } = await image.raw().toBuffer({ resolveWithObject: true })
      const pixel = (y: number) => data.subarray((y * info.width + info.width / 2) * info.channels)
      expect(pixel(10)[0]! > pixel(10)[2]!, `${url} top is red`).toBe(true)
      expect(pixel(info.height - 10)[2]! > pixel(info.height - 10)[0]!, `${url} bottom is blue`).toBe(true)
    }
  })

  it('keeps an original without metadata byte for byte (for download)', async () => {
    const bytes = await photo(500, 400, { exif: false, format: 'png' })
    const item = await uploaded(bytes, 'temiz.png')
    expect(await onDisk(item.url)).toEqual(bytes)
    expect(item).toMatchObject({ name: 'temiz.png', uploadBytes: bytes.byteLength, bytes: bytes.byteLength })
  })

  it('refuses a corrupt or hostile image with the spec message and stores nothing', async () => {
    const jpeg = await photo(1600, 1200, { exif: false })
    const truncated = jpeg.subarray(0, Math.floor(jpeg.byteLength / 2))
    const garbage = Buffer.concat([jpeg.subarray(0, 600), Buffer.alloc(20_000, 0x5a)])
    // A PNG header that states 7000×7000 (49 megapixels, within the header check) with no pixels behind it.
    const png = await photo(7000, 7000, { exif: false, format: 'png' })
    const bomb = png.subarray(0, 200)
    const before = t.deps.content.read('media')
    for (const [name, bytes] of [
      ['yarim.jpg', truncated],
      ['bozuk.jpg', garbage],
      ['bomba.png', bomb],
    ] as const) {
      const res = await upload(asFile(Buffer.from(bytes), name))
      expect(res.status, name).toBe(400)
      expect(await res.json()).toEqual({
        success: false,
        message: msg.imageOnly,
        fields: { image: msg.imageOnly },
      })
    }
    expect(await allUploadFiles(t)).toEqual([])
    expect(t.deps.content.read('media')).toEqual(before)
  })

  it('sizes data-URL images too (reference slider at the spec’s 1920 px JPEG)', async () => {
    const jpeg = await photo(1920, 840, { exif: false })
    const res = await jsonRequest(
      t,
      'POST',
      '/api/admin/references/slider',
      { image: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
      cookie,
    )
    expect(res.status).toBe(201)
    const url = t.deps.content.read('references').sliderImages.at(-1)!
    expect(record(url)?.widths).toEqual([400, 800, 1200, 1920])
  })

  it('stores a banner video as it is, recorded as a video', async () => {
    const mp4 = new Uint8Array(2048)
    mp4.set([0, 0, 0, 0x18, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isommp42')])
    const res = await upload(new File([mp4], 'tanitim.mp4'), '?kind=media')
    const { media } = await res.json()
    expect(media).toMatchObject({ type: 'video', widths: [], bytes: 2048, name: 'tanitim.mp4' })
  })
})
