import type { HTMLAttributes, ReactNode } from 'react'

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** Heading shown at the top of the card (an h2). */
  title?: ReactNode
  /** Controls at the right of the heading. */
  actions?: ReactNode
}

/** A white panel with an optional heading row. */
export function Card({ title, actions, className = '', children, ...rest }: CardProps) {
  return (
    <section className={`card ${className}`.trim()} {...rest}>
      {(title || actions) && (
        <div className="card__head">
          {title && <h2 className="card__title">{title}</h2>}
          {actions && <div className="card__actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  )
}
