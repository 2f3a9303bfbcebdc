import { MAX_IMAGE_BYTES } from '#schema/media.ts'
import { msg } from '#schema/messages.ts'
import type { MediaEntry } from '../../../lib/media.ts'
import { fitWidth } from './fit-width.ts'

/** A browser resize: at most `maxWidth` px wide, JPEG at `quality`. */
export type ResizeSpec = { maxWidth: number; quality: number }
/** Slider images: at most 1920 px wide, JPEG quality 0.8 (spec section 9). */
export const SLIDER_RESIZE: ResizeSpec = { maxWidth: 1920, quality: 0.8 }
/** Reference cover images: at most 800 px wide, JPEG quality 0.7. */
export const COVER_RESIZE: ResizeSpec = { maxWidth: 800, quality: 0.7 }
/** The one image limit (25 MB) holds here too; the browser shrink stays for the spec's sizes. */
export const PICK_MAX_BYTES = MAX_IMAGE_BYTES
export const PICK_TOO_LARGE = msg.imageTooLarge

/** Draws the image on a canvas at most `maxWidth` wide and returns it as a JPEG file (named after the original). */
export async function resizeImage(file: File, { maxWidth, quality }: ResizeSpec): Promise<File> {
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
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
  if (!blob) throw new Error('canvas could not encode a JPEG')
  const name = `${file.name.replace(/\.[^.]*$/, '') || 'gorsel'}.jpg`
  return new File([blob], name, { type: 'image/jpeg' })
}

/**
 * Whether a media-library image can be used as it is: a JPEG no wider than the spec's size. A larger one is shrunk
 * into a copy of its own, so the slider and covers always keep the spec's sizes as their largest image.
 */
export function fitsResize(item: Pick<MediaEntry, 'url' | 'width'>, { maxWidth }: ResizeSpec): boolean {
  return /\.jpe?g$/i.test(item.url) && item.width > 0 && item.width <= maxWidth
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
