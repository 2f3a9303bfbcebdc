import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { formatFileSize } from '#schema/file-size.ts'
import {
  LIBRARY_ACCEPT,
  LIBRARY_TYPES_TEXT,
  type LibraryCategory,
  type LibraryFileVersion,
  type LibraryItem,
} from '#schema/library.ts'
import { formatDate } from '../../lib/dates.ts'
import { fieldErrorsOf, messageOf } from '../../lib/island-api.ts'
import { fetchItem, sendForm, type UploadProgress } from '../../lib/library-api.ts'
import {
  DRAFT_DELETE,
  DRAFT_OFFER,
  DRAFT_RESTORE,
  draftTime,
  LEAVE_CANCEL,
  LEAVE_CONFIRM,
  LEAVE_QUESTION,
  LEAVE_TITLE,
} from '../../lib/form-drafts.ts'
import { ConfirmDialog } from './ConfirmDialog.tsx'
import { useFormDraft } from './use-form-draft.ts'

type Props = {
  categories: LibraryCategory[]
  /** The item being edited; null for 'Yeni belge'. */
  editing: LibraryItem | null
  /** The logged-in library admin: drafts are kept per member. */
  memberId: string
  onSaved: (item: LibraryItem, message: string) => void
  onCancel: () => void
}

/** Text of the progress line: 'Yükleniyor... %42' while bytes go, then the server's checks and indexing. */
const progressText = (p: UploadProgress) =>
  p.stage === 'sending' ? `Yükleniyor... %${p.percent}` : 'Dosya kontrol ediliyor...'

/** The typed fields a draft keeps (never the file: a browser cannot keep it, decision 306). */
type DraftValues = {
  title: string
  description: string
  category: string
  mode: 'file' | 'link'
  url: string
}

/**
 * Library admins' 'Yeni belge' and 'Düzenle' form: title, description, category, and a file (drag and drop or the
 * file dialog, with upload progress) or a link. Editing a file item may replace its file; the earlier files are
 * listed under 'Önceki sürümler'. Errors come from the server in Turkish, under their fields. Typed text is kept
 * as a draft in this browser until saved, and 'İptal' with unsaved changes asks first (decision 306).
 */
