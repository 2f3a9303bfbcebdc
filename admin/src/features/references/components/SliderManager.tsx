import { useState, type FormEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { MAX_SLIDER_IMAGES } from '#schema/reference.ts'
import { HistoryButton } from '../../../components/HistoryButton.tsx'
import { DragHandle, SortableList } from '../../../components/SortableList.tsx'
import { Button } from '../../../components/ui/Button.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { UploadImageField } from '../../../components/UploadImageField.tsx'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import { errorText } from '../../../lib/api-client.ts'
import { confirmAction } from '../../../lib/confirm.ts'
import { useAddSliderImage } from '../api/add-slider-image.ts'
import { useDeleteSliderImage } from '../api/delete-slider-image.ts'
import { useReorderSlider } from '../api/reorder-slider.ts'
import type { SliderItem } from '../reference-logic.ts'
import {
  fitsResize,
  PICK_MAX_BYTES,
  PICK_TOO_LARGE,
  resizeImage,
  SLIDER_RESIZE,
} from '../utils/resize-image.ts'
import type { Feedback } from './feedback.ts'

/**
 * Slider images: a numbered list addressed by id (delete, reorder by drag or keyboard, 'Geçmiş'), and an add form
 * (at most 10). A chosen file is resized to 1920 px, JPEG 0.8, and uploaded at once; 'Slider görseli ekle' then
 * adds it (or an image from the media library).
 */
export function SliderManager({ images, feedback }: { images: SliderItem[]; feedback: Feedback }) {
  const [image, setImage] = useState('')
  const { uploading, report } = useUploadTracking()
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const add = useAddSliderImage()
  const remove = useDeleteSliderImage()
  const reorder = useReorderSlider()
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

  async function del(item: SliderItem, index: number) {
    if (!(await confirmAction(`${index + 1}. slider görseli silinsin mi?`))) return
    try {
      await remove.mutateAsync(item.id)
      feedback.ok('Slider görseli silindi.')
    } catch (err) {
      feedback.fail(errorText(err, msg.sliderDeleteError))
    }
  }

  async function move(next: SliderItem[]) {
    try {
      const res = await reorder.mutateAsync(next)
      feedback.ok(res.message ?? msg.sliderReordered)
    } catch (err) {
      feedback.fail(errorText(err, msg.reorderError))
    }
  }

  return (
    <Card
      title={`Slider görselleri (${images.length}/${MAX_SLIDER_IMAGES})`}
      actions={
        <HistoryButton
          collection="references"
          id="~slider"
          what="Slider görselleri"
          onRestored={(text) => feedback.ok(text)}
          onError={(text) => feedback.fail(text)}
        />
      }
    >
      {images.length > 0 ? (
        <SortableList
          items={images}
          getId={(item) => item.id}
          onReorder={(next) => void move(next)}
          className="slider-list slider-list--rows"
          describe={(item) => `${images.indexOf(item) + 1}. slider görseli`}
          renderItem={(item, handle, index) => (
            <div className="slider-list__item">
              <DragHandle handle={handle} label={`${index + 1}. slider görseli: sürükleyerek sırala`} />
              <span className="slider-list__number">{index + 1}</span>
              <img src={item.url} alt={`${index + 1}. slider görseli`} loading="lazy" />
              <Button
                variant="danger"
                size="sm"
                onClick={() => del(item, index)}
                aria-label={`${index + 1}. slider görselini sil`}
              >
                Sil
              </Button>
            </div>
          )}
        />
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
