import type { ContentRepo, FileSnapshot, GitAuthor } from './content-repo.ts'

/** One save to record: the file's bytes as that save wrote them, its author and its Turkish message. */
export type CommitJob = { files: FileSnapshot[]; author: GitAuthor; message: string }

/** What the admin's system status shows about content history. */
export type GitStatus = {
  /** Saves written to disk whose commit has not been made yet. */
  pending: number
  lastCommit: { commit: string; message: string; at: string } | null
  /** The last commit failure (the save itself is on disk); cleared by the next successful commit. */
  error: string | null
  push: { remote: string; pending: boolean; error: string | null; lastPushedAt: string | null } | null
}

/** How long to wait before the n-th retry of a failed commit or push. */
const retryDelay = (attempt: number) => Math.min(60_000, 1000 * 2 ** attempt)
/** At most this long a commit waits for a publish to finish. */
const QUIET_WAIT_MS = 2000
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * Makes commits one after another, off the request path: `enqueue` returns at once. A failed commit is retried,
 * then reported in the status; the save it belongs to is already on disk and its text goes into the next commit.
 */
export function createCommitQueue(
  repo: Promise<ContentRepo>,
  remote?: string,
  onCommit?: (job: CommitJob) => void,
  quiet?: () => Promise<void>,
) {
  const status: GitStatus = {
    pending: 0,
    lastCommit: null,
    error: null,
    push: remote ? { remote, pending: false, error: null, lastPushedAt: null } : null,
  }
  let tail: Promise<void> = repo.then(
    () => {},
    (err) => void (status.error = `Git deposu açılamadı: ${reason(err)}`),
  )
  let pushing: Promise<void> | null = null
  let pushAgain = false

  async function commit(job: CommitJob) {
    // Each git call forks this process: wait (a little) for the publish the save started, so it goes first.
    if (quiet) await Promise.race([quiet(), wait(QUIET_WAIT_MS)])
    for (let attempt = 0; ; attempt++) {
      try {
        const sha = await (await repo).commit(job.files, job.author, job.message)
        status.error = null
        if (sha) status.lastCommit = { commit: sha, message: job.message, at: new Date().toISOString() }
        onCommit?.(job)
        return
      } catch (err) {
        status.error = `Değişiklik git'e kaydedilemedi (${job.message}): ${reason(err)}`
        console.error(status.error)
        if (attempt >= 3) return
        await wait(retryDelay(attempt))
      }
    }
  }

  async function pushLoop() {
    for (let attempt = 0; ; attempt++) {
      pushAgain = false
      try {
        await (await repo).push(remote!)
        status.push!.error = null
        status.push!.lastPushedAt = new Date().toISOString()
        if (!pushAgain) return
        attempt = -1
      } catch (err) {
        status.push!.error = `Uzak depoya gönderilemedi: ${reason(err)}`
        console.error(status.push!.error)
        if (attempt >= 5 && !pushAgain) return
        await wait(retryDelay(attempt))
      }
    }
  }

  function schedulePush() {
    if (!remote) return
    if (pushing) return void (pushAgain = true)
    status.push!.pending = true
    pushing = pushLoop().finally(() => {
      pushing = null
      status.push!.pending = false
    })
  }

  return {
    /** Queues a commit; returns at once (the save's answer never waits for git). */
    enqueue(job: CommitJob) {
      status.pending++
      tail = tail.then(async () => {
        await commit(job)
        status.pending--
        schedulePush()
      })
    },
    /** Resolves when every queued commit (and the push that follows) is done: for tests and shutdown. */
    async idle() {
      while (status.pending > 0 || pushing) await Promise.all([tail, pushing])
    },
    status: (): GitStatus => structuredClone(status),
  }
}

export type CommitQueue = ReturnType<typeof createCommitQueue>
