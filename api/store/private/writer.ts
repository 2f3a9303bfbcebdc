import type { SQLInputValue } from 'node:sqlite'
import { Worker } from 'node:worker_threads'
import { registerWriterDepth } from '../../lib/metrics.ts'
import { log } from '../../lib/log.ts'

/** A write for the writer thread: one of the statements it was given, with parameters. */
export type WriteOp = { stmt: string; params: SQLInputValue[] }

/**
 * A write the writer thread could not take: it died while the write was in flight, or it is being restarted.
 * The write may or may not be on disk; it was not acknowledged. The API answers it with 503 (app.ts).
 */
export class WriterUnavailable extends Error {
  constructor(reason: string) {
    super(`Yazıcı iş parçacığı kullanılamıyor: ${reason}`)
  }
}

/** A thread that dies sooner than this after its start waits before the next restart (a crash loop must not spin). */
const STABLE_MS = 1000
const MAX_RESTART_DELAY_MS = 5000

/**
 * Sends writes to a worker thread with its own connection, where they are committed in batches with
 * synchronous=FULL. `write` resolves once its ops are on disk, so the caller may acknowledge them, while the thread
 * serving pages never waits for an fsync (it measured 6 ms per commit on a busy machine).
 *
 * Supervised (issue 20): when the thread dies (a crash, an out-of-memory kill of the thread, a terminate), every
 * write in flight is rejected at once with WriterUnavailable, and a new thread is started; later writes go to it.
 * A write is only ever resolved after the thread reported its COMMIT, so nothing acknowledged is lost.
 */
export function startWriter(path: string, statements: Record<string, string>) {
  const waiting = new Map<number, { resolve: () => void; reject: (err: Error) => void }>()
  let nextId = 1
  let closing: (() => void) | null = null
  let worker: Worker | null = null
  let restarts = 0
  let failuresInARow = 0
  let restartTimer: NodeJS.Timeout | null = null
  registerWriterDepth(() => waiting.size)

  function spawn() {
    restartTimer = null
    const started = Date.now()
    const thread = new Worker(new URL('./writer-worker.mjs', import.meta.url), { workerData: { path, statements } })
    worker = thread
    thread.on('message', (m: { done?: number[]; failed?: number; error?: string; closed?: boolean }) => {
      for (const id of m.done ?? []) {
        waiting.get(id)?.resolve()
        waiting.delete(id)
      }
      if (m.failed !== undefined) {
        waiting.get(m.failed)?.reject(new Error(m.error))
        waiting.delete(m.failed)
      }
      if (Date.now() - started > STABLE_MS) failuresInARow = 0
      // The thread keeps the process alive only while a write waits for it.
      if (waiting.size === 0) thread.unref()
      if (m.closed) closing?.()
    })
    // An uncaught error inside the thread is followed by 'exit': handled there.
    thread.on('error', (err) => log.error({ err }, 'Yazıcı iş parçacığında hata'))
    thread.on('exit', (code) => {
      if (worker !== thread) return
      worker = null
      if (closing) return closing()
      // Writes sent to the dead thread were not acknowledged: they fail now instead of waiting forever.
      const lost = new WriterUnavailable(`iş parçacığı durdu (çıkış kodu ${code})`)
      for (const { reject } of waiting.values()) reject(lost)
      waiting.clear()
      restarts++
      failuresInARow = Date.now() - started < STABLE_MS ? failuresInARow + 1 : 0
      // The first restart is immediate; only a thread that keeps dying young is restarted after a growing pause.
      const delay = failuresInARow > 1 ? Math.min(100 * 2 ** (failuresInARow - 2), MAX_RESTART_DELAY_MS) : 0
      log.error(`Yazıcı iş parçacığı durdu (çıkış kodu ${code}); ${delay} ms sonra yeniden başlatılıyor.`)
      if (delay === 0) return spawn()
      // Meanwhile writes fail at once (503) rather than pile up behind a thread that keeps dying.
      restartTimer = setTimeout(spawn, delay)
      restartTimer.unref()
    })
    thread.unref()
  }
  spawn()

  return {
    /** Commits these ops together; resolves when they are on disk, rejects with WriterUnavailable if it dies. */
    write(ops: WriteOp[]): Promise<void> {
      if (ops.length === 0) return Promise.resolve()
      const thread = worker
      if (!thread || closing)
        return Promise.reject(new WriterUnavailable(closing ? 'kapatılıyor' : 'yeniden başlatılıyor'))
      const id = nextId++
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        thread.ref()
        thread.postMessage({ id, ops })
      })
    },
    /** The running thread (null while it is restarted), how often it was restarted, writes waiting: tests, status. */
    thread: () => worker,
    restarts: () => restarts,
    pending: () => waiting.size,
    /** Commits what is pending and ends the thread. */
    close(): Promise<void> {
      if (restartTimer) clearTimeout(restartTimer)
      const thread = worker
      if (!thread) {
        closing = () => {}
        return Promise.resolve()
      }
      return new Promise((resolve) => {
        closing = () => void thread.terminate().then(() => resolve())
        thread.ref()
        thread.postMessage('close')
      })
    },
  }
}
export type Writer = ReturnType<typeof startWriter>
