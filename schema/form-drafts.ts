/**
 * Unsaved drafts of forms, kept in the browser (issue 30: no typed work is ever lost), for the admin panel
 * (admin/src/hooks/useFormDraft.tsx) and the members' library (site/src/islands/library/use-form-draft.ts) alike: one
 * localStorage entry per owner, form and item ('yeni' for a new one), written as the text is typed and removed once
 * the form is saved or the draft deleted; and the words both show. An admin draft also keeps the item's version it
 * started from: a restored draft saves with it as If-Match, so the server merges it with anything saved since.
 */
export type FormDraft<V> = {
  values: V
  /** The item's version when typing started (admin forms of versioned content; undefined for a new item). */
  version?: string
  /** When it was last written (ms). */
  at: number
}

const PREFIX = 'netiz-taslak:'

/** The storage key of a form's draft: owner (a staff user's id, 'uye:<id>' for a library member), form and item. */
export function draftKey(owner: string, form: string, itemId: string | undefined): string {
  return `${PREFIX}${owner}:${form}:${itemId ?? 'yeni'}`
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null // storage switched off: forms work, drafts are not kept
  }
}

export function readDraft<V>(key: string): FormDraft<V> | null {
  const raw = storage()?.getItem(key)
  if (!raw) return null
  try {
    const draft = JSON.parse(raw) as FormDraft<V>
    return draft && typeof draft === 'object' && 'values' in draft && typeof draft.at === 'number' ? draft : null
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

/** The banner a form shows when a draft was kept, and the question before leaving unsaved changes. */
export const DRAFT_OFFER = 'Kaydedilmemiş bir taslağınız var: geri yükle / sil'
export const DRAFT_RESTORE = 'Taslağı geri yükle'
export const DRAFT_DELETE = 'Taslağı sil'
export const LEAVE_TITLE = 'Kaydedilmemiş değişiklikler'
export const LEAVE_QUESTION =
  'Kaydedilmemiş değişiklikleriniz var. Bu sayfadan çıkılsın mı? Yazdıklarınız bu tarayıcıda taslak olarak ' +
  'saklanır; formu yeniden açtığınızda geri yükleyebilirsiniz.'
export const LEAVE_CONFIRM = 'Sayfadan çık'
export const LEAVE_CANCEL = 'Düzenlemeye dön'
