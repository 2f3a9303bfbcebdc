import { useEffect, useRef, useState } from 'react'
import { fetchBuildStatus } from '../lib/build-status.ts'

export type PublishStatusProps = {
  /** Change this (e.g. to Date.now()) after every successful save that changes the public site; 0 = no save yet. */
  trigger: number
}

type Phase = { kind: 'none' } | { kind: 'building' } | { kind: 'done' } | { kind: 'failed'; error: string }

const POLL_MS = 1000
// A save that changed nothing may not queue a build: stop waiting quietly after this many idle polls.
const MAX_IDLE_POLLS = 15

/**
 * Follows the site rebuild after a save: 'Site güncelleniyor...' while queued or building, then
 * 'Değişiklikler yayında.' once a newer build is live, or the build error.
 */
export function PublishStatus({ trigger }: PublishStatusProps) {
  const [phase, setPhase] = useState<Phase>({ kind: 'none' })
  const baseline = useRef<number | null>(null)

  useEffect(() => {
    // The generation before any save: a later save is live once the generation passes it.
    fetchBuildStatus()
      .then((s) => {
        baseline.current ??= s.generation
      })
      .catch(() => {})
  }, [])

  useEffect(() => {
    if (!trigger) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout>
    let sawWork = false
    let idlePolls = 0
    setPhase({ kind: 'building' })

    const poll = async () => {
      try {
        const s = await fetchBuildStatus()
        if (stopped) return
        const before = baseline.current ?? s.generation
        if (s.state === 'queued' || s.state === 'building') {
          sawWork = true
        } else if (s.state === 'failed' && sawWork) {
          return setPhase({ kind: 'failed', error: s.lastError ?? '' })
        } else if (s.generation > before) {
          baseline.current = s.generation
          return setPhase({ kind: 'done' })
        } else if (++idlePolls >= MAX_IDLE_POLLS) {
          return setPhase({ kind: 'none' })
        }
      } catch {
        if (stopped) return
      }
      timer = setTimeout(poll, POLL_MS)
    }
    timer = setTimeout(poll, 300)
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
      </div>
    )
  if (phase.kind === 'done')
    return (
      <div className="publish publish--done" role="status">
        Değişiklikler yayında.
      </div>
    )
  return (
    <div className="publish publish--failed" role="alert">
      Site güncellenemedi{phase.error ? `: ${phase.error}` : '.'}
    </div>
  )
}
