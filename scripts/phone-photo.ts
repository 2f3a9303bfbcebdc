import sharp, { type SharpOptions } from 'sharp'

/**
 * A photo-like JPEG as a phone takes it (4000×3000, near 4 MB at the default size): soft shapes plus sensor grain,
 * with the phone's EXIF and GPS. For the media bench and the browser tests of image fields.
 */
export async function phonePhoto(width = 4000, height = 3000, quality = 90): Promise<Buffer> {
  const noise = (w: number, h: number, sigma: number) =>
    ({
      create: { width: w, height: h, channels: 3, noise: { type: 'gaussian', mean: 128, sigma } },
    }) as SharpOptions
  const shapes = await sharp(noise(80, 60, 60))
    .resize(width, height, { kernel: 'cubic' })
    .blur(8)
    .raw()
    .toBuffer()
  const grain = await sharp(noise(width, height, 12))
    .raw()
    .toBuffer()
  for (let i = 0; i < shapes.length; i++) shapes[i] = Math.max(0, Math.min(255, shapes[i]! + grain[i]! - 128))
  return sharp(shapes, { raw: { width, height, channels: 3 } })
    .withExif({
      IFD0: { Make: 'Telefon' },
      IFD3: { GPSMapDatum: 'KONUM', GPSLatitudeRef: 'N', GPSLatitude: '41/1 2/1 0/1' },
    })
    .jpeg({ quality })
    .toBuffer()
}
