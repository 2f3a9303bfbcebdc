import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { gitErrorKind, staffGitFailure, type SyncErrorKind } from '#schema/git-sync.ts'
import { log } from '../../lib/log.ts'
import { metrics, registerGitSync } from '../../lib/metrics.ts'
import { MAX_CONTENT_FILE_BYTES, REFUSED } from '../content-file.ts'
import { writeFileDurably } from '../durable-file.ts'
import type { ContentFileError } from '../gate/content-validation.ts'
import { mergeContentFile, type SyncConflict } from '../merge/file-merge.ts'
import type { CommitQueue } from './commit-queue.ts'
import { SERVER_AUTHOR, SERVER_COMMITTER, type ContentRepo, type FileBytes, type FileSnapshot } from './content-repo.ts'
import { git, gitOrNull } from './git-exec.ts'
import { redactSecrets, secretsOf } from './git-text.ts'
import { folderView } from './folder-views.ts'
import { FOLDER_COLLECTIONS, legacyFile, pathInfo, type FolderCollection } from '#schema/content-layout.ts'

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
  /** Files of the remote the sync refused (deleted, invalid, too large): the live file is kept. */
  refused: { file: string; message: string }[]
  /** Files in the remote's content folder that are no collection: not served, listed so nobody wonders. */
  ignored: string[]
  /** What the last sync did that staff should know (the remote's history was rewritten), in Turkish. */
  notice: string | null
}

/** A remote file the sync will not take: the live file stays, the remote's commit is not recorded. */
export class RefusedRemoteFile extends Error {
  readonly file: string
  constructor(file: string, message: string) {
    super(message)
    this.file = file
  }
}

/**
 * Merges one file from the remote into the live content (the content store does it, under its own lock).
 * `beforeRead` runs under that lock before the live file is read: it commits the saves of the file already
 * written whose commits wait behind the sync, so the merge commit comes after them.
 */
export type MergeFile = (
  name: string,
  base: string | null,
  theirs: string | null,
  beforeRead: () => Promise<void>,
) => Promise<{ ok: true; text: FileBytes; conflicts: SyncConflict[] } | { ok: false; error: ContentFileError }>

/**
 * Merges a folder collection (decision 333) from views of it at the common ancestor and at the remote (one list
 * each, items the merge needs not read as placeholders: folder-views.ts); returns the files written, and the files
 * at `keep` as they are on disk after the merge (null: none) whether written or not: the sync commits the paths
 * the remote changed as the server has them (a commit onto a rewritten history starts from its tree).
 */
