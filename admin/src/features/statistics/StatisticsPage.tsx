import { lazy, Suspense, useState } from 'react'
import { Card } from '../../components/ui/Card.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useDailyStats, type Period } from './api/get-daily-stats.ts'
import { DaysTable } from './components/DaysTable.tsx'
import { PeriodPicker } from './components/PeriodPicker.tsx'
import { PrivacyNote } from './components/PrivacyNote.tsx'
import { RankedTable } from './components/RankedTable.tsx'
import { formatLongDay, formatNumber, formatShortDay, weeksOf } from './format.ts'
import './statistics.css'

const VisitsChart = lazy(() => import('./components/VisitsChart.tsx'))

/** /admin/istatistikler: visits per day, the period's most read pages, referring sites, downloads, messages. */
export default function StatisticsPage() {
  const [period, setPeriod] = useState<Period>(30)
  const { data, isPending, error } = useDailyStats(period)
  const sum = (k: 'views' | 'downloads' | 'messages') => data?.days.reduce((n, d) => n + d[k], 0) ?? 0
  const range = data?.days.length
    ? `${formatLongDay(data.days[0]!.date)} – ${formatLongDay(data.days[data.days.length - 1]!.date)}`
    : ''
  return (
    <>
      <PageHeader
        title="İstatistikler"
        description="Sitenin günlük ziyaret, indirme ve mesaj sayıları."
        actions={<PeriodPicker value={period} onChange={setPeriod} />}
      />
      {error ? (
        <LoadError fallback="İstatistikler yüklenirken hata oluştu!" error={error} />
      ) : isPending || !data ? (
        <Spinner />
      ) : (
        <>
          <section className="grid grid--3" aria-label={`Son ${period} günün toplamları`}>
            {(
              [
                ['views', 'Görüntülenme'],
                ['downloads', 'Program indirme'],
                ['messages', 'İletişim mesajı'],
              ] as const
            ).map(([k, label]) => (
              <div key={k} className="card stat-card">
                <p className="stat-card__label">
                  {label} <span className="visually-hidden">(son {period} gün)</span>
                </p>
                <p className="stat-card__value" data-figure={k}>
                  {formatNumber(sum(k))}
                </p>
              </div>
            ))}
          </section>
          <Card title="Günlük ziyaretler">
            <p className="muted stats-range">{range}</p>
            <Suspense fallback={<Spinner />}>
              <VisitsChart
                days={data.days}
                label={`Son ${period} günün günlük görüntülenme grafiği; toplam ${formatNumber(sum('views'))}. Günlük sayılar aşağıdaki tabloda.`}
              />
            </Suspense>
            <DaysTable days={data.days} caption={`Son ${period} günün günlük sayıları`} />
          </Card>
          <div className="grid grid--2">
            <Card title="En çok okunan sayfalar">
              <RankedTable
                nameHeader="Sayfa"
                countHeader="Görüntülenme"
                empty="Bu dönemde henüz ziyaret yok."
                rows={data.pages.map((p) => ({
                  key: p.path,
                  count: p.views,
                  name: p.title ? (
                    <a href={p.path} target="_blank" rel="noreferrer">
                      {p.title}
                    </a>
                  ) : (
                    'Artık yayında olmayan sayfa'
                  ),
                }))}
              />
            </Card>
            <Card title="Ziyaretçilerin geldiği siteler">
              <RankedTable
                nameHeader="Site"
                countHeader="Ziyaret"
                empty="Bu dönemde başka bir siteden gelen ziyaret yok."
                rows={data.referrers.map((r) => ({ key: r.domain, name: r.domain, count: r.views }))}
              />
            </Card>
            <Card title="Program indirmeleri">
              <RankedTable
                nameHeader="Program"
                countHeader="İndirme"
                empty="Bu dönemde program indirilmedi."
                rows={data.downloads.map((d) => ({
                  key: d.id,
                  name: d.title ?? 'Silinmiş program',
                  count: d.downloads,
                }))}
              />
            </Card>
            <Card title="Haftalık mesajlar">
              <RankedTable
                nameHeader="Hafta"
                countHeader="Mesaj"
                empty="Bu dönemde mesaj gelmedi."
                rows={weeksOf(data.days)
                  .reverse()
                  .map((w) => ({
                    key: w.from,
                    name:
                      w.from === w.to
                        ? formatShortDay(w.from)
                        : `${formatShortDay(w.from)} – ${formatShortDay(w.to)}`,
                    count: w.messages,
                  }))}
              />
            </Card>
          </div>
          <PrivacyNote />
        </>
      )}
    </>
  )
}
