import { forwardRef, type InputHTMLAttributes } from 'react'

export type FileButtonProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string
  /** Name of the chosen file, or a hint such as 'Dosya seçilmedi'. */
  status: string
  buttonLabel?: string
}

/**
 * A file input with a Turkish 'Dosya Seç' button: the browser's own button text follows the browser language,
 * so the native input is kept (focusable, labelled) but drawn invisibly under our button.
 */
export const FileButton = forwardRef<HTMLInputElement, FileButtonProps>(function FileButton(
  { id, status, buttonLabel = 'Dosya Seç', className = '', ...rest },
  ref,
) {
  return (
    <span className={`file-button ${className}`.trim()}>
      <input ref={ref} id={id} type="file" className="file-button__input" {...rest} />
      <span className="btn btn--secondary btn--sm file-button__face" aria-hidden="true">
        {buttonLabel}
      </span>
      <span className="file-button__status muted">{status}</span>
    </span>
  )
})
