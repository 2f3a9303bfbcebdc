/**
 * Unsaved drafts of the library admins' item form, kept in this browser (issue 30: no typed work is lost; the
 * admin panel's admin/src/lib/form-drafts.ts does the same for staff, decision 300 — the site does not import
 * from admin/, so this is its own small copy). One entry per member and item ('yeni' for a new one) in
 * localStorage, written as the text is typed, removed once the form is saved or typed back to its saved values.
 * Only typed text is kept, never a chosen file.
 */
export type FormDraft<V> = {
  values: V
  /** When it was last written (ms). */
  at: number
}

const PREFIX = 'netiz-taslak:uye:'

/** The storage key of a form's draft: member, form and item. */
export function draftKey(memberId: string, form: string, itemId: string | undefined): string {
  return `${PREFIX}${memberId}:${form}:${itemId ?? 'yeni'}`
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // storage switched off: the form works, drafts are not kept
  }
}

export function readDraft<V>(key: string): FormDraft<V> | null {
  const raw = storage()?.getItem(key)
  if (!raw) return null
  try {
    const draft = JSON.parse(raw) as FormDraft<V>
    return draft && typeof draft === 'object' && 'values' in draft && typeof draft.at === 'number'
      ? draft
      : null
  } catch {
    return null
  }
}

export function writeDraft<V>(key: string, draft: FormDraft<V>): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft))
  } catch {
    // A full storage keeps the previous draft; the leave question still guards the typed work.
  }
}

export function removeDraft(key: string): void {
  try {
    storage()?.removeItem(key)
  } catch {
    // storage switched off: nothing was kept
  }
}

/** Same values, compared as stored (a draft is JSON). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}

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

/** The admin panel's words (admin/src/lib/unsaved-changes.ts), so staff read the same question everywhere. */
export const DRAFT_OFFER = 'Kaydedilmemiş bir taslağınız var: geri yükle / sil'
export const LEAVE_TITLE = 'Kaydedilmemiş değişiklikler'
export const LEAVE_QUESTION =
  'Kaydedilmemiş değişiklikleriniz var. Bu sayfadan çıkılsın mı? Yazdıklarınız bu tarayıcıda taslak olarak ' +
  'saklanır; formu yeniden açtığınızda geri yükleyebilirsiniz.'
export const LEAVE_CONFIRM = 'Sayfadan çık'
export const LEAVE_CANCEL = 'Düzenlemeye dön'
