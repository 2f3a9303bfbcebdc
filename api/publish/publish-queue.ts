import { idleBuildStatus, type BuildStatus } from './build-status.ts'

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
  let timer: NodeJS.Timeout | null = null
  let lastFailed = false

  async function runOnce(): Promise<void> {
    const seq = ++started
    const t0 = now()
    status.publishing = seq
    status.startedAt = t0.toISOString()
    status.pages = []
    try {
      const pages = await run(seq, (p) => (status.pages = p))
      if (pages) status.pages = pages
      status.generation = seq
      status.lastError = null
      lastFailed = false
    } catch (err) {
      status.lastError = err instanceof Error ? err.message : String(err)
      status.failed = seq
      lastFailed = true
      console.error(`Site yayımlanamadı: ${status.lastError}`)
    } finally {
      status.publishing = null
      status.finishedAt = now().toISOString()
      status.lastDurationMs = now().getTime() - t0.getTime()
    }
  }

  async function loop(): Promise<void> {
    try {
      do {
        pending = false
        await runOnce()
      } while (pending)
    } finally {
      running = null
    }
  }

  function start(): Promise<void> {
    if (timer) clearTimeout(timer)
    timer = null
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
    request(debounceMs = options.debounceMs ?? 25): number {
      const seq = started + 1
      status.requested = Math.max(status.requested, seq)
      if (timer) clearTimeout(timer)
      if (running) pending = true
      else timer = setTimeout(() => void start(), debounceMs)
      return seq
    },
    /** Publishes now and waits (start-up, tests); resolves after the publish (never rejects). */
    async publishNow(): Promise<number> {
      status.requested = Math.max(status.requested, started + 1)
      await start()
      // A save that came in during a running publish needs one more.
      while (running) await running
      return status.generation
    },
    /** Resolves once no publish is running or queued (git commits wait for it: they never slow a publish). */
    async idle(): Promise<void> {
      while (running || timer) await (running ?? new Promise((resolve) => setTimeout(resolve, 10)))
    },
    /** Stops queued publishes and waits for a running one (graceful shutdown). */
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer)
      timer = null
      pending = false
      await running
    },
  }
}
export type PublishQueue = ReturnType<typeof createPublishQueue>
