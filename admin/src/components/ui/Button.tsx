import type { ButtonHTMLAttributes } from 'react'
import { msg } from '#schema/messages.ts'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'danger' | 'ghost'
  size?: 'md' | 'sm'
  /** While true the button is disabled and reads `busyLabel` (default 'Kaydediliyor...'). */
  busy?: boolean
  busyLabel?: string
}

/** The one button. type defaults to "button" so only explicit submit buttons submit forms. */
export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  busyLabel = msg.saving,
  className = '',
  type = 'button',
  disabled,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`btn btn--${variant} btn--${size} ${className}`.trim()}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? busyLabel : children}
    </button>
  )
}
