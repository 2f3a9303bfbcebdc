import { useEffect, useId, useState } from 'react'
import type { PartnerCard } from '#schema/home.ts'
import { msg } from '#schema/messages.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { errorText } from '../../../lib/api-client.ts'
import { confirmAction } from '../../../lib/confirm.ts'
import { useFormDraft } from '../../../hooks/useFormDraft.tsx'
import type { FieldErrors } from '../../../lib/validate.ts'
import { useDeletePartnerCard } from '../api/delete-partner-card.ts'
import { useSavePartnerCard } from '../api/save-partner-card.ts'
import type { Feedback } from '../hooks/feedback.ts'
import { checkPartnerDraft, draftOf, sameDraft, type PartnerDraft } from '../partner-draft.ts'
import { sectionVersion } from '../section-guard.ts'
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
  // The values last handed to a save: while it is on its way, leaving does not ask.
  const [sent, setSent] = useState<string | null>(null)
  // Adopt the server's card after a save or reload; compare by value so refetching another card changes nothing here.
  if (cardKey !== saved) {
    setSaved(cardKey)
    setDraft(draftOf(card))
    setSent(null)
  }
  // Issue 30: what is typed and not saved (a value the card's rules refuse, or the tab closed first) is kept here.
  const kept = useFormDraft({
    form: 'anasayfa',
    itemId: `partners.kart.${card.id}`,
    version: sectionVersion('partners'),
    values: draft,
    baseline: draftOf(card),
    restore: (values, base) => {
      setDraft(values)
      setOpen(true)
      void persist(values, base)
    },
    unsaved:
      Object.keys(errors).length > 0 || (!sameDraft(draft, draftOf(card)) && JSON.stringify(draft) !== sent),
  })

  // Saved: a restored draft's version is used up, later saves send the latest.
  const { saved: forget } = kept
  useEffect(() => {
    if (sameDraft(draft, draftOf(card))) forget()
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored card changes
  }, [cardKey])

  async function persist(next: PartnerDraft, base?: string) {
    if (sameDraft(next, draftOf(card))) return
    const check = checkPartnerDraft(next)
    if (!check.ok) return setErrors(check.fields)
    setErrors({})
    setSent(JSON.stringify(next))
    try {
      await save.mutateAsync({ id: card.id, card: next, base })
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
      {kept.offer}
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
