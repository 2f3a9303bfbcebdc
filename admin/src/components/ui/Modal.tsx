import { useEffect, useId, useRef, type ReactNode } from 'react'

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'

/** The dialog's controls Tab reaches, in order (hidden ones left out). */
const focusable = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0)

export type ModalProps = {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
  /** Buttons at the bottom (Save/Cancel...). */
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg'
  /** 'alertdialog' for a question that interrupts (the confirmation dialog); 'dialog' otherwise. */
  role?: 'dialog' | 'alertdialog'
  /** The id of the element that says what the dialog is about (aria-describedby). */
  describedBy?: string
  /** The × button in the head (default true; a question answered by its own buttons leaves it out). */
  closeButton?: boolean
}

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (the focus trap) and
 * Escape fires `cancel`, which we route to onClose; Tab wraps around inside. Focus goes to the element marked
 * `data-autofocus` (else the first focusable one) and returns to the opener on close. The title's id is unique, so a dialog opened over
 * another one (a confirmation over an edit form) is still named by its own title.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'md',
  role,
  describedBy,
  closeButton = true,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
      if (opener.current instanceof HTMLElement) opener.current.focus()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      role={role === 'alertdialog' ? role : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={open ? describedBy : undefined}
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose()
      }}
      onKeyDown={(e) => {
        // The page behind is inert; Tab past the last control (or Shift+Tab before the first) wraps around
        // instead of leaving for the browser's address bar.
        if (e.key !== 'Tab') return
        const controls = focusable(e.currentTarget)
        const first = controls[0]
        const last = controls[controls.length - 1]
        if (!first || !last) return
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault()
          last.focus()
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault()
          first.focus()
        }
      }}
    >
      {open && (
        <div className="modal__body">
          <div className="modal__head">
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {closeButton && (
              <button type="button" className="modal__close" aria-label="Kapat" onClick={onClose}>
                ×
              </button>
            )}
          </div>
          <div className="modal__content">{children}</div>
          {footer && <div className="modal__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  )
}
