import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gitErrorKind, type SyncErrorKind } from '#schema/git-sync.ts'
import { log } from '../../lib/log.ts'
import { metrics, registerGitSync } from '../../lib/metrics.ts'
import { writeFileDurably } from '../durable-file.ts'
import type { ContentFileError } from '../versions/content-validation.ts'
import type { SyncConflict } from '../merge/file-merge.ts'
import type { CommitQueue } from './commit-queue.ts'
import { SERVER_AUTHOR, type ContentRepo, type FileSnapshot } from './content-repo.ts'
import { git, gitOrNull } from './git-exec.ts'
import { redactSecrets, secretsOf } from './git-text.ts'

/** What GET /api/admin/build reports of the sync with the content remote (issue 19). */
export type SyncStatus = {
  lastFetchAt: string | null
  /** Commits the server has that the remote lacks, and the other way round, after the last fetch. */
  ahead: number
  behind: number
  /** The last failure in Turkish (an unreachable remote, a refused file); cleared by the next good sync. */
  error: string | null
  /** What kind of failure `error` is (the admin names it in Turkish: schema/git-sync.ts). */
  errorKind: SyncErrorKind | null
}

/** A file of the remote that the schemas refuse: the live content stays (kind 'refused-file'). */
class RefusedRemoteFile extends Error {}

/** Merges one file from the remote into the live content (the content store does it, under its own lock). */
export type MergeFile = (
  name: string,
  base: string | null,
  theirs: string | null,
) => Promise<{ ok: true; text: FileSnapshot['text']; conflicts: SyncConflict[] } | { ok: false; error: ContentFileError }>

/** The ref the remote's branch is fetched into: never a branch of the repository's own. */
const FETCHED = 'refs/site-sync/remote'
/** Back-off after failures: 2 s, 4 s, … at most 5 minutes, then the interval again. */
const backoff = (failures: number) => Math.min(300_000, 1000 * 2 ** failures)

/**
 * Keeps the server's content branch in step with CONTENT_GIT_REMOTE (issue 19): fetches every `intervalSeconds`
 * (0: only when `trigger()`ed, e.g. by a signed webhook), then, in the commit queue (after every save already
 * queued): a remote that only moved ahead is fast-forwarded; both moved: each file both changed is merged by item
 * and by field (the live value kept where both changed a field, listed in `conflicts`), checked, written and
 * published, and recorded as one merge commit whose second parent is the remote's commit — never a rebase, never a
 * force push. The push follows. Saves never wait for the remote.
 */
