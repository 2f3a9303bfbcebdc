import { createElement, useEffect, useRef, useState, type ReactNode } from 'react'
import { useAdminUser } from './useAdminUser.ts'
import { confirmAction } from '../lib/confirm.ts'
import {
  draftKey,
  readDraft,
  removeDraft,
  sameValues,
  writeDraft,
  type FormDraft,
} from '../lib/form-drafts.ts'
import { LEAVE_OPTIONS, LEAVE_QUESTION, setUnsaved } from '../lib/unsaved-changes.ts'
import { DraftOffer } from '../components/DraftOffer.tsx'

type Options<V> = {
  /** Which form ('blog', 'proje', 'iletisim-ayarlari', …): part of the storage key. */
  form: string
  /** The item's id; undefined for a new one. */
  itemId?: string
  /** The item's version as loaded (kept with the draft: a restored draft saves against it, If-Match). */
  version?: string
  /** What the form holds now, and what it held when opened (the saved item). */
  values: V
  baseline: V
  /** Puts a kept draft's values back into the form (with the version the draft started from). */
  restore: (values: V, version?: string) => void
  /**
   * Whether leaving should ask (default: the form differs from `baseline`). A field that saves itself on blur
   * (the home editor) asks only while its text is neither saved nor being saved.
   */
  unsaved?: boolean
}

/**
 * Keeps a form's unsaved input in this browser as it is typed (per user and item), offers a kept draft when the
 * form opens again ('Kaydedilmemiş bir taslağınız var: geri yükle / sil'), and registers unsaved changes for the
 * leave question and the tab-close warning (LeaveGuard). Returns:
 * - `offer`: the banner to place at the top of the form (null when there is nothing to offer);
 * - `version`: the version to send as If-Match — a restored draft's own, so the server merges it with what was
 *   saved since instead of it silently overwriting a newer version;
 * - `saved()`: call once the form is saved (removes the draft); `confirmLeave()`: the 'İptal' question.
 */
export function useFormDraft<V>({ form, itemId, version, values, baseline, restore, unsaved }: Options<V>) {
  const user = useAdminUser()
  const key = draftKey(user?.id ?? 'anonim', form, itemId)
  const [kept, setKept] = useState<FormDraft<V> | null>(() => {
    const draft = readDraft<V>(key)
    return draft && !sameValues(draft.values, baseline) ? draft : null
  })
  const [restoredVersion, setRestoredVersion] = useState<string | undefined>(undefined)
  const [token] = useState(() => Symbol(form))
  const serial = JSON.stringify(values)
  const baseSerial = JSON.stringify(baseline)
  // Set by saved(): what the form holds now is on the server, until the admin types again.
  const savedSerial = useRef<string | null>(null)
  const dirty = serial !== baseSerial && serial !== savedSerial.current

  // Written as typed; never while a kept draft waits for an answer (typing must not replace it unasked).
  useEffect(() => {
    if (kept) return
    if (dirty)
      writeDraft(key, {
        values: JSON.parse(serial) as V,
        version: restoredVersion ?? version,
        at: Date.now(),
      })
    else removeDraft(key)
  }, [key, serial, dirty, kept, version, restoredVersion])

  const asks = unsaved ?? dirty
  useEffect(() => {
    setUnsaved(token, asks)
    return () => setUnsaved(token, false)
  }, [token, asks])

  const offer: ReactNode = kept
    ? createElement(DraftOffer, {
        at: kept.at,
        onRestore: () => {
          restore(kept.values, kept.version)
          setRestoredVersion(kept.version)
          setKept(null)
        },
        onDelete: () => {
          removeDraft(key)
          setKept(null)
        },
      })
    : null

  return {
    offer,
    dirty,
    version: restoredVersion ?? version,
    /** The form was saved: its draft is gone and leaving no longer asks. */
    saved() {
      savedSerial.current = serial
      setRestoredVersion(undefined)
      removeDraft(key)
      setUnsaved(token, false)
    },
    /**
     * 'İptal' with unsaved changes asks first (the draft stays in this browser either way); true when the form
     * may close. Answering yes also stops the page-leave question from asking a second time.
     */
    async confirmLeave(): Promise<boolean> {
      if (!asks) return true
      if (!(await confirmAction(LEAVE_QUESTION, LEAVE_OPTIONS))) return false
      setUnsaved(token, false)
      return true
    },
  }
}
