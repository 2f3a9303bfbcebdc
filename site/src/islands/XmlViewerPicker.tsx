import { useState, type DragEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { formatFileSize } from '#schema/file-size.ts'

type Props = {
  /** Id of the file input (kept mounted by the parent); the visible label opens it. */
  inputId: string
  file: File | null
  /** False until the viewer's script runs: a file can be chosen already, it is picked up then. */
  ready: boolean
  busy: boolean
  message: string | null
  onChoose: (file: File | undefined) => void
  onView: () => void
}

/** The picking step: a button and a drop zone for one .xml file, the view button and the step's message. */
export function XmlViewerPicker({ inputId, file, ready, busy, message, onChoose, onView }: Props) {
  const [dragging, setDragging] = useState(false)

  function onDrop(e: DragEvent<HTMLDivElement>) {
    e.preventDefault()
    setDragging(false)
    if (!busy) onChoose(e.dataTransfer.files[0])
  }

  return (
    <div className="xml-viewer__picker card">
      <div
        className={`xml-viewer__drop${dragging ? ' xml-viewer__drop--active' : ''}`}
        data-testid="xml-drop-zone"
        onDragOver={(e) => {
          e.preventDefault()
          e.dataTransfer.dropEffect = 'copy'
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <svg className="xml-viewer__icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zm0 2.5L17.5 8H14zM8.7 17.3 6.4 15l2.3-2.3 1 1L8.4 15l1.3 1.3zm6.6 0-1-1 1.3-1.3-1.3-1.3 1-1 2.3 2.3zM11 18.4l1.6-7.1 1.4.3-1.6 7.1z" />
        </svg>
        <p className="xml-viewer__drop-text">XML dosyanızı buraya sürükleyip bırakın</p>
        <p className="xml-viewer__or">veya</p>
        <label
          htmlFor={inputId}
          className={`btn btn--outline xml-viewer__choose${busy ? ' is-disabled' : ''}`}
        >
          XML dosyası seç
        </label>
        <p className="xml-viewer__file" aria-live="polite">
          {!ready ? (
            'Hazırlanıyor...'
          ) : file ? (
            <>
              Seçilen dosya: <strong>{file.name}</strong> ({formatFileSize(file.size)})
            </>
          ) : (
            'Henüz dosya seçilmedi.'
          )}
        </p>
      </div>
      <div className="xml-viewer__actions">
        {/* aria-disabled rather than disabled: the button still answers a press with the spec's message. */}
        <button type="button" className="btn btn--primary" aria-disabled={!file || busy} onClick={onView}>
          {busy ? msg.loading : 'Görüntüle'}
        </button>
      </div>
      <div className="xml-viewer__message" role="alert">
        {message && <p className="notice notice--error">{message}</p>}
      </div>
      <p className="xml-viewer__privacy">
        Dosyanız bilgisayarınızdan çıkmaz: hiçbir sunucuya yüklenmez, tamamen tarayıcınızda görüntülenir.
      </p>
    </div>
  )
}
