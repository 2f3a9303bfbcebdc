import { useState } from 'react'
import { msg } from '#schema/messages.ts'
import { ImageInput } from '../../../components/ui/ImageInput.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { uploadFile } from '../api/upload-file.ts'
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

/** Image (or banner media) picker that uploads as soon as a file is chosen, with preview and remove. */
export function UploadField({ label, url, media = false, onChange, feedback }: UploadFieldProps) {
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)

  async function choose(chosen: File | null) {
    if (!chosen) return
    setFile(chosen)
    setBusy(true)
    try {
      const uploaded = await uploadFile({ file: chosen, media })
      await onChange(uploaded)
    } catch (error) {
      feedback.fail(errorText(error, media ? msg.fileUploadError : msg.imageUploadError))
    } finally {
      setFile(null)
      setBusy(false)
    }
  }

  return (
    <ImageInput
      label={label}
      currentUrl={url}
      file={file}
      onFileChange={choose}
      onRemove={url ? () => void onChange('') : undefined}
      accept={media ? MEDIA_ACCEPT : 'image/*'}
      maxBytes={media ? MEDIA_MAX_BYTES : undefined}
      tooLargeMessage={media ? msg.mediaTooLarge : undefined}
      hint={busy ? 'Yükleniyor...' : undefined}
    />
  )
}
