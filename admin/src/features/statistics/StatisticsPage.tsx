import { lazy, Suspense, useState, type ReactNode } from 'react'
import { Card } from '../../components/ui/Card.tsx'
import { LoadError } from '../../components/ui/LoadError.tsx'
import { PageHeader } from '../../components/ui/PageHeader.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { useDailyStats, type Period } from './api/get-daily-stats.ts'
import { DaysTable } from './components/DaysTable.tsx'
import { PeriodPicker } from './components/PeriodPicker.tsx'
import { PrivacyNote } from './components/PrivacyNote.tsx'
import { RankedBars } from './components/RankedBars.tsx'
import { RankedTable } from './components/RankedTable.tsx'
import { formatLongDay, formatNumber, formatShortDay, weeksOf } from './format.ts'
import './statistics.css'

const VisitsChart = lazy(() => import('./components/VisitsChart.tsx'))
const WeeklyMessagesChart = lazy(() => import('./components/WeeklyMessagesChart.tsx'))

/** A ranked list's table, folded under its chart like the visits table (the chart's alternative); alone when empty. */
function Folded({ when, children }: { when: boolean; children: ReactNode }) {
  if (!when) return <>{children}</>
  return (
    <details className="stats-table">
      <summary>Tablo olarak göster</summary>
      {children}
    </details>
  )
}

const pageName = (title: string | null) => title ?? 'Artık yayında olmayan sayfa'
const programName = (title: string | null) => title ?? 'Silinmiş program'

/** /admin/istatistikler: visits per day, the period's most read pages, referring sites, downloads, messages. */
export default function StatisticsPage() {
  const [period, setPeriod] = useState<Period>(30)
  const { data, isPending, error } = useDailyStats(period)
  const sum = (k: 'views' | 'downloads' | 'messages') => data?.days.reduce((n, d) => n + d[k], 0) ?? 0
  const weeks = data ? weeksOf(data.days) : []
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
              {data.pages.length > 0 && (
                <RankedBars
                  label={`Son ${period} günde en çok okunan ${data.pages.length} sayfanın grafiği; en çok okunan: ${pageName(data.pages[0]!.title)}, ${formatNumber(data.pages[0]!.views)} görüntülenme. Sayılar tabloda.`}
                  rows={data.pages.map((p) => ({ key: p.path, name: pageName(p.title), count: p.views }))}
                />
              )}
              <Folded when={data.pages.length > 0}>
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
                      pageName(null)
                    ),
                  }))}
                />
              </Folded>
            </Card>
            <Card title="Ziyaretçilerin geldiği siteler">
              {data.referrers.length > 0 && (
                <RankedBars
                  label={`Son ${period} günde ziyaretçi gönderen sitelerin grafiği; en çok: ${data.referrers[0]!.domain}, ${formatNumber(data.referrers[0]!.views)} ziyaret. Sayılar tabloda.`}
                  rows={data.referrers.map((r) => ({ key: r.domain, name: r.domain, count: r.views }))}
                />
              )}
              <Folded when={data.referrers.length > 0}>
                <RankedTable
                  nameHeader="Site"
                  countHeader="Ziyaret"
                  empty="Bu dönemde başka bir siteden gelen ziyaret yok."
                  rows={data.referrers.map((r) => ({ key: r.domain, name: r.domain, count: r.views }))}
                />
              </Folded>
            </Card>
            <Card title="Program indirmeleri">
              {data.downloads.length > 0 && (
                <RankedBars
                  label={`Son ${period} günde programların indirilme grafiği; en çok: ${programName(data.downloads[0]!.title)}, ${formatNumber(data.downloads[0]!.downloads)} indirme. Sayılar tabloda.`}
                  rows={data.downloads.map((d) => ({
                    key: d.id,
                    name: programName(d.title),
                    count: d.downloads,
                  }))}
                />
              )}
              <Folded when={data.downloads.length > 0}>
                <RankedTable
                  nameHeader="Program"
                  countHeader="İndirme"
                  empty="Bu dönemde program indirilmedi."
                  rows={data.downloads.map((d) => ({
                    key: d.id,
                    name: programName(d.title),
                    count: d.downloads,
                  }))}
                />
              </Folded>
            </Card>
            <Card title="Haftalık mesajlar">
              {sum('messages') > 0 && (
                <Suspense fallback={<Spinner />}>
                  <WeeklyMessagesChart
                    weeks={weeks}
                    label={`Son ${period} günün haftalık iletişim mesajı grafiği; toplam ${formatNumber(sum('messages'))} mesaj. Haftalık sayılar tabloda.`}
                  />
                </Suspense>
              )}
              <Folded when={sum('messages') > 0}>
                <RankedTable
                  nameHeader="Hafta"
                  countHeader="Mesaj"
                  empty="Bu dönemde mesaj gelmedi."
                  rows={[...weeks].reverse().map((w) => ({
                    key: w.from,
                    name:
                      w.from === w.to
                        ? formatShortDay(w.from)
                        : `${formatShortDay(w.from)} – ${formatShortDay(w.to)}`,
                    count: w.messages,
                  }))}
                />
              </Folded>
            </Card>
          </div>
          <PrivacyNote />
        </>
      )}
    </>
  )
}
