import { randomUUID } from 'node:crypto'
import type { CommitIntent, CommitJournal, KeptBytes } from './commit-journal.ts'
import type { ContentRepo, FileBytes, FileSnapshot, GitAuthor, WrittenFile } from './content-repo.ts'
import { joinBytes, redactSecrets, secretsOf } from './git-text.ts'
import { gitErrorKind, staffGitFailure, type SyncErrorKind } from '#schema/git-sync.ts'
import { log } from '../../lib/log.ts'
import { metrics, registerGitLag } from '../../lib/metrics.ts'

/**
 * One save to record: the file's bytes as that save wrote them, its author and its Turkish message. A save of a
 * folder collection (decision 333) names several paths in `files` (`text` null: the save removed that path) and
 * its `collection` (`blogs`), which `commitWritten` answers for; `file` is the one-file form.
 */
export type CommitJob = { author: GitAuthor; message: string; collection?: string } & (
  | { file: WrittenFile; files?: undefined }
  | { files: FileSnapshot[]; file?: undefined }
)

/** What the admin's system status shows about content history. */
export type GitStatus = {
  /** 'commit': each save is a commit; 'local': the files are written, the developer commits them (decision 026). */
  mode: 'commit' | 'local'
  /** Said once in the log and shown in the admin's status line (local mode), in Turkish. */
  notice: string | null
  /** Saves written to disk whose commit has not been made yet. */
  pending: number
  lastCommit: { commit: string; message: string; at: string } | null
  /** The last commit failure (the save itself is on disk and in the journal); cleared by the next commit. */
  error: string | null
  /** `remote` never shows a URL's user name or password. */
  push: {
    remote: string
    pending: boolean
    error: string | null
    /** What kind of failure `error` is: 'push-refused' (the remote moved), 'unreachable', 'other'. */
    errorKind?: SyncErrorKind | null
    lastPushedAt: string | null
  } | null
}

/** How long to wait before the n-th retry of a failed commit or push. */
const retryDelay = (attempt: number) => Math.min(60_000, 1000 * 2 ** attempt)
/** At most this long a commit waits for a publish to finish. */
const QUIET_WAIT_MS = 2000
/**
 * Pack loose objects once the commits since the last packing wrote PACK_RATIO times the content (at least
 * MIN_PACK_BYTES): loose objects are zlib-compressed JSON (about a quarter of its size), so what waits loose stays
 * around the content's own size, and a save of a large collection does not pack every time (decision 025).
 */
const PACK_RATIO = 4
const MIN_PACK_BYTES = 1024 * 1024
/**
 * Pack after this many commits since the last packing too: with one file per post (decision 333) a save adds a few
 * kilobytes of blob but also loose trees and a commit, four to six loose files that the bytes rule never counts.
 */
const PACK_COMMITS = 1000
const byteSize = (text: FileBytes) =>
  typeof text === 'string'
    ? Buffer.byteLength(text)
    : text instanceof Uint8Array
      ? text.byteLength
      : text.reduce((sum, piece) => sum + piece.byteLength, 0)
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

/**
 * Makes commits one after another, off the request path. `enqueue` resolves once the commit's intent is in the
 * journal (durable: the save may be answered); the commit follows. A failed commit is retried (with back-off, for
 * as long as it takes, in order) and reported in the status; its intent stays in the journal meanwhile, so a
 * restart commits it under its own author. After commits, loose objects are packed now and then, in this queue.
 */
