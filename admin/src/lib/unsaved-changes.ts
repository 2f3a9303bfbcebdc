import { LEAVE_CANCEL, LEAVE_CONFIRM, LEAVE_QUESTION, LEAVE_TITLE } from '#schema/form-drafts.ts'

/**
 * Which open forms have unsaved changes (issue 30). Forms register here through useFormDraft; the app shell's
 * LeaveGuard asks before a navigation (menu links, the browser's back) and the browser warns on closing the tab
 * while any is registered.
 */
const unsaved = new Set<symbol>()

export function setUnsaved(form: symbol, dirty: boolean): void {
  if (dirty) unsaved.add(form)
  else unsaved.delete(form)
}

export const hasUnsavedChanges = (): boolean => unsaved.size > 0

/** The question before leaving a form with unsaved changes (the draft stays in this browser). */
export { LEAVE_QUESTION }
export const LEAVE_OPTIONS = {
  title: LEAVE_TITLE,
  confirmLabel: LEAVE_CONFIRM,
  cancelLabel: LEAVE_CANCEL,
  danger: false,
} as const
