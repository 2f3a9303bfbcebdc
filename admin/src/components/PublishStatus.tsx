import { useEffect, useState } from 'react'
import { lastSavePublish } from '../lib/api-client.ts'
import { describePageErrors, describePages, fetchBuildStatus } from '../lib/build-status.ts'

export type PublishStatusProps = {
  /** Change this (e.g. to Date.now()) after every successful save that changes the public site; 0 = no save yet. */
  trigger: number
}

type Phase =
  | { kind: 'none' }
  | { kind: 'building'; pages: string }
  | { kind: 'done'; ms: number | null }
  | { kind: 'partial'; pages: string }
  | { kind: 'failed'; error: string }

const POLL_MS = 500

/**
 * Follows the publish that carries this tab's last save (its number comes with the save's answer, X-Publish):
 * 'Site güncelleniyor...' until that very publish, or a later one, is live, then 'Değişiklikler yayında.',
 * or the error when it failed. A save that changed nothing has no publish and shows nothing.
 */
export function PublishStatus({ trigger }: PublishStatusProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'none' })

  useEffect(() => {
    const seq = lastSavePublish()
    if (!trigger || !seq) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout>
    setPhase({ kind: 'building', pages: '' })

    const poll = async () => {
      try {
        const s = await fetchBuildStatus()
        if (stopped) return
        // Pages that publish (or a later one) tried and could not render: the rest is live, these are named.
        const failing = (s.pageErrors ?? []).filter((e) => e.publish >= seq)
        if (s.generation >= seq && failing.length)
          return setPhase({ kind: 'partial', pages: describePageErrors(failing) })
        if (s.generation >= seq) return setPhase({ kind: 'done', ms: s.lastDurationMs })
        if (s.failed >= seq && s.publishing === null)
          return setPhase({ kind: 'failed', error: s.lastErrorText ?? '' })
        setPhase({
          kind: 'building',
          pages: s.publishing !== null && s.pages.length ? describePages(s.pages) : '',
        })
      } catch {
        if (stopped) return
      }
      timer = setTimeout(poll, POLL_MS)
    }
    timer = setTimeout(poll, 100)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [trigger])

  if (phase.kind === 'none') return null
  if (phase.kind === 'building')
    return (
      <div className="publish publish--building" role="status">
        <span className="spinner__circle" aria-hidden="true" /> Site güncelleniyor...
        {phase.pages && <span className="publish__detail"> ({phase.pages})</span>}
      </div>
    )
  if (phase.kind === 'done')
    return (
      <div className="publish publish--done" role="status">
        Değişiklikler yayında.
      </div>
    )
  if (phase.kind === 'partial')
    return (
      <div className="publish publish--failed" role="alert">
        Değişiklikler yayında, ancak: {phase.pages}
      </div>
    )
  return (
    <div className="publish publish--failed" role="alert">
      Site güncellenemedi{phase.error ? `: ${phase.error}` : '.'}
    </div>
  )
}
