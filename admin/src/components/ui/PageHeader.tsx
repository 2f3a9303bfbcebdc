import type { ReactNode } from 'react'

export type PageHeaderProps = {
  /** The page's h1. */
  title: ReactNode
  description?: ReactNode
  /** Buttons at the right (e.g. 'Yeni ...'). */
  actions?: ReactNode
}

/** Title row of every admin page. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  )
}
