import { useId, useState, type DragEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { FileButton } from '../../../components/ui/FileButton.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { SIZES_PENDING_TEXT, savedText, uploadWithProgress, waitForSizes } from '../../../lib/upload.ts'

const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,video/mp4,video/webm,video/ogg'
type Row = { key: number; name: string; progress: number; result: string; error: string }

let nextKey = 0

/**
 * Drag-and-drop area and file button for the library: each file uploads with its own progress bar, then shows
 * the size the server made of it ('4,2 MB → 180 KB') or the server's message.
 */
export function UploadZone({ onUploaded }: { onUploaded: () => void }) {
  const id = useId()
  const [rows, setRows] = useState<Row[]>([])
  const [over, setOver] = useState(false)
  // What the picker says after a choice (issue 30: it said 'Dosya seçilmedi' after an upload).
  const [chosen, setChosen] = useState('')
  const update = (key: number, patch: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)))

  async function send(files: File[]) {
    for (const file of files) {
      const key = ++nextKey
      setRows((all) => [{ key, name: file.name, progress: 0, result: '', error: '' }, ...all].slice(0, 8))
      try {
        const kind = file.type.startsWith('video/') ? 'media' : 'image'
        const res = await uploadWithProgress(file, kind, (progress) => update(key, { progress }))
        update(key, { progress: 1, result: res.pending ? SIZES_PENDING_TEXT : savedText(res.media) || 'Yüklendi' })
        onUploaded()
        if (res.pending)
          void waitForSizes(res.imageUrl, () => false).then((media) => {
            update(key, { result: savedText(media ?? res.media) || 'Yüklendi' })
            onUploaded()
          })
      } catch (error) {
        update(key, { error: errorText(error, msg.fileUploadError) })
      }
    }
  }

  function drop(e: DragEvent) {
    e.preventDefault()
    setOver(false)
    void send([...e.dataTransfer.files])
  }

  return (
    <section
      className={`upload-zone${over ? ' upload-zone--over' : ''}`}
      aria-labelledby={`${id}-title`}
      onDragOver={(e) => {
        e.preventDefault()
        setOver(true)
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <h2 id={`${id}-title`} className="upload-zone__title">
        Dosya yükle
      </h2>
      <p className="muted">
        Dosyaları buraya sürükleyin veya seçin. Görseller en fazla 25 MB, videolar 50 MB; resimlerin küçük
        boyutları otomatik hazırlanır.
      </p>
      <FileButton
        id={id}
        accept={ACCEPT}
        multiple
        aria-label="Yüklenecek dosyaları seçin"
        status={chosen || 'Dosya seçilmedi'}
        onChange={(e) => {
          const files = [...(e.target.files ?? [])]
          setChosen(files.length === 1 ? files[0]!.name : `${files.length} dosya seçildi`)
          void send(files)
          e.target.value = ''
        }}
      />
      {rows.length > 0 && (
        <ul className="upload-zone__rows" aria-live="polite">
          {rows.map((row) => (
            <li key={row.key}>
              <span className="upload-zone__name">{row.name}</span>
              {row.error ? (
                <span className="field__error">{row.error}</span>
              ) : row.result ? (
                <span>{row.result}</span>
              ) : (
                <span className="upload-progress">
                  <progress
                    max={1}
                    value={row.progress < 1 ? row.progress : undefined}
                    aria-label={`${row.name} yükleniyor`}
                  />
                  {row.progress < 1 ? `Yükleniyor... %${Math.round(row.progress * 100)}` : 'Görsel işleniyor...'}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
