// The private database's writer thread: commits (and so fsyncs) here, never on the thread that serves pages.
import { DatabaseSync, type SQLInputValue } from 'node:sqlite'
import { parentPort, workerData } from 'node:worker_threads'

/** One write: a named statement (from the fixed list the main thread passed in) and its parameters. */
type Op = { stmt: string; params: SQLInputValue[] }
/** Ops that commit together; `id` comes back in the answer once they are on disk (or failed). */
type Job = { id: number; ops: Op[] }

const { path, statements } = workerData as { path: string; statements: Record<string, string> }
const db = new DatabaseSync(path)
db.exec('PRAGMA busy_timeout = 10000')
db.exec('PRAGMA synchronous = FULL')
const prepared = Object.fromEntries(Object.entries(statements).map(([k, sql]) => [k, db.prepare(sql)]))
const run = (job: Job) => job.ops.forEach((op) => prepared[op.stmt]!.run(...op.params))

function commit(jobs: Job[]) {
  db.exec('BEGIN IMMEDIATE')
  try {
    jobs.forEach(run)
    db.exec('COMMIT')
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

let pending: Job[] = []
// Every job that arrived while the last commit was fsyncing shares the next one: one fsync per batch.
function flush() {
  const batch = pending
  pending = []
  try {
    commit(batch)
    parentPort!.postMessage({ done: batch.map((j) => j.id) })
  } catch {
    // One bad job must not fail the others: retry them one by one.
    for (const job of batch) {
      try {
        commit([job])
        parentPort!.postMessage({ done: [job.id] })
      } catch (err) {
        parentPort!.postMessage({ failed: job.id, error: err instanceof Error ? err.message : String(err) })
      }
    }
  }
}

parentPort!.on('message', (job: Job | 'close') => {
  if (job === 'close') {
    if (pending.length) flush()
    db.close()
    parentPort!.postMessage({ closed: true })
    return
  }
  pending.push(job)
  if (pending.length === 1) setImmediate(flush)
})
