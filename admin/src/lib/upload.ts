import { formatNumber } from '#schema/file-size.ts'
import type { MediaItem } from '#schema/media.ts'
import { ApiError } from './api-client.ts'

/**
 * What an upload answers: the URL and the library record (sizes made so far, bytes before and after); `pending`
 * while the other sizes are still being made in the background (issue 23).
 */
export type UploadResult = { imageUrl: string; media?: MediaItem; pending?: boolean }

/**
 * Waits until an upload's background sizes are made (GET /api/admin/media/ready, once a second) and gives its
 * final record; `stop()` returning true ends the wait early (the field went away, another file was chosen).
 */
export async function waitForSizes(url: string, stop: () => boolean): Promise<MediaItem | null> {
  for (let i = 0; i < 300 && !stop(); i++) {
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const res = await fetch(`/api/admin/media/ready?url=${encodeURIComponent(url)}`, { credentials: 'same-origin' })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null)
    if (res?.ready) return res.media as MediaItem
  }
  return null
}

/** The field's text while the other sizes are made: the image is already usable and the form can be saved. */
export const SIZES_PENDING_TEXT = 'Kullanıma hazır · diğer boyutlar hazırlanıyor...'

/**
 * POST /api/upload with XMLHttpRequest, whose upload events report progress (fetch has none): `onProgress`
 * gets 0–1 while the bytes go out. Errors are the same ApiError as every other call.
 */
export function uploadWithProgress(
  file: File,
  kind: 'image' | 'media',
  onProgress: (fraction: number) => void,
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', kind === 'media' ? '/api/upload?kind=media' : '/api/upload')
    xhr.withCredentials = true
    xhr.responseType = 'json'
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total)
    xhr.onload = () => {
      const body = xhr.response as
        (UploadResult & { message?: string; fields?: Record<string, string> }) | null
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve(body)
      else reject(new ApiError(xhr.status, body?.message ?? null, body?.fields ?? {}))
    }
    xhr.onerror = () => reject(new ApiError(0, null))
    const form = new FormData()
    form.append('image', file)
    xhr.send(form)
  })
}

const oneDecimal = new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** '4,2 MB', '180 KB': Turkish format (Intl tr-TR), one decimal from MB up. */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${oneDecimal.format(bytes / 1024 / 1024)} MB`
  return `${formatNumber(Math.max(1, Math.round(bytes / 1024)))} KB`
}

/**
 * '4,2 MB → 180 KB' for an image the server made copies of (chosen bytes, or the uploaded ones, → its largest
 * WebP copy); '' otherwise.
 */
export function savedText(media: MediaItem | undefined, chosenBytes?: number): string {
  if (!media || media.type !== 'image' || !media.optimizedBytes) return ''
  return `${sizeText(chosenBytes ?? media.uploadBytes)} → ${sizeText(media.optimizedBytes)}`
}
