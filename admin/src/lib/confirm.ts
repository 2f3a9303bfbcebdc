/**
 * Asks before a destructive action (spec: deletes ask for confirmation first) in the admin's own Turkish dialog,
 * not window.confirm: the browser draws that one in its own language ('localhost says', 'OK' / 'Cancel').
 * `<ConfirmDialog />` (components/ConfirmDialog.tsx, mounted once in the app shell) shows the open question.
 *
 *   if (!(await confirmAction(`"${post.title}" yazısı silinsin mi?`))) return
 */
export type ConfirmOptions = {
  /** The dialog's title (default 'Silme onayı'). */
  title?: string
  /** The confirming button, naming the action (default 'Sil'). */
  confirmLabel?: string
  /** The other button (default 'Vazgeç'). */
  cancelLabel?: string
  /** Red confirming button (default true: every question so far is about something hard to undo). */
  danger?: boolean
}

export type ConfirmRequest = Required<ConfirmOptions> & {
  question: string
  /** Answers the question and closes the dialog: true only for the confirming button. */
  answer: (yes: boolean) => void
}

export const CONFIRM_DEFAULTS: Required<ConfirmOptions> = {
  title: 'Silme onayı',
  confirmLabel: 'Sil',
  cancelLabel: 'Vazgeç',
  danger: true,
}

let current: ConfirmRequest | null = null
const listeners = new Set<() => void>()
const notify = () => listeners.forEach((fn) => fn())

/** The open question (null when none), for the dialog through useSyncExternalStore. */
export const currentConfirm = () => current

export function subscribeConfirm(fn: () => void): () => void {
  listeners.add(fn)
  return () => listeners.delete(fn)
}

/**
 * Shows the question and resolves true when the confirming button is chosen; false on 'Vazgeç', Escape, a click
 * outside, or when another question replaces this one. Without a mounted dialog it resolves false (nothing is
 * deleted unasked).
 */
export function confirmAction(
  question = 'Bu kaydı silmek istediğinizden emin misiniz?',
  options: ConfirmOptions = {},
): Promise<boolean> {
  current?.answer(false)
  if (listeners.size === 0) {
    console.error('confirmAction: <ConfirmDialog /> is not mounted')
    return Promise.resolve(false)
  }
  return new Promise<boolean>((resolve) => {
    const request: ConfirmRequest = {
      ...CONFIRM_DEFAULTS,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
      question,
      answer: (yes) => {
        if (current !== request) return
        current = null
        notify()
        resolve(yes)
      },
    }
    current = request
    notify()
  })
}
