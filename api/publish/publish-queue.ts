import { idleBuildStatus, type BuildStatus } from './build-status.ts'
import { log } from '../lib/log.ts'
import { publishFailureText } from './publish-failure.ts'
import { metrics } from '../lib/metrics.ts'

/** One publish: makes the current content live; returns the pages it changed; a throw keeps the live site. */
export type PublishRun = (seq: number, progress: (pages: string[]) => void) => Promise<string[] | void>

/**
 * Numbers and serialises publishes. A save gets the number of the next publish to start (it reads the content
 * after the save); saves within the debounce share one publish; a save during a publish causes exactly one more.
 * Every failure, before or during the work, is caught, recorded and leaves the queue ready for the next save.
 */
export function createPublishQueue(run: PublishRun, options: { now?: () => Date; debounceMs?: number } = {}) {
  const now = options.now ?? (() => new Date())
  const status = idleBuildStatus()
  let started = 0
  let running: Promise<void> | null = null
  let pending = false
  /** A save (not a scheduled time) is among the pending requests. */
  let pendingSave = false
  /** The running publish carries a save (not only a scheduled time). */
  let runCarriesSave = false
  /** The debounce's timer (clearTimeout(undefined) does nothing: no test before clearing). */
  let timer: NodeJS.Timeout | undefined
  let lastFailed = false
  /** After stop(): nothing more is published. */
  let closed = false
  /** When each publish number was first handed to a save (for the save-to-live histogram). */
  const requestedAt = new Map<number, number>()

  async function runOnce(): Promise<void> {
    const seq = ++started
    const t0 = now()
    const clockStart = performance.now()
    status.publishing = seq
    status.startedAt = t0.toISOString()
    status.pages = []
    try {
      const pages = await run(seq, (p) => (status.pages = p))
      if (pages) status.pages = pages
      status.generation = seq
      status.lastError = null
      status.lastErrorText = null
      lastFailed = false
      metrics.publishes.inc({ result: 'ok' })
      // Every save numbered up to this publish is live now (a failed publish's saves go with the next one).
      for (const [n, at] of requestedAt) {
        if (n > seq) continue
        metrics.saveToLive.observe((performance.now() - at) / 1000)
        requestedAt.delete(n)
      }
    } catch (err) {
      status.lastError = err instanceof Error ? err.message : String(err)
      status.lastErrorText = publishFailureText(err)
      status.failed = seq
      lastFailed = true
      metrics.publishes.inc({ result: 'failed' })
      log.error({ publish: seq }, `Site yayımlanamadı: ${status.lastError}`)
    } finally {
      status.publishing = null
      status.finishedAt = now().toISOString()
      status.lastDurationMs = now().getTime() - t0.getTime()
      metrics.publishDuration.observe((performance.now() - clockStart) / 1000)
    }
  }

  async function loop(): Promise<void> {
    try {
      do {
        pending = false
        runCarriesSave = pendingSave
        pendingSave = false
        await runOnce()
      } while (pending)
    } finally {
      runCarriesSave = false
      running = null
    }
  }

  function start(): Promise<void> {
    clearTimeout(timer)
    timer = undefined
    if (running) {
      pending = true
      return running
    }
    running = loop()
    return running
  }

  return {
    status(): BuildStatus {
      const state = running ? 'building' : timer ? 'queued' : lastFailed ? 'failed' : 'idle'
      return { ...status, state, pages: [...status.pages] }
    },
    /** Queues a publish after a content save; returns the number of the publish that will carry the save. */
    request(debounceMs = options.debounceMs ?? 25, { scheduled = false } = {}): number {
      const seq = started + 1
      if (!scheduled) pendingSave = true
      status.requested = Math.max(status.requested, seq)
      if (!requestedAt.has(seq)) requestedAt.set(seq, performance.now())
      if (closed) return seq
      clearTimeout(timer)
      if (running) pending = true
      else timer = setTimeout(() => void start(), debounceMs)
      return seq
    },
    /** Publishes now and waits (start-up, tests); resolves after the publish (never rejects). */
    async publishNow(): Promise<number> {
      status.requested = Math.max(status.requested, started + 1)
      // The running loop: it also runs the one more publish that saves made during it need (`pending`), and it
      // has ended (running = null) when this resumes, so nothing is left to wait for.
      await start()
      return status.generation
    },
    /**
     * The running publish carries a save: it must not wait for a scheduled time (a save and the scheduled time's
     * timer within one debounce share a publish, which then rendered for the time and held the save up to 5 min).
     */
    carriesSave: (): boolean => runCarriesSave,
    /**
     * A save came in while a publish runs (a publish waiting for a scheduled time then gives way to it). `pending`
     * is only ever set while a publish runs (and cleared as the next one starts), so it says "running" too.
     */
    hasPendingSave: (): boolean => pending && pendingSave,
    /** Resolves once no publish is running or queued (git commits wait for it: they never slow a publish). */
    async idle(): Promise<void> {
      while (running || timer) await (running ?? new Promise((resolve) => setTimeout(resolve, 10)))
    },
    /**
     * Graceful shutdown: the publish of every save already answered (queued behind the debounce, or waiting for a
     * running one) still runs, then the queue stops; requests made after this are not published (issue 29: a
     * SIGTERM right after a save's answer left that save unpublished until the next start).
     */
    async stop(): Promise<void> {
      if (timer) void start()
      while (running) await running
      closed = true
    },
  }
}
export type PublishQueue = ReturnType<typeof createPublishQueue>
