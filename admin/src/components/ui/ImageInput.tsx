import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { MAX_IMAGE_BYTES } from '#schema/media.ts'
import { msg } from '#schema/messages.ts'
import { isVideo } from '#schema/home.ts'
import { Button } from './Button.tsx'
import { describedBy, Field } from './Field.tsx'
import { FileButton } from './FileButton.tsx'
import { MediaPicker } from '../MediaPicker.tsx'
import type { MediaEntry } from '../../lib/media.ts'

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp'

export type ImageInputProps = {
  label: ReactNode
  /** The image already stored on the server ('' or undefined when none). */
  currentUrl?: string
  /** The newly chosen file, kept by the parent until it saves. */
  file: File | null
  onFileChange: (file: File | null) => void
  /** Shows a 'Kaldır' button that clears both the chosen file and the current image. */
  onRemove?: () => void
  /** MIME list or patterns for the picker (default JPG, PNG, GIF, WEBP); files not matching are refused. */
  accept?: string
  /** Refuses larger files with `tooLargeMessage` (default MAX_IMAGE_BYTES, 25 MB, the server's image limit). */
  maxBytes?: number
  tooLargeMessage?: string
  error?: string
  hint?: ReactNode
  /** Offers 'Kütüphaneden seç': an image already uploaded is reused instead of uploaded again. */
  onPick?: (item: MediaEntry) => void
}

function matchesAccept(file: File, accept: string): boolean {
  return accept.split(',').some((raw) => {
    const a = raw.trim().toLowerCase()
    if (a.endsWith('/*')) return file.type.startsWith(a.slice(0, -1))
    if (a.startsWith('.')) return file.name.toLowerCase().endsWith(a)
    return file.type === a
  })
}

/** File picker with a local preview (image or video) and remove. The parent uploads the file on save. */
export function ImageInput(props: ImageInputProps) {
  const {
    label,
    currentUrl,
    file,
    onFileChange,
    onRemove,
    accept = IMAGE_ACCEPT,
    error,
    hint,
    onPick,
  } = props
  const { maxBytes = MAX_IMAGE_BYTES, tooLargeMessage = msg.imageTooLarge } = props
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const [localError, setLocalError] = useState('')
  const [preview, setPreview] = useState('')
  const [broken, setBroken] = useState('')

  useEffect(() => {
    if (!file) return setPreview('')
    const url = URL.createObjectURL(file)
    setPreview(url)
    return () => URL.revokeObjectURL(url)
  }, [file])

  useEffect(() => {
    if (!file && inputRef.current) inputRef.current.value = ''
  }, [file])

  const shown = preview || currentUrl || ''
  const video = file ? file.type.startsWith('video/') : isVideo(shown)
  const shownError = localError || error

  function choose(chosen: File | undefined) {
    setLocalError('')
    if (!chosen) return
    // Only a picker that also takes video names video in its message.
    const problem = !matchesAccept(chosen, accept)
      ? accept.includes('video')
        ? msg.mediaOnly
        : msg.imageOnly
      : chosen.size > maxBytes
        ? tooLargeMessage
        : ''
    if (problem) {
      setLocalError(problem)
      if (inputRef.current) inputRef.current.value = ''
      return
    }
    onFileChange(chosen)
  }

  return (
    <Field id={id} label={label} error={shownError} hint={hint}>
      <div className="image-input">
        {shown && broken === shown ? (
          <div className="image-input__placeholder">Görsel yüklenemedi</div>
        ) : shown ? (
          video ? (
            <video className="image-input__preview" src={shown} muted controls />
          ) : (
            <img
              className="image-input__preview"
              src={shown}
              alt="Önizleme"
              onError={() => setBroken(shown)}
            />
          )
        ) : (
          <div className="image-input__placeholder">Görsel seçilmedi</div>
        )}
        <div className="image-input__controls">
          <FileButton
            ref={inputRef}
            id={id}
            accept={accept}
            status={file ? file.name : shown ? 'Yüklü görsel kullanılıyor' : 'Dosya seçilmedi'}
            onChange={(e) => choose(e.target.files?.[0])}
            {...describedBy(id, shownError, hint)}
          />
          {onPick && <MediaPicker videos={accept.includes('video')} onPick={onPick} />}
          {shown && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onFileChange(null)
                onRemove?.()
              }}
              disabled={!onRemove && !file}
            >
              Kaldır
            </Button>
          )}
        </div>
      </div>
    </Field>
  )
}
