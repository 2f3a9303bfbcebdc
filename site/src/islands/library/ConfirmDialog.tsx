import { useEffect, useRef, type ReactNode } from 'react'

type Props = {
  title: string
  /** The question, naming the item. */
  children: ReactNode
  confirmLabel: string
  /** The safe answer, focused first (default 'Vazgeç'; the leave question says 'Düzenlemeye dön'). */
  cancelLabel?: string
  /** A red confirm button for deleting (default); false for a question that destroys nothing. */
  danger?: boolean
  busy?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/**
 * The site's own confirmation (never the browser's confirm(), which speaks the browser's language): a modal
 * <dialog> (focus kept inside, Escape closes), focus first on 'Vazgeç' so Enter never deletes by accident, and
 * back on the button that opened it when it closes (the browser does that for showModal()).
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel = 'Vazgeç',
  danger = true,
  busy = false,
  onConfirm,
  onCancel,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null)
  const cancel = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    const d = dialog.current
    if (d && !d.open) d.showModal()
    cancel.current?.focus()
    return () => d?.close()
  }, [])
  return (
    <dialog
      ref={dialog}
      className="library-dialog"
      aria-labelledby="library-dialog-title"
      onCancel={(e) => {
        e.preventDefault()
        if (!busy) onCancel()
      }}
    >
      <h2 id="library-dialog-title" className="library-dialog__title">
        {title}
      </h2>
      <div className="library-dialog__body">{children}</div>
      <div className="library-dialog__actions">
        <button ref={cancel} type="button" className="btn btn--outline" disabled={busy} onClick={onCancel}>
          {cancelLabel}
        </button>
        <button
          type="button"
          className={danger ? 'btn btn--danger' : 'btn btn--primary'}
          disabled={busy}
          onClick={onConfirm}
        >
          {busy ? 'Siliniyor...' : confirmLabel}
        </button>
      </div>
    </dialog>
  )
}
