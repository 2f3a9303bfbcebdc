/**
 * Unsaved drafts of the library admins' item form (issue 30, decision 306): the storage and words the admin panel
 * uses too (schema/form-drafts.ts), keyed per member and item. Only typed text is kept, never a chosen file.
 */
import { draftKey } from '#schema/form-drafts.ts'

export {
  DRAFT_DELETE,
  DRAFT_OFFER,
  DRAFT_RESTORE,
  LEAVE_CANCEL,
  LEAVE_CONFIRM,
  LEAVE_QUESTION,
  LEAVE_TITLE,
  readDraft,
  removeDraft,
  sameValues,
  writeDraft,
  type FormDraft,
} from '#schema/form-drafts.ts'

/** The storage key of a library member's draft: member, form and item (apart from staff users' drafts). */
export const memberDraftKey = (memberId: string, form: string, itemId: string | undefined): string =>
  draftKey(`uye:${memberId}`, form, itemId)

const dateTime = new Intl.DateTimeFormat('tr-TR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Istanbul',
})

/** When a draft was written, in Turkish ('28 Kasım 2026 14:05'). */
export const draftTime = (at: number): string => dateTime.format(at)
