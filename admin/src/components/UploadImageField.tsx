import { useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { msg } from '#schema/messages.ts'
import { IMAGE_ACCEPT, ImageInput } from './ui/ImageInput.tsx'
import { errorText } from '../lib/api-client.ts'
import type { MediaEntry } from '../lib/media.ts'
import { SIZES_PENDING_TEXT, savedText, uploadWithProgress, waitForSizes } from '../lib/upload.ts'
import { UploadReportContext } from '../hooks/useUploadTracking.ts'

export const MEDIA_ACCEPT = 'image/*,video/mp4,video/webm,video/ogg'
const MEDIA_MAX_BYTES = 50 * 1024 * 1024

export type UploadImageFieldProps = {
  label: ReactNode
  /** The stored URL ('' when none). */
  url: string
  /**
   * The new URL: an upload just stored (with its library record), an image picked from the library (with its
   * record, whose alt text the form may offer), or '' on remove.
   */
  onChange: (url: string, item?: MediaEntry) => void
  /** Banner background: images and mp4/webm/ogg video up to 50 MB. Otherwise images up to 25 MB. */
  media?: boolean
  /** Image types the picker offers (default JPG, PNG, GIF, WEBP; 'image/*' where the spec says any image). */
  accept?: string
  /** Runs in the browser before the upload (the slider and covers are shrunk to the spec's sizes first). */
  prepare?: (file: File) => Promise<File>
  /**
   * With `prepare`: whether a library image is used as it is. One that is not is fetched, prepared and uploaded
   * as a copy of its own (a 4000 px library photo chosen for the slider becomes a 1920 px JPEG).
   */
  fitsAsIs?: (item: MediaEntry) => boolean
  /** Larger files than the server takes are fine when `prepare` shrinks them. */
  maxBytes?: number
  tooLargeMessage?: string
  /** Upload failures go here (a form's message banner); without it they show under the field. */
  onError?: (text: string) => void
  error?: string
  /** Shown under the field while nothing is uploading. */
  hint?: ReactNode
}

/**
 * An image field that uploads as soon as a file is chosen (POST /api/upload), showing the upload's progress and
 * then the size the server made of it ('4,2 MB → 180 KB'), or reuses an image from the media library. The form
 * around it saves only the URL, and waits while an upload runs (`useUploadTracking`).
 */
export function UploadImageField(props: UploadImageFieldProps) {
  const { label, url, onChange, media = false, accept = IMAGE_ACCEPT, prepare, fitsAsIs } = props
  const { maxBytes, tooLargeMessage } = props
  const { onError, error, hint } = props
  const report = useContext(UploadReportContext)
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [result, setResult] = useState('')
  const [failure, setFailure] = useState('')
  // Uploads of this field still running, and the newest one's number: only the newest may set the image.
  const running = useRef({ count: 0, newest: 0, gone: false })

  // A field removed mid-upload (its form closed) must not keep the form's count up.
  useEffect(() => {
    const r = running.current
    r.gone = false
    return () => {
      r.gone = true
      for (; r.count > 0; r.count--) report?.(-1)
    }
  }, [report])

  /** Drops the upload under way, if any: it may finish, but it no longer sets the image ('Kaldır', a pick). */
  function forgetUpload() {
    running.current.newest++
    setFile(null)
    setProgress(null)
    setResult('')
    setFailure('')
  }

  /** Uploads a chosen file, or the library image `pickedUrl` after `prepare` (its copy of its own). */
  async function choose(chosen: File | null, pickedUrl?: string) {
    setFile(chosen)
    setResult('')
    setFailure('')
    setProgress(0)
    const r = running.current
    const number = ++r.newest
    r.count++
    report?.(1)
    const newest = () => number === r.newest && !r.gone
    try {
      const original = chosen ?? (await fetchAsFile(pickedUrl!))
      const sent = prepare ? await prepare(original) : original
      const uploaded = await uploadWithProgress(
        sent,
        media ? 'media' : 'image',
        (p) => newest() && setProgress(p),
      )
      if (!newest()) return
      onChange(uploaded.imageUrl, uploaded.media && { ...uploaded.media, uses: [] })
      if (uploaded.pending) {
        // Usable now ('Kaydet' no longer waits); the other sizes follow in the background.
        setResult(SIZES_PENDING_TEXT)
        void waitForSizes(uploaded.imageUrl, () => !newest()).then(
          (media) => newest() && setResult(media ? savedText(media, original.size) : ''),
        )
      } else setResult(savedText(uploaded.media, original.size))
    } catch (err) {
      if (!newest()) return
      const text = errorText(err, media ? msg.fileUploadError : msg.imageUploadError)
      if (onError) onError(text)
      else setFailure(text)
    } finally {
      if (!r.gone) {
        r.count--
        report?.(-1)
      }
      if (newest()) {
        setFile(null)
        setProgress(null)
      }
    }
  }

  const status =
    progress === null ? (
      result || hint
    ) : (
      <span className="upload-progress" role="status">
        <progress max={1} value={progress < 1 ? progress : undefined} aria-label="Yükleme durumu" />
        {progress < 1 ? `Yükleniyor... %${Math.round(progress * 100)}` : 'Görsel işleniyor...'}
      </span>
    )
  return (
    <ImageInput
      label={label}
      currentUrl={url}
      file={file}
      onFileChange={(chosen) => (chosen ? void choose(chosen) : forgetUpload())}
      onRemove={url ? () => onChange('') : undefined}
      onPick={(item) => {
        if (prepare && fitsAsIs && !fitsAsIs(item)) return void choose(null, item.url)
        forgetUpload()
        onChange(item.url, item)
      }}
      accept={media ? MEDIA_ACCEPT : accept}
      maxBytes={maxBytes ?? (media ? MEDIA_MAX_BYTES : undefined)}
      tooLargeMessage={tooLargeMessage ?? (media ? msg.mediaTooLarge : undefined)}
      error={failure || error}
      hint={status || undefined}
    />
  )
}

/** A library image as a File, to prepare it like a chosen one. */
async function fetchAsFile(url: string): Promise<File> {
  const res = await fetch(url, { credentials: 'same-origin' })
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`)
  const blob = await res.blob()
  return new File([blob], url.split('/').pop() ?? 'gorsel', { type: blob.type })
}
