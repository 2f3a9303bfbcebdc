// The private database's writer thread: commits (and so fsyncs) here, never on the thread that serves pages.
// Plain JavaScript (types in JSDoc): a `.ts` worker loads Node's TypeScript stripper again in its own isolate,
// 17 MB of the server's memory (issue 33, bench/README.md tenth session).
import { DatabaseSync } from 'node:sqlite'
import { parentPort, workerData } from 'node:worker_threads'

/** One write: a named statement (from the fixed list the main thread passed in) and its parameters.
 * @typedef {{ stmt: string, params: import('node:sqlite').SQLInputValue[] }} Op */
/** Ops that commit together; `id` comes back in the answer once they are on disk (or failed).
 * @typedef {{ id: number, ops: Op[] }} Job */

/** @type {{ path: string, statements: Record<string, string> }} */
const { path, statements } = workerData
const db = new DatabaseSync(path)
db.exec('PRAGMA busy_timeout = 10000')
db.exec('PRAGMA synchronous = FULL')
const prepared = Object.fromEntries(Object.entries(statements).map(([k, sql]) => [k, db.prepare(sql)]))
/** @param {Job} job */
const run = (job) => job.ops.forEach((op) => prepared[op.stmt].run(...op.params))

/** @param {Job[]} jobs */
function commit(jobs) {
  db.exec('BEGIN IMMEDIATE')
  try {
    jobs.forEach(run)
    db.exec('COMMIT')
  } catch (err) {
    if (db.isTransaction) db.exec('ROLLBACK')
    throw err
  }
}

/** @type {Job[]} */
let pending = []
// Every job that arrived while the last commit was fsyncing shares the next one: one fsync per batch.
function flush() {
  const batch = pending
  pending = []
  try {
    commit(batch)
    parentPort.postMessage({ done: batch.map((j) => j.id) })
  } catch {
    // One bad job must not fail the others: retry them one by one.
    for (const job of batch) {
      try {
        commit([job])
        parentPort.postMessage({ done: [job.id] })
      } catch (err) {
        parentPort.postMessage({ failed: job.id, error: err instanceof Error ? err.message : String(err) })
      }
    }
  }
}

parentPort.on('message', (/** @type {Job | 'close'} */ job) => {
  if (job === 'close') {
    if (pending.length) flush()
    db.close()
    parentPort.postMessage({ closed: true })
    return
  }
  pending.push(job)
  if (pending.length === 1) setImmediate(flush)
})