export type MergeFolder = (
  name: FolderCollection,
  base: unknown[] | null,
  theirs: unknown[] | null,
  beforeRead: () => Promise<void>,
  keep?: readonly string[],
) => Promise<{ ok: true; files: FileSnapshot[]; conflicts: SyncConflict[] } | { ok: false; error: ContentFileError }>

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
  /** Collections stored as folders (decision 333), merged through views; absent: none. */
  mergeFolder?: MergeFolder
  /** Content file names (`blogs.json`, …). */
  files: string[]
}) {
  const { remote, queue, files } = options
  const secrets = secretsOf(remote)
  const status: SyncStatus = { lastFetchAt: null, ahead: 0, behind: 0, error: null, errorKind: null, refused: [], ignored: [], notice: null }
  const conflicts: ListedConflict[] = []
  // The list outlives a restart: it is the only place the other value is offered to staff. A file in the git folder
  // (the repository's own state, beside the server's private index), written as every private file is.
  const conflictsFile = options.repo.then((repo) => join(repo.gitDir, 'netiz-sync-conflicts.json'))
  const loaded = conflictsFile
    .then(async (file) => {
      const saved = JSON.parse(await readFile(file, 'utf8')) as SyncConflict[]
      // Lists saved before conflicts had ids get them now. Nothing is listed before this runs (listConflicts waits
      // for it), and a saved list holds each field once.
      if (Array.isArray(saved)) conflicts.push(...saved.map((c) => ({ ...c, id: conflictId(c) })))
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

  async function fetchRemote(repo: ContentRepo): Promise<{ theirs: string | null; previous: string | null }> {
    const branch = (await gitOrNull(['symbolic-ref', '-q', '--short', 'HEAD'], { cwd: repo.root }))?.trim()
    // A server on a detached HEAD (an operator's checkout of an older commit) follows the remote's own default
    // branch: no branch name of ours to ask for.
    const source = branch ? `refs/heads/${branch}` : 'HEAD'
    const previous = (await gitOrNull(['rev-parse', '-q', '--verify', `${FETCHED}^{commit}`], { cwd: repo.root }))?.trim() || null
    await git(['fetch', '-q', '--no-tags', remote, `+${source}:${FETCHED}`], { cwd: repo.root })
    const theirs = (await gitOrNull(['rev-parse', '-q', '--verify', `${FETCHED}^{commit}`], { cwd: repo.root }))?.trim() || null
    return { theirs, previous }
  }

  const count = async (root: string, range: string) =>
    Number((await gitOrNull(['rev-list', '--count', range], { cwd: root }))?.trim() || 0)
  const isAncestor = async (root: string, a: string, b: string) =>
    (await gitOrNull(['merge-base', '--is-ancestor', a, b], { cwd: root })) !== null

  /**
   * What changed in CONTENT_DIR between two commits: content files changed or added, content files deleted, and
   * other paths (no collection: carried along, never served). Renames are a deletion and an addition.
   */
  async function changedFiles(repo: ContentRepo, from: string, to: string) {
    const path = repo.prefix || '.'
    const out = (await gitOrNull(['diff', '--no-renames', '--name-status', '-z', from, to, '--', path], { cwd: repo.root })) ?? ''
    const strip = (p: string) => (repo.prefix ? p.slice(repo.prefix.length + 1) : p)
    const fields = out.split('\0').filter(Boolean)
    const changed: string[] = []
    const deleted: string[] = []
    const others: string[] = []
    /** Folder collections whose files changed: the paths changed or removed (removals are merged as deletions). */
    const folders = new Map<FolderCollection, string[]>()
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const [kind, file] = [fields[i]!, strip(fields[i + 1]!)]
      const info = pathInfo(file)
      const folder = info && info.kind !== 'file' && folderNames.has(info.name) ? info.name : null
      if (folder && !(kind === 'D' && info!.kind === 'order')) folders.set(folder, [...(folders.get(folder) ?? []), file])
      else if (!files.includes(file) && !folder) others.push(file)
      else if (kind === 'D') deleted.push(file)
      else changed.push(file)
    }
    return { changed, deleted, others, folders }
  }
  /** Folder collections this sync merges as folders (their one-file form included: the move's other side). */
  const folderNames = new Set<string>(options.mergeFolder ? FOLDER_COLLECTIONS : [])

  /**
   * Merges each folder collection whose files changed: views at the common ancestor and at the remote (`theirs`,
   * with `overrides` of its texts for a force push's replayed saves) merged into the live list through the store.
   */
  async function mergeFolders(
    repo: ContentRepo,
    base: string | null,
    theirs: string,
    folders: Map<FolderCollection, string[]>,
    overrides: ReadonlyMap<string, string | null> = new Map(),
  ) {
    const merged: FileSnapshot[] = []
    const found: SyncConflict[] = []
    for (const [name, paths] of folders) {
      for (const f of await repo.lsTree(theirs, name)) {
        if (paths.includes(f.path) && f.size > MAX_CONTENT_FILE_BYTES) throw new RefusedRemoteFile(f.path, REFUSED.tooLarge(MAX_CONTENT_FILE_BYTES))
      }
      // Each changed item read on both sides; every item when one side is still one file (its view is whole).
      const legacyChanged = paths.includes(legacyFile(name))
      const wanted = new Set(paths.flatMap((p) => (pathInfo(p)?.kind === 'entry' ? [(pathInfo(p) as { id: string }).id] : [])))
      const all = { has: () => true } as unknown as ReadonlySet<string>
      const baseView = base ? await folderView(repo, base, name, legacyChanged ? all : wanted) : null
      const theirView = await folderView(repo, theirs, name, legacyChanged ? all : wanted, overrides)
      // A file of the remote that is not JSON is refused by its name, as a one-file collection's is: never merged.
      const bad = theirView?.unreadable
      if (bad) throw new RefusedRemoteFile(bad.file, `${bad.file} uzak depoda geçersiz${bad.field ? ` (alan "${bad.field}")` : ''}: ${bad.message}`)
      // Every changed path as it is on disk after the merge, written or not: the commit holds it so (onto a rewritten
      // history, a kept staff save the merge did not need to write; a remote file whose bytes differ but whose item
      // does not, e.g. reindented, stays as the server stores it), and a fast-forward is taken only when it equals
      // the remote's file. Else git would hold the remote's bytes and the folder the server's: a dirty work tree.
      const result = await options.mergeFolder!(name, baseView?.list ?? null, theirView?.list ?? null, () => queue.commitWritten(name), paths)
      if (!result.ok)
        throw new RefusedRemoteFile(result.error.file, `${result.error.file} uzak depoda geçersiz${result.error.field ? ` (alan "${result.error.field}")` : ''}: ${result.error.message}`)
      merged.push(...result.files)
      found.push(...result.conflicts)
    }
    return { merged, found }
  }

  /** The size of a file in a commit, without reading it (a 1 GB blob must not be read to be refused). */
  const sizeIn = async (repo: ContentRepo, commit: string, file: string) =>
    Number((await gitOrNull(['cat-file', '-s', `${commit}:${repo.prefix ? `${repo.prefix}/${file}` : file}`], { cwd: repo.root }))?.trim() || 0)

  /** Merges each content file that changed into the live content, through the store's gate. */
  async function mergeFiles(repo: ContentRepo, base: string | null, theirs: string, names: string[]) {
    const merged: FileSnapshot[] = []
    const found: SyncConflict[] = []
    for (const file of names) {
      if ((await sizeIn(repo, theirs, file)) > MAX_CONTENT_FILE_BYTES) throw new RefusedRemoteFile(file, REFUSED.tooLarge(MAX_CONTENT_FILE_BYTES))
      const result = await options.mergeFile(
        file.replace(/\.json$/, ''),
        base ? await repo.show(base, file) : null,
        await repo.show(theirs, file),
        () => queue.commitWritten(file),
      )
      // A file the schemas refuse is not taken: the live content stays, the remote's commit is not recorded yet.
      if (!result.ok) throw new RefusedRemoteFile(file, `${result.error.file} uzak depoda geçersiz${result.error.field ? ` (alan "${result.error.field}")` : ''}: ${result.error.message}`)
      merged.push({ name: file, text: result.text })
      found.push(...result.conflicts)
    }
    return { merged, found }
  }

  async function integrate(repo: ContentRepo, theirs: string, previous: string | null) {
    const head = (await gitOrNull(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: repo.root }))?.trim()
    if (!head) return
    // The remote's branch no longer contains what it had at the last fetch: its history was rewritten (even a
    // rollback to a commit the server already has, which would otherwise look like nothing to take).
    if (previous && previous !== theirs && !(await isAncestor(repo.root, previous, theirs)) && (await isAncestor(repo.root, previous, head))) {
      return rewritten(repo, head, theirs, previous)
    }
    status.ahead = await count(repo.root, `${theirs}..${head}`)
    status.behind = await count(repo.root, `${head}..${theirs}`)
    if (status.behind === 0) {
      status.refused = []
      return
    }
    const base = (await gitOrNull(['merge-base', head, theirs], { cwd: repo.root }))?.trim() ?? null
    const { changed, deleted, others, folders } = await changedFiles(repo, base ?? head, theirs)
    status.ignored = others
    // A collection deleted in git would take the whole site's posts with it: refused, named as a deletion.
    if (deleted.length > 0) {
      throw new RefusedRemoteFile(deleted[0]!, `${deleted[0]} uzak depoda silindi; yayındaki dosya korunuyor (dosyayı geri getirin ya da silmeyi geri alın)`)
    }
    const files = await mergeFiles(repo, base, theirs, changed)
    const inFolders = await mergeFolders(repo, base, theirs, folders)
    const merged = [...files.merged, ...inFolders.merged]
    const found = [...files.found, ...inFolders.found]
    // HEAD again: the merge may have committed saves written while the sync waited (commitWritten); a fast-forward
    // over them would drop their commits.
    const headNow = (await gitOrNull(['rev-parse', '-q', '--verify', 'HEAD^{commit}'], { cwd: repo.root }))?.trim()
    const fastForward = base === headNow && found.length === 0 && (await sameAs(repo, merged, theirs))
    if (!(fastForward && (await repo.fastForward(theirs, [...changed, ...[...folders.values()].flat()], others)))) {
      await repo.commit(merged, SERVER_AUTHOR, mergeMessage(found.length), theirs, { carry: others })
    }
    await listConflicts(found)
    status.refused = []
    status.behind = 0
    status.ahead = await count(repo.root, `${theirs}..HEAD`)
  }

  /**
   * The remote's history was rewritten (a force push, e.g. a rollback): the remote's branch is the truth for
   * history. The server never pushes the dropped commits back: it moves its branch onto the remote's and adds on
   * top only what it has that the remote never had (saves since the last fetch), merged by field; and it says so.
   */
  async function rewritten(repo: ContentRepo, head: string, theirs: string, previous: string) {
    const { changed, deleted, others, folders } = await changedFiles(repo, head, theirs)
    status.ignored = others
    if (deleted.length > 0) {
      throw new RefusedRemoteFile(deleted[0]!, `${deleted[0]} uzak depoda silindi; yayındaki dosya korunuyor (dosyayı geri getirin ya da silmeyi geri alın)`)
    }
    // Staff saves the force push dropped (commits this server recorded) are never lost: they are re-applied onto
    // the remote's new history first; what the dropped commits of maintainers changed is rolled back.
    const dropped = (await gitOrNull(['rev-list', '--reverse', '--no-merges', `--format=%ce`, `${theirs}..${previous}`], { cwd: repo.root })) ?? ''
    const ownDropped = [...dropped.matchAll(/^commit ([0-9a-f]+)\n(.*)$/gm)].filter((m) => m[2] === SERVER_COMMITTER.email).map((m) => m[1]!)
    const replayed = new Map<string, string | null>()
    for (const file of [...changed, ...[...folders.values()].flat()]) {
      let text = await repo.show(theirs, file)
      for (const commit of ownDropped) {
        const [before, after] = [await repo.show(`${commit}^`, file), await repo.show(commit, file)]
        if (before === after) continue
        text = JSON.stringify(mergeContentFile(file, before, text, after).data ?? null)
      }
      replayed.set(file, text)
    }
    // base: the remote as the server last had it; ours: live (with saves made since); theirs: the new history
    // with the dropped staff saves on it.
    const merged: FileSnapshot[] = []
    const found: SyncConflict[] = []
    for (const file of changed) {
      if ((await sizeIn(repo, theirs, file)) > MAX_CONTENT_FILE_BYTES) throw new RefusedRemoteFile(file, REFUSED.tooLarge(MAX_CONTENT_FILE_BYTES))
      const result = await options.mergeFile(file.replace(/\.json$/, ''), await repo.show(previous, file), replayed.get(file) ?? null, () =>
        queue.commitWritten(file),
      )
      if (!result.ok) throw new RefusedRemoteFile(file, `${result.error.file} uzak depoda geçersiz${result.error.field ? ` (alan "${result.error.field}")` : ''}: ${result.error.message}`)
      merged.push({ name: file, text: result.text })
      found.push(...result.conflicts)
    }
    // A folder collection: the remote's view with the replayed saves' texts, merged from the remote as last fetched.
    const inFolders = await mergeFolders(repo, previous, theirs, folders, replayed)
    merged.push(...inFolders.merged)
    found.push(...inFolders.found)
    const removed = await count(repo.root, `${theirs}..${previous}`)
    // HEAD, not `head`: saves committed by the merge above (commitWritten) count too.
    const own = await count(repo.root, `${previous}..HEAD`)
    await repo.commit(merged, SERVER_AUTHOR, 'Uzak depodaki yeni geçmiş alındı; sunucudaki kayıtlar üzerine eklendi', undefined, {
      onto: theirs,
      carry: others,
    })
    await listConflicts(found)
    const kept = ownDropped.length + own
    status.notice =
      `Uzak depoda geçmiş yeniden yazıldı: uzak depodan ${removed} kayıt kaldırılmış. Sunucu yeni geçmişi aldı ve ` +
      `kaldırılan kayıtları geri göndermedi; bakımcıların kaldırılan değişiklikleri sitede de geri alındı` +
      `${kept > 0 ? `, yönetim panelinden yapılan ${kept} kayıt korunup yeni geçmişin üzerine eklendi` : ''}.`
    log.warn({ event: 'sync-history-rewritten', removed, keptStaffSaves: kept, previous, theirs }, status.notice)
    status.refused = []
    status.behind = 0
    status.ahead = await count(repo.root, `${theirs}..HEAD`)
  }

  /** Newest first; one entry per field (a later sync's value replaces an older one for the same field). */
  async function listConflicts(found: SyncConflict[]) {
    await loaded
    for (const c of found) {
      const at = conflicts.findIndex((o) => sameField(o, c))
      if (at >= 0) conflicts.splice(at, 1)
      conflicts.unshift({ ...c, id: conflictId(c) })
    }
    if (found.length) await saveConflicts()
  }

  /** True when every merged file is byte for byte the remote's (nothing of ours to add: a fast-forward). */
  async function sameAs(repo: ContentRepo, merged: FileSnapshot[], theirs: string) {
    if (merged.length === 0) return true
    const blobs = await gitOrNull(['ls-tree', theirs, '--', ...merged.map((f) => (repo.prefix ? `${repo.prefix}/${f.name}` : f.name))], {
      cwd: repo.root,
    })
    // A removed path must be absent at the remote too.
    const listed = (f: FileSnapshot) => (blobs ?? '').includes(`\t${repo.prefix ? `${repo.prefix}/${f.name}` : f.name}`)
    return merged.every((f) => (f.text === null ? !listed(f) : (blobs ?? '').includes(repo.blobOf(f.text))))
  }

  async function syncOnce() {
    try {
      const repo = await options.repo
      if (repo.mode === 'local') return
      const { theirs, previous } = await fetchRemote(repo)
      status.lastFetchAt = new Date().toISOString()
      if (theirs) await queue.exclusive(() => integrate(repo, theirs, previous))
      status.error = null
      status.errorKind = null
      failures = 0
    } catch (err) {
      failures++
      const text = redactSecrets(err instanceof Error ? err.message : String(err), secrets)
      const kind = err instanceof RefusedRemoteFile ? 'refused-file' : gitErrorKind(text)
      if (err instanceof RefusedRemoteFile) status.refused = [{ file: err.file, message: err.message }]
      status.error = `Uzak depoyla eşitlenemedi: ${staffGitFailure(text, kind)}`
      status.errorKind = kind
      metrics.gitSyncFailures.inc({ kind })
      // One JSON line with its kind, as every other log line (journalctl -o cat | jq); git's own words in `detail`.
      const detail = text === staffGitFailure(text, kind) ? undefined : text
      log.error({ kind, failures, refusedFile: err instanceof RefusedRemoteFile ? err.file : undefined, detail }, status.error)
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
    conflicts: (): ListedConflict[] => structuredClone(conflicts),
    /** The listed conflict with this id (undefined: resolved already, or never listed). */
    find: (id: string): ListedConflict | undefined => structuredClone(conflicts.find((c) => c.id === id)),
    /** Forgets a conflict once someone chose (took the other value, or kept the live one). */
    async resolve(id: string): Promise<ListedConflict | undefined> {
      const at = conflicts.findIndex((c) => c.id === id)
      if (at < 0) return undefined
      const [gone] = conflicts.splice(at, 1)
      await saveConflicts()
      return gone
    },
    /** Resolves once the list read at start is in (tests) and the last change is on disk. */
    settled: async () => {
      await loaded
      await saving
    },
    /**
     * Resolves once no sync runs (one a refused push or the timer started included): a sync writes a file before
     * its commit, so tests that compare the folder with git wait for this.
     */
    async idle(): Promise<void> {
      while (running) await running.catch(() => {})
    },
    /** A sync is running now. */
    busy: (): boolean => running !== null,
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

/** A listed conflict: its stable id is what take/keep name (never its position, which each sync changes). */
export type ListedConflict = SyncConflict & { id: string }

/** Stable for one field and one other value: a newer value of the same field is a new conflict with a new id. */
export const conflictId = (c: SyncConflict) =>
  createHash('sha256').update(JSON.stringify([c.file, c.path, c.other ?? null])).digest('base64url').slice(0, 16)

const sameField = (a: SyncConflict, b: SyncConflict) => a.file === b.file && JSON.stringify(a.path) === JSON.stringify(b.path)
