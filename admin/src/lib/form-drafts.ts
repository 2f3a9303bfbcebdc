/**
 * Unsaved drafts of admin forms, kept in this browser (issue 30: no typed work is ever lost). One entry per user,
 * per form and per item ('yeni' for a new one) in localStorage, written as the admin types and removed once the
 * form is saved or the admin deletes the draft. The item's version the draft started from is kept too: a
 * restored draft saves with that version as If-Match, so the server merges it with anything saved since (decision
 * 065) instead of silently overwriting a newer version.
 */
export type FormDraft<V> = {
  values: V
  /** The item's version when the admin started typing (undefined for a new item). */
  version?: string
  /** When it was last written (ms). */
  at: number
}

const PREFIX = 'netiz-taslak:'

/** The storage key of a form's draft: user, form and item. */
export function draftKey(userId: string, form: string, itemId: string | undefined): string {
  return `${PREFIX}${userId}:${form}:${itemId ?? 'yeni'}`
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
    return draft && typeof draft === 'object' && 'values' in draft ? draft : null
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
  storage()?.removeItem(key)
}

/** Same values, compared as stored (a draft is JSON). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