export function createCommitQueue(
  repo: Promise<ContentRepo>,
  journal: CommitJournal,
  options: {
    remote?: string
    quiet?: () => Promise<void>
    /** Sizes of the content files at start (recovery read them). */
    sizes?: Map<string, number>
    /** Runs first, before any queued commit (the start's recovery). */
    first?: (repo: ContentRepo) => Promise<void>
    /** Shown in the status in local mode (no commits: enqueue does nothing). */
    localNotice?: string
    /** Packs after this many commits since the last packing, whatever their bytes (default 1000). */
    packCommits?: number
  } = {},
) {
  const { remote, quiet } = options
  let opened: ContentRepo | null = null
  const secrets = secretsOf(remote)
  const reason = (err: unknown) => redactSecrets(err instanceof Error ? err.message : String(err), secrets)
  const status: GitStatus = {
    mode: 'commit',
    notice: null,
    pending: 0,
    lastCommit: null,
    error: null,
    push: remote
      ? { remote: redactSecrets(remote, secrets), pending: false, error: null, errorKind: null, lastPushedAt: null }
      : null,
  }
  let tail: Promise<void> = repo.then(
    async (r) => {
      opened = r
      if (r.mode === 'local') {
        Object.assign(status, { mode: 'local', notice: options.localNotice ?? null, push: null })
        return
      }
      await options.first?.(r).catch((err) => {
        status.error = `Yarım kalan kayıtlar git'e eklenemedi: ${staffGitFailure(reason(err))}`
        log.error({ detail: reason(err) }, status.error)
      })
      // Commits recovered at start (or made while the remote was down) go out now, not at the first poll.
      if (remote) schedulePush()
    },
    (err) => {
      status.error = `Git deposu açılamadı: ${staffGitFailure(reason(err))}`
      log.error({ detail: reason(err) }, status.error)
    },
  )
  let pushing: Promise<void> | null = null
  let pushAgain = false
  const pushListeners: ((result: 'ok' | 'refused') => void)[] = []
  /**
   * Queued saves whose turn has not come, in queue order. A sync (an exclusive task) commits those of a file before
   * it reads that file (`commitWritten`); `done` tells their own turn that nothing is left to commit.
   */
  const waiting: { id: string; job: CommitJob; files: FileSnapshot[]; done: boolean }[] = []
  /** True while an exclusive task runs: nothing else of the queue commits then. */
  let exclusiveRunning = false
  /**
   * The newest uncommitted intent of each path, with its bytes (kept in the journal once the path moves on; a
   * removal has none: `kept` from the start). `many`: a several-path intent, whose kept bytes name their path.
   */
  const latest = new Map<string, { id: string; bytes: FileBytes | null; kept: boolean; many: boolean }>()
  /** Sizes of the content files (each path) and the bytes committed since the last packing (when to pack). */
  const sizes = options.sizes ?? new Map<string, number>()
  let unpackedBytes = 0
  let unpackedCommits = 0
  /** When each queued save was queued, and when each commit not yet pushed was made (for /metrics' lag). */
  const queuedAt: number[] = []
  const unpushedAt: number[] = []
  const age = (times: number[]) => (times.length ? (Date.now() - times[0]!) / 1000 : 0)
  registerGitLag(() => ({
    pending: status.pending,
    commitLagSeconds: age(queuedAt),
    pushLagSeconds: age(unpushedAt),
    failing: status.error !== null || (status.push?.error ?? null) !== null,
  }))

  function keepFor(path: string): KeptBytes[] {
    const prev = latest.get(path)
    if (!prev || prev.kept) return []
    prev.kept = true
    return [{ id: prev.id, bytes: joinBytes(prev.bytes!), ...(prev.many ? { path } : {}) }]
  }

  /** One try at a save's commit; a failure is reported in the status and thrown. */
  async function commitOnce(job: CommitJob, files: FileSnapshot[], id: string) {
    try {
      // The repository's own index follows once no commit waits (below): once per burst of saves.
      const sha = await (await repo).commit(files, job.author, job.message, undefined, { laterIndex: true })
      status.error = null
      metrics.gitCommits.inc({ result: 'ok' })
      if (sha && remote) unpushedAt.push(Date.now())
      if (sha) {
        status.lastCommit = { commit: sha, message: job.message, at: new Date().toISOString() }
        for (const file of files) {
          if (file.text === null) {
            sizes.delete(file.name)
            continue
          }
          const size = byteSize(file.text)
          sizes.set(file.name, size)
          unpackedBytes += size
        }
        unpackedCommits++
      }
    } catch (err) {
      status.error = `Değişiklik git'e kaydedilemedi (${job.message}): ${staffGitFailure(reason(err))}`
      metrics.gitCommits.inc({ result: 'failed' })
      log.error({ detail: reason(err) }, status.error)
      throw err
    }
    await journal.done(id).catch((err) => log.error(`Kayıt günlüğü güncellenemedi: ${reason(err)}`))
  }

  async function commit(job: CommitJob, files: FileSnapshot[], id: string) {
    // Each git call forks this process: wait (a little) for the publish the save started, so it goes first.
    if (quiet) await Promise.race([quiet(), wait(QUIET_WAIT_MS)])
    for (let attempt = 0; ; attempt++) {
      try {
        return await commitOnce(job, files, id)
      } catch {
        // Never skipped: a later commit must not carry this save's change under another name.
        await wait(retryDelay(Math.min(attempt, 6)))
      }
    }
  }

  /** The repository's own index brought to the queue's commits (`git status` clean); a failure is logged there. */
  async function syncIndex() {
    // Nothing to do in local mode (no commits). Never breaks the queue: the next commit's sync tries again.
    await (await repo).syncIndex().catch((err) => log.error(`Git dizini güncellenemedi: ${reason(err)}`))
  }

  /**
   * Packing runs beside the queue, not in it: at 10,000 posts it takes seconds, and commits held behind it piled
   * up, each next save then keeping its predecessor's 20 MB in the journal. git packs beside writers safely
   * (objects are packed before loose ones go; new ones are not pruned); a ref update that meets a lock is retried.
   */
  let packing: Promise<void> | null = null
  function schedulePack() {
    packing ??= maybePack().finally(() => (packing = null))
  }

  /**
   * Packs when the commits since the last packing wrote PACK_RATIO times the content (at least 1 MB), or were
   * `packCommits` in number.
   */
  async function maybePack() {
    const contentBytes = [...sizes.values()].reduce((a, b) => a + b, 0)
    const bytesDue = unpackedBytes >= Math.max(MIN_PACK_BYTES, PACK_RATIO * contentBytes)
    if (!bytesDue && unpackedCommits < (options.packCommits ?? PACK_COMMITS)) return
    unpackedBytes = 0
    unpackedCommits = 0
    await (await repo).maintain().catch((err) => log.error(`Git deposu paketlenemedi: ${reason(err)}`))
  }

  async function pushLoop() {
    for (let attempt = 0; ; attempt++) {
      pushAgain = false
      const covered = unpushedAt.length
      try {
        await (await repo).push(remote!)
        unpushedAt.splice(0, covered)
        metrics.gitPushes.inc({ result: 'ok' })
        status.push!.error = null
        status.push!.errorKind = null
        for (const listen of pushListeners) listen('ok')
        status.push!.lastPushedAt = new Date().toISOString()
        if (!pushAgain) return
        attempt = -1
      } catch (err) {
        const text = reason(err)
        const kind = gitErrorKind(text)
        status.push!.error = `Uzak depoya gönderilemedi: ${staffGitFailure(text, kind)}`
        status.push!.errorKind = kind
        metrics.gitPushes.inc({ result: 'failed' })
        log.error({ kind, attempt, detail: text }, status.push!.error)
        // Refused because the remote moved: the sync fetches and merges at once (then pushes again).
        if (kind === 'push-refused') for (const listen of pushListeners) listen('refused')
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
    /**
     * Writes the commit's intent to the journal and queues the commit; resolves once the intent is durable (the
     * save may then be answered). A previous uncommitted save of the same path gets its bytes kept first.
     */
    async enqueue(job: CommitJob, options: { keepBytes?: boolean } = {}): Promise<void> {
      const r = opened ?? (await repo.catch(() => null))
      const files: FileSnapshot[] = job.files ?? [job.file]
      // Local mode makes no commits; a repository that could not be opened is reported in the status, and the
      // next start commits the difference (recovery) once git works. A save of no path has nothing to commit.
      if (!r || r.mode === 'local' || files.length === 0) return
      const id = randomUUID()
      // Bytes the file is about to lose (an outside edit a save will overwrite) are kept at once.
      const kept = (text: FileBytes) => (options.keepBytes ? joinBytes(text) : null)
      const [only] = files
      // One written file: the form every journal row had before decision 333; else one row per path.
      const many = files.length !== 1 || only!.text === null
      const intent: CommitIntent = many
        ? {
            id,
            author: job.author,
            message: job.message,
            files: files.map((f) => ({
              path: f.name,
              blob: f.text === null ? null : r.blobOf(f.text),
              bytes: f.text === null ? null : kept(f.text),
            })),
          }
        : {
            id,
            file: only!.name,
            author: job.author,
            message: job.message,
            blob: r.blobOf(only!.text!),
            bytes: kept(only!.text!),
          }
      const keep = files.flatMap((f) => keepFor(f.name))
      for (const f of files) latest.set(f.name, { id, bytes: f.text, kept: !!options.keepBytes || f.text === null, many })
      status.pending++
      queuedAt.push(Date.now())
      const entry = { id, job, files, done: false }
      waiting.push(entry)
      tail = tail.then(async () => {
        waiting.splice(waiting.indexOf(entry), 1)
        // A sync already committed it, before reading the file (commitWritten): its text is in git in its place.
        if (!entry.done) await commit(job, files, id)
        if (waiting.length === 0) await syncIndex()
        queuedAt.shift()
        for (const f of files) if (latest.get(f.name)?.id === id) latest.delete(f.name)
        status.pending--
        schedulePush()
        if (status.pending === 0) schedulePack()
      })
      await journal.record(intent, keep).catch((err) => {
        // The commit is queued all the same; only a crash before it would leave the change to the start's recovery.
        log.error(`Kayıt günlüğüne yazılamadı: ${reason(err)}`)
      })
    },
    /**
     * The file on disk changed outside the API while a save of it still waits for its commit: that save's bytes
     * are kept in the journal now, since the file no longer holds them. `file`: its path (`blogs/d3/aB3.json`).
     */
    async fileMovedOn(file: string): Promise<void> {
      if (opened?.mode === 'local') return
      const keep = keepFor(file)
      if (keep.length) await journal.record(null, keep).catch((err) => log.error(reason(err)))
    },
    /**
     * Runs `task` in the queue, after the commits queued before it and before any queued after it (a sync with
     * the content remote: it sees HEAD with every earlier save committed); a push follows.
     */
    exclusive<T>(task: (repo: ContentRepo) => Promise<T>): Promise<T> {
      const run = tail.then(async () => {
        exclusiveRunning = true
        try {
          return await task(await repo)
        } finally {
          exclusiveRunning = false
        }
      })
      tail = run.then(
        () => schedulePush(),
        () => {},
      )
      return run
    },
    /**
     * Commits now, in queue order, every queued save of `file` whose turn comes after the running exclusive task:
     * a sync calls it under the file's lock, before it reads the live file it merges. Those saves are written
     * already (the live file has them), so their commits must come before the merge commit: queued behind it, each
     * would commit the text it wrote before the merge and undo the merge in git (issue 27, the bench's seed 3,
     * step 456). Each keeps its own author and message; its turn later finds it done. `file` is a collection's
     * file name or its name (`blogs.json`, `blogs`): the saves of that collection in either layout (decision 333),
     * those that name it as their `collection` and those that touch `blogs.json` or a path under `blogs/`.
     */
    async commitWritten(file: string): Promise<void> {
      if (!exclusiveRunning) throw new Error('commitWritten: yalnız bir eşitleme görevinin içinden çağrılır')
      // The collection's name from its file name or its own (`blogs.json`, `blogs`: `blogs`).
      const name = file.replace(/\.json$/, '')
      const touches = (e: (typeof waiting)[number]) =>
        e.job.collection === name ||
        e.files.some((f) => f.name === `${name}.json` || f.name.startsWith(`${name}/`))
      for (const entry of waiting.filter((e) => touches(e) && !e.done)) {
        // One try, no wait for a publish: the sync holds the file's lock. A failure fails the sync before it reads
        // the file (retried later); the save's own turn then commits it as any other.
        await commitOnce(entry.job, entry.files, entry.id)
        entry.done = true
        for (const f of entry.files) if (latest.get(f.name)?.id === entry.id) latest.delete(f.name)
      }
    },
    /** Pushes now (after a fetch found the remote behind, or a failed push's retries ran out). */
    push: () => schedulePush(),
    /** Told after each push: 'ok', or 'refused' when the remote had moved (the sync listens, issue 29). */
    onPush(listen: (result: 'ok' | 'refused') => void): void {
      pushListeners.push(listen)
    },
    /** Resolves when every queued commit (and the push and packing that follow) is done: for tests and shutdown. */
    async idle() {
      while (status.pending > 0 || pushing || packing) await Promise.all([tail, pushing, packing])
      await tail
    },
    status: (): GitStatus => structuredClone(status),
  }
}

export type CommitQueue = ReturnType<typeof createCommitQueue>
