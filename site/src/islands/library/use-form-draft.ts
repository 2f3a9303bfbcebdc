import { useEffect, useRef, useState } from 'react'
import {
  memberDraftKey,
  readDraft,
  removeDraft,
  sameValues,
  writeDraft,
  type FormDraft,
} from '../../lib/form-drafts.ts'

type Options<V> = {
  /** The member typing (drafts are per member: two staff on one computer never see each other's). */
  memberId: string
  /** Which form: part of the storage key. */
  form: string
  /** The item's id; undefined for a new one. */
  itemId?: string
  /** What the form holds now, and what it held when opened (the saved item). */
  values: V
  baseline: V
}

/**
 * The site's version of the admin's useFormDraft (decision 300), for the library item form: writes the typed
 * values to this browser as they change, offers a kept draft when the form opens again, lets the browser warn on
 * tab close while anything is unsaved (beforeunload), and forgets the draft once saved or typed back to the saved
 * values. Returns the kept draft (to offer), `restored()` / `discard()` for its two buttons, `dirty`, and `saved()`.
 */
export function useFormDraft<V>({ memberId, form, itemId, values, baseline }: Options<V>) {
  const key = memberDraftKey(memberId, form, itemId)
  const [kept, setKept] = useState<FormDraft<V> | null>(() => {
    const draft = readDraft<V>(key)
    return draft && !sameValues(draft.values, baseline) ? draft : null
  })
  const serial = JSON.stringify(values)
  // Set by saved(): what the form holds is on the server now (the form closes; no draft, no warning).
  const savedSerial = useRef<string | null>(null)
  const dirty = serial !== JSON.stringify(baseline) && serial !== savedSerial.current

  // Written as typed; never while a kept draft waits for an answer (typing must not replace it unasked).
  useEffect(() => {
    if (kept) return
    if (dirty) writeDraft(key, { values: JSON.parse(serial) as V, at: Date.now() })
    else removeDraft(key)
  }, [key, serial, dirty, kept])

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = '' // older browsers need it set to show the warning
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  return {
    kept,
    dirty,
    /** The kept draft was put back into the form: stop offering it (typing now updates it). */
    restored: () => setKept(null),
    discard() {
      removeDraft(key)
      setKept(null)
    },
    saved() {
      savedSerial.current = serial
      removeDraft(key)
    },
  }
}
