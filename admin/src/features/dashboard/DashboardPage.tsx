import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { ErrorBoundary } from '../../components/ErrorBoundary.tsx'
import { useAdminUser } from '../../hooks/useAdminUser.ts'
import { LibraryNumbers } from './components/LibraryNumbers.tsx'
import { MaintenanceCard } from './components/MaintenanceCard.tsx'
import { QuickActions } from './components/QuickActions.tsx'
import { RecentActions } from './components/RecentActions.tsx'
import { SeoTips } from './components/SeoTips.tsx'
import { StatCards } from './components/StatCards.tsx'
import { SyncConflicts } from './components/SyncConflicts.tsx'
import { SystemStatus } from './components/SystemStatus.tsx'
import { VisitsCard } from '../statistics/VisitsCard.tsx'

/** /admin: maintenance, statistics, shortcuts, system status, SEO tips and the last admin actions. */
export default function DashboardPage() {
  const user = useAdminUser()
  return (
    <>
      <PageHeader title="Gösterge Paneli" description={user ? `Hoş geldiniz, ${user.name}.` : undefined} />
      <ErrorBoundary>
        <StatCards />
      </ErrorBoundary>
      <ErrorBoundary>
        <LibraryNumbers />
      </ErrorBoundary>
      <ErrorBoundary>
        <SyncConflicts />
      </ErrorBoundary>
      <ErrorBoundary>
        <VisitsCard />
      </ErrorBoundary>
      <div className="grid grid--2">
        <ErrorBoundary>
          <MaintenanceCard />
        </ErrorBoundary>
        <ErrorBoundary>
          <SystemStatus />
        </ErrorBoundary>
        <ErrorBoundary>
          <QuickActions />
        </ErrorBoundary>
        <ErrorBoundary>
          <SeoTips />
        </ErrorBoundary>
      </div>
      <ErrorBoundary>
        <RecentActions />
      </ErrorBoundary>
    </>
  )
}
