import { useState } from 'react'
import { msg } from '#schema/messages.ts'
import { ImageInput } from '../../../components/ui/ImageInput.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { savedText, uploadWithProgress } from '../../../lib/upload.ts'
import type { Feedback } from '../hooks/feedback.ts'

export const MEDIA_ACCEPT = 'image/*,video/mp4,video/webm,video/ogg'
const MEDIA_MAX_BYTES = 50 * 1024 * 1024

type UploadFieldProps = {
  label: string
  /** The stored URL ('' when none). */
  url: string
  /** Banner background: images and mp4/webm/ogg video up to 50 MB. Otherwise any image type. */
  media?: boolean
  /** Stores the uploaded URL (or '' on remove) in the section or card. */
  onChange: (url: string) => Promise<unknown> | void
  feedback: Feedback
}

/**
 * Image (or banner media) picker that uploads as soon as a file is chosen, showing the upload's progress and then
 * the size the server made of it ('4,2 MB → 180 KB'); or reuses an image from the media library.
 */
export function UploadField({ label, url, media = false, onChange, feedback }: UploadFieldProps) {
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [result, setResult] = useState('')

  async function choose(chosen: File | null) {
    if (!chosen) return
    setFile(chosen)
    setResult('')
    setProgress(0)
    try {
      const uploaded = await uploadWithProgress(chosen, media ? 'media' : 'image', setProgress)
      setResult(savedText(uploaded.media))
      await onChange(uploaded.imageUrl)
    } catch (error) {
      feedback.fail(errorText(error, media ? msg.fileUploadError : msg.imageUploadError))
    } finally {
      setFile(null)
      setProgress(null)
    }
  }

  const hint =
    progress === null
      ? result || undefined
      : progress < 1
        ? `Yükleniyor... %${Math.round(progress * 100)}`
        : 'Boyutlar hazırlanıyor...'
  return (
    <ImageInput
      label={label}
      currentUrl={url}
      file={file}
      onFileChange={choose}
      onRemove={url ? () => void onChange('') : undefined}
      onPick={(item) => void onChange(item.url)}
      accept={media ? MEDIA_ACCEPT : 'image/*'}
      maxBytes={media ? MEDIA_MAX_BYTES : undefined}
      tooLargeMessage={media ? msg.mediaTooLarge : undefined}
      hint={hint}
    />
  )
}
