import { useState, type FormEvent } from 'react'
import { msg } from '#schema/messages.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { UploadImageField } from '../../../components/UploadImageField.tsx'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import { errorText } from '../../../lib/api-client.ts'
import type { FieldErrors } from '../../../lib/validate.ts'
import { useSavePartnerCard } from '../api/save-partner-card.ts'
import type { Feedback } from '../hooks/feedback.ts'
import { checkPartnerDraft, emptyPartnerDraft } from '../partner-draft.ts'
import { PartnerFields } from './PartnerFields.tsx'

/** 'Yeni partner kartı ekle': collapsed to a button; open, the card fields with Ekle and İptal. */
export function NewPartnerCardForm({ feedback }: { feedback: Feedback }) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(emptyPartnerDraft)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const save = useSavePartnerCard()
  const { uploading, report } = useUploadTracking()
  const [empty] = useState(emptyPartnerDraft)
  // Issue 30: a card typed and not yet added is kept in this browser; 'İptal' asks and hides it, the text stays.
  const kept = useFormDraft({
    form: 'anasayfa',
    itemId: 'partners.yeni-kart',
    values: draft,
    baseline: empty,
    restore: (values) => {
      setDraft(values)
      setOpen(true)
    },
    unsaved: open && JSON.stringify(draft) !== JSON.stringify(empty),
  })

  async function cancel() {
    if (!(await kept.confirmLeave())) return
    setOpen(false)
    setErrors({})
  }

  function added() {
    kept.saved()
    setOpen(false)
    setDraft(emptyPartnerDraft())
    setErrors({})
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    const check = checkPartnerDraft(draft)
    if (!check.ok) return setErrors(check.fields)
    setErrors({})
    setBusy(true)
    try {
      await save.mutateAsync({ card: draft })
      feedback.ok(msg.homeSaved)
      added()
    } catch (error) {
      feedback.fail(errorText(error, msg.cardAddError))
    } finally {
      setBusy(false)
    }
  }

  if (!open)
    return (
      <>
        {kept.offer}
        <Button variant="secondary" onClick={() => setOpen(true)}>
          + Yeni partner kartı ekle
        </Button>
      </>
    )
  return (
    <>
      {kept.offer}
      <form className="partner-new stack" onSubmit={submit} noValidate aria-label="Yeni partner kartı">
        <h3 className="home-editor__subtitle">Yeni partner kartı</h3>
        <PartnerFields draft={draft} onChange={setDraft} errors={errors} />
        <UploadReportContext value={report}>
          <UploadImageField
            label="Kart görseli"
            url={draft.image}
            onChange={(image) => setDraft((d) => ({ ...d, image }))}
            accept="image/*"
            onError={feedback.fail}
          />
        </UploadReportContext>
        <div className="actions">
          <Button type="submit" busy={busy} disabled={uploading}>
            Ekle
          </Button>
          <Button variant="ghost" onClick={() => void cancel()} disabled={busy}>
            İptal
          </Button>
        </div>
      </form>
    </>
  )
}
