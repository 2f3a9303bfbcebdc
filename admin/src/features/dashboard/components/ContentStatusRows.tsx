import { syncErrorLabels } from '#schema/git-sync.ts'
import type { ContentStatus } from '../../../lib/build-status.ts'
import { formatDateTime } from '../../../utils/format-date.ts'

type Tone = 'success' | 'danger' | 'info' | ''

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

/** Refused outside edits of content files, and git: commits waiting or failed, the last commit, the push. */
export function ContentStatusRows({ status }: { status: ContentStatus | undefined }) {
  if (!status) return null
  const { errors, git } = status
  const fileDetail = errors
    .map((e) => `${e.file}${e.field ? ` (alan: ${e.field})` : ''}: ${e.message}`)
    .join(' · ')
  const gitState: [string, Tone, string | undefined] = !git
    ? ['Kapalı', '', 'Değişikliklerin eski sürümleri saklanmıyor.']
    : git.mode === 'local'
      ? ['Yerel mod', 'info', git.notice ?? undefined]
      : git.error
        ? ['Hata', 'danger', git.error]
        : git.pending > 0
          ? ['Kaydediliyor', 'info', `${git.pending} değişiklik sırada`]
          : [
              'Güncel',
              'success',
              git.lastCommit
                ? `Son kayıt: ${git.lastCommit.message} (${formatDateTime(git.lastCommit.at)})`
                : undefined,
            ]
  const push = git?.push
  const sync = git?.sync
  return (
    <>
      <Row
        label="İçerik"
        value={errors.length ? 'Reddedilen değişiklik' : 'Sorun yok'}
        tone={errors.length ? 'danger' : 'success'}
        detail={errors.length ? `${fileDetail}. Son geçerli içerik yayında.` : undefined}
      />
      <Row label="Sürüm geçmişi" value={gitState[0]} tone={gitState[1]} detail={gitState[2]} />
      {push && (
        <Row
          label="Uzak depo"
          value={
            push.error
              ? push.errorKind === 'push-refused' || push.errorKind === 'unreachable'
                ? syncErrorLabels[push.errorKind]
                : 'Gönderilemedi'
              : push.pending
                ? 'Gönderiliyor'
                : 'Güncel'
          }
          tone={push.error ? 'danger' : push.pending ? 'info' : 'success'}
          detail={
            push.error ??
            (push.lastPushedAt ? `Son gönderim: ${formatDateTime(push.lastPushedAt)}` : undefined)
          }
        />
      )}
      {sync && (
        <Row
          label="Uzak depodan alma"
          value={sync.error ? syncErrorLabels[sync.errorKind ?? 'other'] : sync.behind > 0 ? 'Alınıyor' : 'Eşit'}
          tone={sync.error ? 'danger' : sync.notice || sync.behind > 0 ? 'info' : 'success'}
          detail={
            sync.error ??
            sync.notice ??
            (sync.lastFetchAt ? `Son kontrol: ${formatDateTime(sync.lastFetchAt)}` : 'Henüz kontrol edilmedi')
          }
        />
      )}
    </>
  )
}
