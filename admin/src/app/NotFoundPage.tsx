import { Link } from 'react-router'
import { PageHeader } from '../components/ui/PageHeader.tsx'
import { EmptyState } from '../components/ui/EmptyState.tsx'

/** Unknown paths under /admin stay inside the panel. */
export function NotFoundPage() {
  return (
    <>
      <PageHeader title="Sayfa bulunamadı" />
      <EmptyState
        action={
          <Link className="btn btn--primary btn--md" to="/">
            Gösterge paneline dön
          </Link>
        }
      >
        Aradığınız yönetim sayfası mevcut değil.
      </EmptyState>
    </>
  )
}