export function createRemoteSync(options: {
  repo: Promise<ContentRepo>
  queue: CommitQueue
  remote: string
  intervalSeconds: number
  mergeFile: MergeFile
  /** Content file names (`blogs.json`, …). */
  files: string[]
}) {
  const { remote, queue, files } = options
  const secrets = secretsOf(remote)
  const status: SyncStatus = { lastFetchAt: null, ahead: 0, behind: 0, error: null, errorKind: null }
  const conflicts: SyncConflict[] = []
  // The list outlives a restart: it is the only place the other value is offered to staff. A file in the git folder
  // (the repository's own state, beside the server's private index), written as every private file is.
  const conflictsFile = options.repo.then((repo) => join(repo.gitDir, 'netiz-sync-conflicts.json'))
  const loaded = conflictsFile
    .then(async (file) => {
      const saved = JSON.parse(await readFile(file, 'utf8')) as SyncConflict[]
      if (Array.isArray(saved)) conflicts.push(...saved.filter((c) => !conflicts.some((o) => sameField(o, c))))
    })
    .catch(() => {})
  let saving = Promise.resolve()
  function saveConflicts() {
    saving = saving
      .then(async () => writeFileDurably(await conflictsFile, JSON.stringify(conflicts)))
      .catch((err) => log.error(`Çakışma listesi kaydedilemedi: ${(err as Error).message}`))
    return saving
  }
  let running: Promise<void> | null = null
  let again = false
  let failures = 0
  let timer: NodeJS.Timeout | null = null
  let stopped = false

  async function fetchRemote(repo: ContentRepo): Promise<string | null> {
    const branch = (await gitOrNull(['symbolic-ref', '-q', '--short', 'HEAD'], { cwd: repo.root }))?.trim() || 'main'
    await git(['fetch', '-q', '--no-tags', remote, `+refs/heads/${branch}:${FETCHED}`], { cwd: repo.root })
    return (await gitOrNull(['rev-parse', '-q', '--verify', `${FETCHED}^{commit}`], { cwd: repo.root }))?.trim() || null
  }

  const count = async (root: string, range: string) =>
    Number((await gitOrNull(['rev-list', '--count', range], { cwd: root }))?.trim() || 0)

  /** The content files that differ between two commits. */
  async function changedFiles(repo: ContentRepo, from: string, to: string): Promise<string[]> {
    const path = repo.prefix || '.'
    const out = (await gitOrNull(['diff', '--name-only', '-z', from, to, '--', path], { cwd: repo.root })) ?? ''
    const strip = (p: string) => (repo.prefix ? p.slice(repo.prefix.length + 1) : p)
    return out
      .split('\0')
      .filter(Boolean)
      .map(strip)
      .filter((f) => files.includes(f))
  }

  async function integrate(repo: ContentRepo, theirs: string) {
    const head = (await gitOrNull(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: repo.root }))?.trim()
    if (!head) return
    status.ahead = await count(repo.root, `${theirs}..${head}`)
    status.behind = await count(repo.root, `${head}..${theirs}`)
    if (status.behind === 0) return
    const base = (await gitOrNull(['merge-base', head, theirs], { cwd: repo.root }))?.trim() ?? null
    const changed = await changedFiles(repo, base ?? head, theirs)
    const merged: FileSnapshot[] = []
    const found: SyncConflict[] = []
    for (const file of changed) {
      const result = await options.mergeFile(
        file.replace(/\.json$/, ''),
        base ? await repo.show(base, file) : null,
        await repo.show(theirs, file),
      )
      // A file the schemas refuse is not taken: the live content stays, the remote's commit is not recorded yet.
      if (!result.ok) throw new RefusedRemoteFile(`${result.error.file} uzak depoda geçersiz (${result.error.message})`)
      merged.push({ name: file, text: result.text })
      found.push(...result.conflicts)
    }
    const fastForward = base === head && found.length === 0 && (await sameAs(repo, merged, theirs))
    if (!(fastForward && (await repo.fastForward(theirs, changed)))) {
      await repo.commit(merged, SERVER_AUTHOR, mergeMessage(found.length), theirs)
    }
    // Newest first; one entry per field (a later sync's value replaces an older one for the same field).
    await loaded
    for (const c of found) {
      const at = conflicts.findIndex((o) => sameField(o, c))
      if (at >= 0) conflicts.splice(at, 1)
      conflicts.unshift(c)
    }
    if (found.length) await saveConflicts()
    status.behind = 0
    status.ahead = await count(repo.root, `${theirs}..HEAD`)
  }

  /** True when every merged file is byte for byte the remote's (nothing of ours to add: a fast-forward). */
  async function sameAs(repo: ContentRepo, merged: FileSnapshot[], theirs: string) {
    const blobs = await gitOrNull(['ls-tree', theirs, '--', ...merged.map((f) => (repo.prefix ? `${repo.prefix}/${f.name}` : f.name))], {
      cwd: repo.root,
    })
    return merged.every((f) => (blobs ?? '').includes(repo.blobOf(f.text)))
  }

  async function syncOnce() {
    try {
      const repo = await options.repo
      if (repo.mode === 'local') return
      const theirs = await fetchRemote(repo)
      status.lastFetchAt = new Date().toISOString()
      if (theirs) await queue.exclusive(() => integrate(repo, theirs))
      status.error = null
      status.errorKind = null
      failures = 0
    } catch (err) {
      failures++
      const text = redactSecrets(err instanceof Error ? err.message : String(err), secrets)
      const kind = err instanceof RefusedRemoteFile ? 'refused-file' : gitErrorKind(text)
      status.error = `Uzak depoyla eşitlenemedi: ${text}`
      status.errorKind = kind
      metrics.gitSyncFailures.inc({ kind })
      // One JSON line with its kind, as every other log line (journalctl -o cat | jq).
      log.error({ kind, failures }, status.error)
    }
  }

  /** Syncs now (a webhook, a test); a sync asked for while one runs runs once more right after it. */
  function trigger(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      do {
        again = false
        await syncOnce()
      } while (again && !stopped)
    })().finally(() => {
      running = null
      schedule()
    })
    return running
  }

  function schedule() {
    if (stopped) return
    if (timer) clearTimeout(timer)
    const delay = failures > 0 ? backoff(failures) : options.intervalSeconds * 1000
    if (delay <= 0) return
    timer = setTimeout(() => void trigger(), delay)
    timer.unref()
  }

  schedule()
  registerGitSync(() => ({ ahead: status.ahead, behind: status.behind, conflicts: conflicts.length, failing: status.error !== null }))
  return {
    trigger,
    /**
     * The commit queue's push: a good one leaves the remote at our HEAD (nothing ahead any more); one the remote
     * refused because it moved fetches and merges at once instead of waiting for the next poll.
     */
    pushed(result: 'ok' | 'refused') {
      if (result === 'ok') status.ahead = 0
      else void trigger()
    },
    status: (): SyncStatus => ({ ...status }),
    conflicts: (): SyncConflict[] => structuredClone(conflicts),
    /** Forgets a conflict once someone chose (took the other value, or kept the live one). */
    resolve(index: number): SyncConflict | undefined {
      const [gone] = conflicts.splice(index, 1)
      if (gone) void saveConflicts()
      return gone
    },
    /** Resolves once the list read at start is in (tests) and the last change is on disk. */
    settled: async () => {
      await loaded
      await saving
    },
    stop() {
      stopped = true
      if (timer) clearTimeout(timer)
    },
  }
}

export type RemoteSync = ReturnType<typeof createRemoteSync>

const mergeMessage = (conflicts: number) =>
  conflicts === 0
    ? 'Uzak depodaki değişiklikler birleştirildi'
    : `Uzak depodaki değişiklikler birleştirildi (${conflicts} çakışmada yayındaki değer korundu)`

const sameField = (a: SyncConflict, b: SyncConflict) => a.file === b.file && JSON.stringify(a.path) === JSON.stringify(b.path)
