import { Card } from '../../../components/ui/Card.tsx'
import { describePageErrors, describePages, type BuildStatus } from '../../../lib/build-status.ts'
import { formatDateTime } from '../../../utils/format-date.ts'
import { useBuildStatus } from '../../../hooks/useBuildStatus.ts'
import { useMaintenance } from '../api/get-maintenance.ts'
import { useStorage, type SweepReport } from '../api/get-storage.ts'
import { ContentStatusRows } from './ContentStatusRows.tsx'
import { formatFileSize } from '#schema/file-size.ts'

/** '120 ms' or '2,3 sn'. */
const formatDuration = (ms: number) =>
  ms < 1000 ? `${ms} ms` : `${(ms / 1000).toLocaleString('tr-TR', { maximumFractionDigits: 1 })} sn`

type Tone = 'success' | 'danger' | 'info' | ''
// In words an office worker knows (issue 30): 'Site yayında', 'Son güncelleme 2 dakika önce'; timings only under
// the row's 'Teknik ayrıntı' fold.
const buildLabels: Record<BuildStatus['state'], [string, Tone]> = {
  idle: ['Site yayında', 'success'],
  queued: ['Güncelleme sırada', 'info'],
  building: ['Güncelleniyor', 'info'],
  failed: ['Güncellenemedi', 'danger'],
}

/** '2 dakika önce', 'az önce', '3 saat önce'; older: the date and time. */
export function timeAgo(iso: string, now = Date.now()): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000)
  if (!(minutes >= 1)) return 'az önce'
  if (minutes < 60) return `${minutes} dakika önce`
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} saat önce`
  return formatDateTime(iso)
}

function Row({
  label,
  value,
  tone,
  detail,
  technical,
}: {
  label: string
  value: string
  tone: Tone
  detail?: string
  /** Timings and such, folded away under 'Teknik ayrıntı'. */
  technical?: string
}) {
  return (
    <li className="status-row">
      <span>{label}</span>
      <span className="status-row__value">
        <span className={`badge${tone ? ` badge--${tone}` : ''}`}>{value}</span>
        {detail && <span className="muted status-row__detail">{detail}</span>}
        {technical && (
          <details className="status-row__technical">
            <summary>Teknik ayrıntı</summary>
            <span className="muted">{technical}</span>
          </details>
        )}
      </span>
    </li>
  )
}

/** The last clean-up in words: what it removed and when. */
function sweepText(sweep: SweepReport | null | undefined): string {
  if (!sweep) return ''
  const removed =
    sweep.programFiles || sweep.uploads
      ? `${sweep.uploads} kullanılmayan görsel, ${sweep.programFiles} yarım kalmış program dosyası silindi`
      : 'silinecek artık dosya yoktu'
  return ` · Son temizlik (${formatDateTime(sweep.at)}): ${removed}`
}

/** Real checks: API reachability, the last site build, the maintenance flag and the storage used. */
export function SystemStatus() {
  const maintenance = useMaintenance()
  const build = useBuildStatus()
  const storage = useStorage()
  const s = storage.data
  const b = build.data
  // The site published, but some pages could not be rendered (issue 27): said here as /readyz says it.
  const pageErrors = b && b.state !== 'failed' ? (b.pageErrors ?? []) : []
  const [buildText, buildTone] = pageErrors.length
    ? (['Bazı sayfalar güncellenemedi', 'danger'] as [string, Tone])
    : b
      ? buildLabels[b.state]
      : build.isError
        ? ['Bilinmiyor', 'danger' as Tone]
        : ['...', '' as Tone]
  const buildDetail = pageErrors.length
    ? describePageErrors(pageErrors)
    : b
      ? b.state === 'failed'
        ? (b.lastErrorText ?? '')
        : b.state === 'building' && b.pages.length
          ? `Güncellenen: ${describePages(b.pages)}`
          : b.finishedAt
            ? `Son güncelleme ${timeAgo(b.finishedAt)}`
            : 'Henüz güncellenmedi'
      : undefined
  const buildTechnical =
    b?.finishedAt && b.lastDurationMs !== null
      ? `Son yayın ${formatDateTime(b.finishedAt)}, ${formatDuration(b.lastDurationMs)} sürdü.`
      : undefined

  return (
    <Card title="Sistem Durumu">
      <ul className="status-list">
        <Row
          label="Sunucu bağlantısı"
          value={maintenance.isError ? 'Ulaşılamıyor' : maintenance.isSuccess ? 'Çalışıyor' : '...'}
          tone={maintenance.isError ? 'danger' : maintenance.isSuccess ? 'success' : ''}
        />
        <Row
          label="Site"
          value={buildText}
          tone={buildTone}
          detail={buildDetail}
          technical={buildTechnical}
        />
        <ContentStatusRows status={b?.content} />
        <Row
          label="Bakım modu"
          value={maintenance.data ? 'Açık' : maintenance.isSuccess ? 'Kapalı' : '...'}
          tone={maintenance.data ? 'danger' : maintenance.isSuccess ? 'success' : ''}
        />
        <Row
          label="Depolama"
          value={s ? formatFileSize(s.totalBytes) : storage.isError ? 'Bilinmiyor' : '...'}
          tone={storage.isError ? 'danger' : s ? 'info' : ''}
          detail={
            s
              ? `Görseller: ${formatFileSize(s.uploadsBytes)} · Program dosyaları: ${formatFileSize(s.programFilesBytes)}${sweepText(s.lastSweep)}`
              : undefined
          }
        />
      </ul>
    </Card>
  )
}