export function LibraryItemForm({ categories, editing, memberId, onSaved, onCancel }: Props) {
  const id = useId()
  const [title, setTitle] = useState(editing?.title ?? '')
  const [description, setDescription] = useState(editing?.description ?? '')
  const [category, setCategory] = useState(editing?.category ?? '')
  const [mode, setMode] = useState<'file' | 'link'>(editing?.kind ?? 'file')
  const [file, setFile] = useState<File | null>(null)
  const [url, setUrl] = useState(editing?.url ?? '')
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState('')
  const [dragging, setDragging] = useState(false)
  const [versions, setVersions] = useState<LibraryFileVersion[]>([])
  const [leaving, setLeaving] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)
  const [baseline] = useState<DraftValues>(() => ({
    title: editing?.title ?? '',
    description: editing?.description ?? '',
    category: editing?.category ?? '',
    mode: editing?.kind ?? 'file',
    url: editing?.url ?? '',
  }))
  const draft = useFormDraft<DraftValues>({
    memberId,
    form: 'kutuphane-belge',
    itemId: editing?.id,
    values: { title, description, category, mode, url },
    baseline,
  })

  function restoreDraft(values: DraftValues) {
    setTitle(values.title)
    setDescription(values.description)
    setCategory(values.category)
    setMode(values.mode === 'link' ? 'link' : 'file')
    setUrl(values.url)
    draft.restored()
  }

  /** 'İptal': unsaved typing (or a chosen file) asks first; the draft stays in this browser either way. */
  function cancel() {
    if (draft.dirty || file) setLeaving(true)
    else onCancel()
  }
  const input = useRef<HTMLInputElement>(null)

  useEffect(() => {
    heading.current?.focus()
    if (editing?.kind === 'file')
      void fetchItem(editing.id)
        .then((r) => setVersions(r?.versions ?? []))
        .catch(() => {})
  }, [editing])

  function drop(e: DragEvent) {
    e.preventDefault()
    setDragging(false)
    const dropped = e.dataTransfer.files[0]
    if (dropped) setFile(dropped)
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (progress) return
    setErrors({})
    setMessage('')
    const form = new FormData()
    form.set('title', title)
    form.set('description', description)
    form.set('category', category)
    if (mode === 'link') form.set('url', url)
    else if (file) form.set('file', file)
    setProgress(file && mode === 'file' ? { stage: 'sending', percent: 0 } : { stage: 'processing' })
    const path = editing ? `/api/library/items/${encodeURIComponent(editing.id)}` : '/api/library/items'
    const result = await sendForm(editing ? 'PUT' : 'POST', path, form, setProgress).finally(() =>
      setProgress(null),
    )
    if (result.ok && result.body.data) {
      draft.saved()
      onSaved(
        result.body.data as LibraryItem,
        messageOf(result.body, editing ? 'Belge güncellendi.' : 'Belge eklendi.'),
      )
      return
    }
    setErrors(fieldErrorsOf(result.body))
    setMessage(
      result.status === 0
        ? 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.'
        : messageOf(result.body, 'Belge kaydedilemedi.'),
    )
  }

  const busy = progress !== null
  const field = (name: string) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  })
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="library-form__error">
        {errors[name]}
      </p>
    ) : null

  return (
    <form className="card library-form" noValidate onSubmit={submit} aria-busy={busy}>
      <h3 ref={heading} tabIndex={-1} className="library-form__title">
        {editing ? `Belgeyi düzenle: ${editing.title}` : 'Yeni belge'}
      </h3>
      {draft.kept && (
        <div className="notice notice--info library-draft" role="status">
          <p>
            {DRAFT_OFFER}
            <span className="library-draft__when">{draftTime(draft.kept.at)} tarihinde yazıldı</span>
          </p>
          <div className="library-draft__actions">
            <button
              type="button"
              className="btn btn--primary btn--small"
              onClick={() => restoreDraft(draft.kept!.values)}
            >
              {DRAFT_RESTORE}
            </button>
            <button type="button" className="btn btn--outline btn--small" onClick={draft.discard}>
              {DRAFT_DELETE}
            </button>
          </div>
        </div>
      )}
      <div className="library-form__field">
        <label htmlFor={`${id}-title`}>Başlık</label>
        <input
          {...field('title')}
          type="text"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
        {fieldError('title')}
      </div>
      <div className="library-form__field">
        <label htmlFor={`${id}-description`}>Açıklama</label>
        <textarea
          {...field('description')}
          rows={3}
          value={description}
          maxLength={2000}
          onChange={(e) => setDescription(e.target.value)}
        />
        {fieldError('description')}
      </div>
      <div className="library-form__field">
        <label htmlFor={`${id}-category`}>Kategori</label>
        <select {...field('category')} value={category} onChange={(e) => setCategory(e.target.value)}>
          <option value="">Kategorisiz</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
        {fieldError('category')}
      </div>
      <fieldset className="library-form__kind">
        <legend>Belge türü</legend>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={mode === 'file'}
            onChange={() => setMode('file')}
          />{' '}
          Dosya
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-kind`}
            checked={mode === 'link'}
            onChange={() => setMode('link')}
          />{' '}
          Bağlantı
        </label>
      </fieldset>
      {mode === 'file' ? (
        <div className="library-form__field">
          <span className="library-form__label" id={`${id}-file-label`}>
            {editing?.kind === 'file' ? 'Dosyayı değiştir (isteğe bağlı)' : 'Dosya'}
          </span>
          <div
            className={`library-drop${dragging ? ' library-drop--over' : ''}`}
            onDragOver={(e) => {
              e.preventDefault()
              setDragging(true)
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={drop}
          >
            <input
              ref={input}
              {...field('file')}
              className="visually-hidden"
              type="file"
              tabIndex={-1}
              accept={LIBRARY_ACCEPT}
              aria-labelledby={`${id}-file-label`}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <p className="library-drop__text">
              {file ? (
                <>
                  <strong>{file.name}</strong> ({formatFileSize(file.size, 1)})
                </>
              ) : editing?.kind === 'file' ? (
                <>
                  Şu anki dosya: <strong>{editing.fileName}</strong> ({formatFileSize(editing.size, 1)})
                </>
              ) : (
                'Dosyayı buraya sürükleyip bırakın ya da seçin.'
              )}
            </p>
            {/* A real button (keyboard, focus ring) opens the hidden input's file dialog. */}
            <button
              type="button"
              className="btn btn--outline btn--small"
              aria-describedby={`${id}-file-label`}
              onClick={() => input.current?.click()}
            >
              Dosya seç
            </button>
            <p className="library-drop__hint">{LIBRARY_TYPES_TEXT}</p>
          </div>
          {fieldError('file')}
        </div>
      ) : (
        <div className="library-form__field">
          <label htmlFor={`${id}-url`}>Bağlantı adresi</label>
          <input
            {...field('url')}
            type="url"
            inputMode="url"
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
          {fieldError('url')}
        </div>
      )}
      {progress && (
        <div className="library-progress" role="status">
          <span>{progressText(progress)}</span>
          <progress
            max={100}
            value={progress.stage === 'sending' ? progress.percent : undefined}
            aria-label="Yükleme durumu"
          />
        </div>
      )}
      <div role="alert" className="library-form__alert">
        {message && <p className="notice notice--error">{message}</p>}
      </div>
      {versions.length > 0 && (
        <details className="library-versions">
          <summary>Önceki sürümler ({versions.length})</summary>
          <ul>
            {versions.map((v) => (
              <li key={v.id}>
                <a
                  href={`/api/library/items/${encodeURIComponent(editing!.id)}/versions/${encodeURIComponent(v.id)}/file`}
                  download={v.fileName}
                >
                  {v.fileName}
                </a>{' '}
                · {formatFileSize(v.size, 1)} · {formatDate(v.replacedAt)} · {v.replacedBy}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="library-form__buttons">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Kaydediliyor...' : editing ? 'Kaydet' : 'Ekle'}
        </button>
        <button type="button" className="btn btn--outline" disabled={busy} onClick={cancel}>
          İptal
        </button>
      </div>
      {leaving && (
        <ConfirmDialog
          title={LEAVE_TITLE}
          confirmLabel={LEAVE_CONFIRM}
          cancelLabel={LEAVE_CANCEL}
          danger={false}
          onCancel={() => setLeaving(false)}
          onConfirm={onCancel}
        >
          <p>{LEAVE_QUESTION}</p>
        </ConfirmDialog>
      )}
    </form>
  )
}
