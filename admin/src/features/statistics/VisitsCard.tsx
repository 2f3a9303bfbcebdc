import { lazy, Suspense } from 'react'
import { Link } from 'react-router'
import { Card } from '../../components/ui/Card.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useDailyStats } from './api/get-daily-stats.ts'
import { DaysTable } from './components/DaysTable.tsx'
import { formatNumber } from './format.ts'
import './statistics.css'

const VisitsChart = lazy(() => import('./components/VisitsChart.tsx'))

/** The dashboard's card: views of the last 30 days as a chart (and table), with the way to the whole page. */
export function VisitsCard() {
  const { data, isPending, error } = useDailyStats(30)
  const total = data?.days.reduce((n, d) => n + d.views, 0) ?? 0
  return (
    <Card title="Ziyaretler (son 30 gün)" className="visits-card">
      {error ? (
        <LoadError fallback="İstatistikler yüklenirken hata oluştu!" error={error} />
      ) : isPending || !data ? (
        <Spinner />
      ) : (
        <>
          <p className="muted">
            Toplam <strong data-figure="views-30">{formatNumber(total)}</strong> görüntülenme
            {data.pages[0]?.title ? `; en çok okunan: ${data.pages[0].title}` : ''}.
          </p>
          <Suspense fallback={<Spinner />}>
            <VisitsChart
              days={data.days}
              height={160}
              label={`Son 30 günün günlük görüntülenme grafiği; toplam ${formatNumber(total)}. Günlük sayılar aşağıdaki tabloda.`}
            />
          </Suspense>
          <DaysTable days={data.days} caption="Son 30 günün günlük sayıları" />
          <p className="visits-card__foot">
            <Link to="/istatistikler">Tüm istatistikler</Link>
          </p>
        </>
      )}
    </Card>
  )
}
