import sharp from 'sharp'

/** Text hidden in the GPS block of test photos: no stored or served file may contain it. */
export const GPS_MARK = 'GIZLI-KONUM-41N'
/** Camera make in the EXIF of test photos. */
export const CAMERA_MARK = 'Telefon-Kamera-X'

type PhotoOptions = { orientation?: number; exif?: boolean; format?: 'jpeg' | 'png' | 'webp' }

/**
 * A real image made with sharp: left half red, right half blue (so a turn shows), with a phone's EXIF (camera,
 * GPS position) and an EXIF orientation when asked.
 */
export async function photo(width: number, height: number, options: PhotoOptions = {}): Promise<Buffer> {
  const { orientation, exif = true, format = 'jpeg' } = options
  const half = Math.floor(width / 2)
  let image = sharp({ create: { width, height, channels: 3, background: '#d01010' } }).composite([
    {
      input: { create: { width: width - half, height, channels: 3, background: '#1010d0' } },
      left: half,
      top: 0,
    },
  ])
  if (exif)
    image = sharp(await image.png().toBuffer()).withExif({
      IFD0: { Make: CAMERA_MARK },
      IFD3: { GPSMapDatum: GPS_MARK, GPSLatitudeRef: 'N', GPSLatitude: '41/1 2/1 0/1' },
    })
  if (orientation) image = image.withMetadata({ orientation })
  return image.toFormat(format).toBuffer()
}

/** The same bytes as a File, as the admin uploads it. */
export function asFile(bytes: Buffer, name: string): File {
  return new File([new Uint8Array(bytes)], name)
}
