import { useRef, useState } from 'react'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { conflictOf } from '../../../hooks/useEditConflict.ts'
import { msg } from '#schema/messages.ts'
import type { ReferenceCard } from '#schema/reference.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import { Modal } from '../../../components/ui/Modal.tsx'
import { Notice } from '../../../components/ui/Notice.tsx'
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import { confirmAction } from '../../../lib/confirm.ts'
import type { FieldErrors } from '../../../lib/validate.ts'
import { useDeleteReferenceCard } from '../api/delete-reference-card.ts'
import { useGuardedEditor } from '../../../hooks/useGuardedEditor.tsx'
import { useSaveReferenceCard } from '../api/save-reference-card.ts'
import { checkReferenceDraft, draftOfCard } from '../reference-draft.ts'
import type { Feedback } from './feedback.ts'
import { ReferenceCardView } from './ReferenceCardView.tsx'
import { CoverImageField } from './CoverImageField.tsx'
import { ReferenceFields } from './ReferenceFields.tsx'
import { PreviewPanel } from '../../../components/PreviewPanel.tsx'

type Props = { card: ReferenceCard; onClose: () => void; feedback: Feedback }

/**
 * The card in a modal, opened by the row's 'Düzenle' straight in edit mode (Kaydet; İptal closes without
 * changes): no preview with a second 'Düzenle' (issue 23). After a save it shows the card (view mode: Düzenle, Sil).
 */
export function ReferenceCardModal({ card, onClose, feedback }: Props) {
  const [editing, setEditing] = useState(true)
  const [draft, setDraft] = useState(() => draftOfCard(card))
  const [loadedDraft] = useState(() => draftOfCard(card))
  // Issue 30: what is typed is kept in this browser until saved, and offered again when the card reopens.
  const kept = useFormDraft({
    form: 'referans',
    itemId: card.id,
    version: (card as ReferenceCard & { version?: string }).version,
    values: draft,
    baseline: loadedDraft,
    restore: setDraft,
  })
  const { uploading, report } = useUploadTracking()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const local = useTimedMessage(5000)
  const save = useSaveReferenceCard()
  const remove = useDeleteReferenceCard()
  const pending = useRef<Record<string, unknown> | null>(null)
  const guarded = useGuardedEditor({
    history: { collection: 'references', id: card.id, what: card.title || 'Referans' },
    loaded: card,
    // Admin reads carry each card's stored version (api/middleware/content-versions.ts).
    version: kept.version,
    send: async (version) => {
      await save.mutateAsync({ id: card.id, card: pending.current!, version })
      return {}
    },
    savedText: msg.homeSaved,
    errorPrefix: '',
    onSaved: (text) => {
      feedback.ok(text)
      onClose()
    },
    onError: (text) => local.show('error', text),
    // The list reloads after every save; the other admin's card is there once the modal closes.
    onReload: onClose,
  })

  /** 'İptal', the close button and Escape ask first when something typed is not saved (the draft stays). */
  async function cancel() {
    if (editing && !(await kept.confirmLeave())) return
    onClose()
  }

  async function submit() {
    const check = checkReferenceDraft(draft)
    if (!check.ok) return setErrors(check.fields)
    setErrors({})
    setBusy(true)
    try {
      pending.current = draft
      await guarded.save()
      kept.saved()
      setEditing(false)
      feedback.ok(msg.homeSaved)
    } catch (error) {
      if (conflictOf(error)) return // the conflict dialog asks; no error banner behind it (issue 30)
      if (error instanceof ApiError) setErrors(error.fields)
      local.show('error', errorText(error, msg.referenceUpdateError))
    } finally {
      setBusy(false)
    }
  }

  async function del() {
    if (!(await confirmAction(`"${card.title || 'Referans'}" silinsin mi?`))) return
    try {
      await remove.mutateAsync({
        id: card.id,
        version: (card as ReferenceCard & { version?: string }).version,
      })
      feedback.ok('Referans silindi.')
      onClose()
    } catch (error) {
      local.show('error', errorText(error, msg.referenceDeleteFailed))
    }
  }

  const footer = editing ? (
    <>
      {guarded.history}
      <Button variant="ghost" onClick={() => void cancel()} disabled={busy}>
        İptal
      </Button>
      <Button onClick={submit} busy={busy} disabled={uploading}>
        Kaydet
      </Button>
    </>
  ) : (
    <>
      {guarded.history}
      <Button variant="danger" onClick={del} busy={remove.isPending} busyLabel="Siliniyor...">
        Sil
      </Button>
      <Button
        onClick={() => {
          setDraft(draftOfCard(card))
          setEditing(true)
        }}
      >
        Düzenle
      </Button>
    </>
  )

  return (
    <Modal
      open
      title={editing ? 'Referansı düzenle' : 'Referans'}
      onClose={() => void cancel()}
      footer={footer}
      size="lg"
    >
      <Notice message={local.message} />
      {guarded.dialog}
      {editing && kept.offer}
      {editing ? (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            void submit()
          }}
        >
          <UploadReportContext value={report}>
            <CoverImageField
              url={draft.image}
              onChange={(image) => setDraft((d) => ({ ...d, image }))}
              error={errors.image}
            />
          </UploadReportContext>
          <ReferenceFields draft={draft} onChange={setDraft} errors={errors} />
          <PreviewPanel
            collection="references"
            id={card.id}
            build={() => {
              const check = checkReferenceDraft(draft)
              if (!check.ok) {
                setErrors(check.fields)
                return null
              }
              return draft
            }}
            onError={(text) => local.show('error', text)}
          />
        </form>
      ) : (
        <ReferenceCardView card={card} />
      )}
    </Modal>
  )
}
