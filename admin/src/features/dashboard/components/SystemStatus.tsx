import { Card } from '../../../components/ui/Card.tsx'
import { describePages, type BuildStatus } from '../../../lib/build-status.ts'
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
const buildLabels: Record<BuildStatus['state'], [string, Tone]> = {
  idle: ['Yayında', 'success'],
  queued: ['Sırada', 'info'],
  building: ['Yayımlanıyor', 'info'],
  failed: ['Başarısız', 'danger'],
}

function Row({ label, value, tone, detail }: { label: string; value: string; tone: Tone; detail?: string }) {
  return (
    <li className="status-row">
      <span>{label}</span>
      <span className="status-row__value">
        <span className={`badge${tone ? ` badge--${tone}` : ''}`}>{value}</span>
        {detail && <span className="muted status-row__detail">{detail}</span>}
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
  const [buildText, buildTone] = b
    ? buildLabels[b.state]
    : build.isError
      ? ['Bilinmiyor', 'danger' as Tone]
      : ['...', '' as Tone]
  const buildDetail = b
    ? b.state === 'failed'
      ? (b.lastErrorText ?? '')
      : b.state === 'building' && b.pages.length
        ? `Yayımlanan: ${describePages(b.pages)}`
        : b.finishedAt
          ? `Son yayın: ${formatDateTime(b.finishedAt)}${b.lastDurationMs !== null ? ` (${formatDuration(b.lastDurationMs)})` : ''}`
          : 'Henüz derleme yapılmadı'
    : undefined

  return (
    <Card title="Sistem Durumu">
      <ul className="status-list">
        <Row
          label="API bağlantısı"
          value={maintenance.isError ? 'Ulaşılamıyor' : maintenance.isSuccess ? 'Çalışıyor' : '...'}
          tone={maintenance.isError ? 'danger' : maintenance.isSuccess ? 'success' : ''}
        />
        <Row label="Site derlemesi" value={buildText} tone={buildTone} detail={buildDetail} />
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
