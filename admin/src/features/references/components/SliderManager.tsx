import { useState, type FormEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { MAX_SLIDER_IMAGES } from '#schema/reference.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { UploadImageField } from '../../../components/UploadImageField.tsx'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import { errorText } from '../../../lib/api-client.ts'
import { confirmAction } from '../../../lib/confirm.ts'
import { useAddSliderImage } from '../api/add-slider-image.ts'
import { useDeleteSliderImage } from '../api/delete-slider-image.ts'
import {
  fitsResize,
  PICK_MAX_BYTES,
  PICK_TOO_LARGE,
  resizeImage,
  SLIDER_RESIZE,
} from '../utils/resize-image.ts'
import type { Feedback } from './feedback.ts'

/**
 * Slider images: numbered list with delete, and an add form (at most 10). A chosen file is resized to 1920 px,
 * JPEG 0.8, and uploaded at once; 'Slider görseli ekle' then adds it (or an image from the media library).
 */
export function SliderManager({ images, feedback }: { images: string[]; feedback: Feedback }) {
  const [image, setImage] = useState('')
  const { uploading, report } = useUploadTracking()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const add = useAddSliderImage()
  const remove = useDeleteSliderImage()
  const full = images.length >= MAX_SLIDER_IMAGES

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (full) return setError(msg.sliderMax)
    if (!image) return setError(msg.sliderImageRequired)
    setError('')
    setBusy(true)
    try {
      await add.mutateAsync(image)
      setImage('')
      feedback.ok('Slider görseli eklendi.')
    } catch (err) {
      feedback.fail(errorText(err, msg.sliderAddError))
    } finally {
      setBusy(false)
    }
  }

  async function del(index: number) {
    if (!confirmAction(`${index + 1}. slider görseli silinsin mi?`)) return
    try {
      await remove.mutateAsync(index)
      feedback.ok('Slider görseli silindi.')
    } catch (err) {
      feedback.fail(errorText(err, msg.sliderDeleteError))
    }
  }

  return (
    <Card title={`Slider görselleri (${images.length}/${MAX_SLIDER_IMAGES})`}>
      {images.length > 0 ? (
        <ol className="slider-list">
          {images.map((src, index) => (
            <li key={`${index}-${src}`} className="slider-list__item">
              <span className="slider-list__number">{index + 1}</span>
              <img src={src} alt={`${index + 1}. slider görseli`} loading="lazy" />
              <Button
                variant="danger"
                size="sm"
                onClick={() => del(index)}
                aria-label={`${index + 1}. slider görselini sil`}
              >
                Sil
              </Button>
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">Henüz slider görseli yok.</p>
      )}
      <form className="form slider-add" onSubmit={submit} noValidate aria-label="Slider görseli ekle">
        <UploadReportContext value={report}>
          <UploadImageField
            label="Yeni slider görseli"
            url={image}
            onChange={(url) => {
              setImage(url)
              setError('')
            }}
            prepare={(file) => resizeImage(file, SLIDER_RESIZE)}
            fitsAsIs={(item) => fitsResize(item, SLIDER_RESIZE)}
            maxBytes={PICK_MAX_BYTES}
            tooLargeMessage={PICK_TOO_LARGE}
            hint={full ? msg.sliderMax : 'En fazla 1920 px genişliğe küçültülür.'}
            error={error}
          />
        </UploadReportContext>
        <div className="actions">
          <Button type="submit" busy={busy} disabled={full || uploading}>
            Slider görseli ekle
          </Button>
        </div>
      </form>
    </Card>
  )
}
