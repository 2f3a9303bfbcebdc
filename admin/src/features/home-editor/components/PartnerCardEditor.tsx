import { useId, useState } from 'react'
import type { PartnerCard } from '#schema/home.ts'
import { msg } from '#schema/messages.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { confirmAction } from '../../../lib/confirm.ts'
import type { FieldErrors } from '../../../lib/validate.ts'
import { useDeletePartnerCard } from '../api/delete-partner-card.ts'
import { useSavePartnerCard } from '../api/save-partner-card.ts'
import type { Feedback } from '../hooks/feedback.ts'
import { checkPartnerDraft, draftOf, sameDraft, type PartnerDraft } from '../partner-draft.ts'
import { PartnerFields } from './PartnerFields.tsx'
import { UploadImageField } from '../../../components/UploadImageField.tsx'

/** A stored partner card as a collapsible editor: text fields save on blur, the image on upload. */
export function PartnerCardEditor({ card, feedback }: { card: PartnerCard; feedback: Feedback }) {
  const bodyId = useId()
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(() => draftOf(card))
  const cardKey = JSON.stringify(card)
  const [saved, setSaved] = useState(cardKey)
  const [errors, setErrors] = useState<FieldErrors>({})
  const save = useSavePartnerCard()
  const remove = useDeletePartnerCard()
  // Adopt the server's card after a save or reload; compare by value so refetching another card changes nothing here.
  if (cardKey !== saved) {
    setSaved(cardKey)
    setDraft(draftOf(card))
  }

  async function persist(next: PartnerDraft) {
    if (sameDraft(next, draftOf(card))) return
    const check = checkPartnerDraft(next)
    if (!check.ok) return setErrors(check.fields)
    setErrors({})
    try {
      await save.mutateAsync({ id: card.id, card: next })
      feedback.ok(msg.homeSaved)
    } catch (error) {
      feedback.fail(errorText(error, msg.cardUpdateError))
    }
  }

  async function del() {
    if (!(await confirmAction(`"${card.title}" kartı silinsin mi?`))) return
    try {
      await remove.mutateAsync(card.id)
      feedback.ok(msg.homeSaved)
    } catch (error) {
      feedback.fail(errorText(error, msg.cardDeleteError))
    }
  }

  return (
    <li className="partner-card">
      <div className="partner-card__head">
        <button
          type="button"
          className="partner-card__toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen(!open)}
        >
          <span aria-hidden="true">{open ? '▾' : '▸'}</span> {card.title || 'Başlıksız kart'}
        </button>
        <Button variant="danger" size="sm" onClick={del} busy={remove.isPending} busyLabel="Siliniyor...">
          Sil
        </Button>
      </div>
      {open && (
        <div className="partner-card__body stack" id={bodyId}>
          <PartnerFields draft={draft} onChange={setDraft} errors={errors} onBlur={() => persist(draft)} />
          <UploadImageField
            label="Kart görseli"
            url={draft.image}
            onChange={(image) => void persist({ ...draft, image })}
            accept="image/*"
            onError={feedback.fail}
          />
        </div>
      )}
    </li>
  )
}
