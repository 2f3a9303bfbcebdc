import { useState, type FormEvent } from 'react'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import { msg } from '#schema/messages.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Card } from '../../../components/ui/Card.tsx'
import { UploadReportContext, useUploadTracking } from '../../../hooks/useUploadTracking.ts'
import { ApiError, errorText } from '../../../lib/api-client.ts'
import type { FieldErrors } from '../../../lib/validate.ts'
import { useSaveReferenceCard } from '../api/save-reference-card.ts'
import { checkReferenceDraft, emptyReferenceDraft } from '../reference-draft.ts'
import type { Feedback } from './feedback.ts'
import { CoverImageField } from './CoverImageField.tsx'
import { ReferenceFields } from './ReferenceFields.tsx'

/** New reference card: cover image (resized to 800 px, JPEG 0.7), texts, category, sectors, socials. */
export function NewReferenceForm({ feedback }: { feedback: Feedback }) {
  const [draft, setDraft] = useState(emptyReferenceDraft)
  const [empty] = useState(emptyReferenceDraft)
  // Issue 30: a half-filled new card is kept in this browser and offered again.
  const kept = useFormDraft({ form: 'referans', values: draft, baseline: empty, restore: setDraft })
  const { uploading, report } = useUploadTracking()
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  const save = useSaveReferenceCard()

  async function submit(e: FormEvent) {
    e.preventDefault()
    const check = checkReferenceDraft(draft)
    if (!check.ok) return setErrors(check.fields)
    setErrors({})
    setBusy(true)
    try {
      await save.mutateAsync({ card: draft })
      kept.saved()
      setDraft(emptyReferenceDraft())
      feedback.ok('Referans kartı eklendi.')
    } catch (error) {
      // The spec only logs this failure; we also show the server's field errors and message so the user knows.
      console.error(error)
      if (error instanceof ApiError) setErrors(error.fields)
      feedback.fail(errorText(error, msg.genericError))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title="Yeni referans kartı">
      {kept.offer}
      <form className="form" onSubmit={submit} noValidate aria-label="Yeni referans kartı">
        <UploadReportContext value={report}>
          <CoverImageField
            url={draft.image}
            onChange={(image) => setDraft((d) => ({ ...d, image }))}
            error={errors.image}
          />
        </UploadReportContext>
        <ReferenceFields draft={draft} onChange={setDraft} errors={errors} />
        <div className="actions">
          <Button type="submit" busy={busy} disabled={uploading}>
            Referans ekle
          </Button>
        </div>
      </form>
    </Card>
  )
}
