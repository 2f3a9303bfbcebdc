import { fitWidth } from './fit-width.ts'

/** Slider images: at most 1920 px wide, JPEG quality 0.8 (spec section 9). */
export const SLIDER_RESIZE = { maxWidth: 1920, quality: 0.8 } as const
/** Reference cover images: at most 800 px wide, JPEG quality 0.7. */
export const COVER_RESIZE = { maxWidth: 800, quality: 0.7 } as const
/** Originals may exceed the server's 5 MB image limit: they are shrunk before sending. */
export const PICK_MAX_BYTES = 25 * 1024 * 1024
export const PICK_TOO_LARGE = 'Resim dosyası en fazla 25 MB olabilir.'

/** Draws the image on a canvas at most `maxWidth` wide and returns it as a JPEG data URL. */
export async function resizeImage(file: File, { maxWidth, quality }: { maxWidth: number; quality: number }) {
  const bitmap = await loadImage(file)
  const { width, height } = fitWidth(bitmap.width, bitmap.height, maxWidth)
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const ctx = canvas.getContext('2d')
  if (!ctx) throw new Error('canvas 2d context unavailable')
  // JPEG has no transparency: paint white first so transparent PNG areas do not turn black.
  ctx.fillStyle = '#fff'
  ctx.fillRect(0, 0, width, height)
  ctx.drawImage(bitmap, 0, 0, width, height)
  return canvas.toDataURL('image/jpeg', quality)
}

function loadImage(file: File): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file)
    const img = new Image()
    img.onload = () => {
      URL.revokeObjectURL(url)
      resolve(img)
    }
    img.onerror = () => {
      URL.revokeObjectURL(url)
      reject(new Error('image could not be decoded'))
    }
    img.src = url
  })
}
