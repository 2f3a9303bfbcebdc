import { referenceCardInputSchema, type ReferenceCard } from '#schema/reference.ts'
import { validateForm, type FieldErrors } from '../../lib/validate.ts'

/** The card form's values; category is '' until one is chosen. */
export type ReferenceDraft = Omit<ReferenceCard, 'id' | 'category'> & { category: string }

export const socialKeys = ['instagram', 'twitter', 'facebook', 'linkedin', 'website'] as const
export const socialLabels: Record<(typeof socialKeys)[number], string> = {
  instagram: 'Instagram',
  twitter: 'Twitter / X',
  facebook: 'Facebook',
  linkedin: 'LinkedIn',
  website: 'Web sitesi',
}

/** A blank card form. */
export const emptyReferenceDraft = (): ReferenceDraft => ({
  image: '',
  title: '',
  description: '',
  category: '',
  sector: '',
  socials: { instagram: '', twitter: '', facebook: '', linkedin: '', website: '' },
})

/** The form values of a stored card (missing socials become blank). */
export function draftOfCard(card: ReferenceCard): ReferenceDraft {
  const { id: _id, ...rest } = card
  return {
    ...emptyReferenceDraft(),
    ...rest,
    socials: { ...emptyReferenceDraft().socials, ...(card.socials ?? {}) },
  }
}

/** Checks the form with the shared schema: category required, at most 5 sectors, URLs. */
export function checkReferenceDraft(
  draft: ReferenceDraft,
): { ok: true } | { ok: false; fields: FieldErrors } {
  const result = validateForm(referenceCardInputSchema, draft)
  return result.ok ? { ok: true } : { ok: false, fields: result.fields }
}
