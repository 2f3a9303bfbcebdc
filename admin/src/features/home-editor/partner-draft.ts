import { partnerCardInputSchema, type PartnerCard } from '#schema/home.ts'
import { validateForm, type FieldErrors } from '../../lib/validate.ts'

export type PartnerDraft = Omit<PartnerCard, 'id'>

/** A blank card: three empty stat rows, as the schema requires. */
export const emptyPartnerDraft = (): PartnerDraft => ({
  title: '',
  description: '',
  link: '',
  image: '',
  stats: [0, 1, 2].map(() => ({ value: '', label: '' })),
})

/** The editable part of a stored card. */
export function draftOf(card: PartnerCard): PartnerDraft {
  const { id: _id, ...draft } = card
  return draft
}

/** Checks a card with the shared schema; field errors keyed 'title', 'link', 'stats.0.value'... */
export function checkPartnerDraft(draft: PartnerDraft): { ok: true } | { ok: false; fields: FieldErrors } {
  const result = validateForm(partnerCardInputSchema, draft)
  return result.ok ? { ok: true } : { ok: false, fields: result.fields }
}

/** Whether two drafts hold the same values (a blur with no change sends nothing). */
export function sameDraft(a: PartnerDraft, b: PartnerDraft): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
