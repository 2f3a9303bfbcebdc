import { useState } from 'react'
import { useMedia, thumbnailUrl, type MediaEntry } from '../lib/media.ts'
import { Button } from './ui/Button.tsx'
import { Modal } from './ui/Modal.tsx'

type MediaPickerProps = {
  /** Also offer banner videos. */
  videos?: boolean
  /** The chosen item (its URL and alt text). */
  onPick: (item: MediaEntry) => void
  label?: string
}

/** 'Kütüphaneden seç': a button and a dialog of every uploaded image, to reuse one instead of uploading again. */
export function MediaPicker({ videos = false, onPick, label = 'Kütüphaneden seç' }: MediaPickerProps) {
  const [open, setOpen] = useState(false)
  const media = useMedia(open)
  const items = (media.data ?? []).filter((item) => videos || item.type === 'image')
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Modal open={open} title="Medya kütüphanesi" onClose={() => setOpen(false)} size="lg">
        {media.isPending ? (
          <p className="muted">Yükleniyor...</p>
        ) : media.isError ? (
          <p role="alert">Medya listesi alınamadı.</p>
        ) : items.length === 0 ? (
          <p className="muted">Henüz yüklenmiş görsel yok.</p>
        ) : (
          <ul className="media-picker" aria-label="Görseller">
            {items.map((item) => (
              <li key={item.url}>
                <button
                  type="button"
                  className="media-picker__item"
                  onClick={() => {
                    setOpen(false)
                    onPick(item)
                  }}
                >
                  {item.type === 'video' ? (
                    <video src={item.url} muted preload="metadata" />
                  ) : (
                    <img src={thumbnailUrl(item)} alt="" loading="lazy" />
                  )}
                  <span className="media-picker__name">
                    Seç: {item.alt || item.name || item.url.split('/').pop()}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  )
}
