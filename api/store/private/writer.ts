import type { SQLInputValue } from 'node:sqlite'
import { Worker } from 'node:worker_threads'

/** A write for the writer thread: one of the statements it was given, with parameters. */
export type WriteOp = { stmt: string; params: SQLInputValue[] }

/**
 * Sends writes to a worker thread with its own connection, where they are committed in batches with
 * synchronous=FULL. `write` resolves once its ops are on disk, so the caller may acknowledge them, while the thread
 * serving pages never waits for an fsync (it measured 6 ms per commit on a busy machine).
 */
export function startWriter(path: string, statements: Record<string, string>) {
  const worker = new Worker(new URL('./writer-worker.ts', import.meta.url), {
    workerData: { path, statements },
  })
  const waiting = new Map<number, { resolve: () => void; reject: (err: Error) => void }>()
  let nextId = 1
  let closed: (() => void) | null = null
  worker.on('message', (m: { done?: number[]; failed?: number; error?: string; closed?: boolean }) => {
    for (const id of m.done ?? []) {
      waiting.get(id)?.resolve()
      waiting.delete(id)
    }
    if (m.failed !== undefined) {
      waiting.get(m.failed)?.reject(new Error(m.error))
      waiting.delete(m.failed)
    }
    // The thread keeps the process alive only while a write waits for it.
    if (waiting.size === 0) worker.unref()
    if (m.closed) closed?.()
  })
  worker.on('error', (err) => {
    for (const { reject } of waiting.values()) reject(err instanceof Error ? err : new Error(String(err)))
    waiting.clear()
  })
  worker.unref()
  return {
    /** Commits these ops together; resolves when they are on disk. */
    write(ops: WriteOp[]): Promise<void> {
      if (ops.length === 0) return Promise.resolve()
      const id = nextId++
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject })
        worker.ref()
        worker.postMessage({ id, ops })
      })
    },
    /** Commits what is pending and ends the thread. */
    close(): Promise<void> {
      return new Promise((resolve) => {
        closed = () => void worker.terminate().then(() => resolve())
        worker.ref()
        worker.postMessage('close')
      })
    },
  }
}
export type Writer = ReturnType<typeof startWriter>
