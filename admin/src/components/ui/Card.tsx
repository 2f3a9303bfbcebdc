import { useId, type HTMLAttributes, type ReactNode } from 'react'

export type CardProps = HTMLAttributes<HTMLElement> & {
  /** Heading shown at the top of the card (an h2); it also names the card as a region. */
  title?: ReactNode
  /** Controls at the right of the heading. */
  actions?: ReactNode
}

/** A white panel with an optional heading row. */
export function Card({ title, actions, className = '', children, ...rest }: CardProps) {
  const titleId = useId()
  return (
    <section className={`card ${className}`.trim()} aria-labelledby={title ? titleId : undefined} {...rest}>
      {(title || actions) && (
        <div className="card__head">
          {title && (
            <h2 className="card__title" id={titleId}>
              {title}
            </h2>
          )}
          {actions && <div className="card__actions">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  )
}
