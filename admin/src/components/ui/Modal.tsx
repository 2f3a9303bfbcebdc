import { useEffect, useRef, type ReactNode } from 'react'

export type ModalProps = {
  open: boolean
  title: ReactNode
  onClose: () => void
  children: ReactNode
  /** Buttons at the bottom (Save/Cancel...). */
  footer?: ReactNode
  size?: 'md' | 'lg'
}

/**
 * A modal dialog on the native <dialog>: showModal() makes the rest of the page inert (the focus trap) and
 * Escape fires `cancel`, which we route to onClose. Focus returns to the opener on close.
 */
export function Modal({ open, title, onClose, children, footer, size = 'md' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const opener = useRef<Element | null>(null)

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      opener.current = document.activeElement
      dialog.showModal()
    } else if (!open && dialog.open) {
      dialog.close()
      if (opener.current instanceof HTMLElement) opener.current.focus()
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      aria-labelledby="modal-title"
      onCancel={(e) => {
        e.preventDefault()
        onClose()
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the dialog element itself.
        if (e.target === e.currentTarget) onClose()
      }}
    >
      {open && (
        <div className="modal__body">
          <div className="modal__head">
            <h2 id="modal-title" className="modal__title">
              {title}
            </h2>
            <button type="button" className="modal__close" aria-label="Kapat" onClick={onClose}>
              ×
            </button>
          </div>
          <div className="modal__content">{children}</div>
          {footer && <div className="modal__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  )
}
