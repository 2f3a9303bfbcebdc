import { mkdir, realpath } from 'node:fs/promises'
import { emptyAbout, emptyContactSettings, emptyHome } from './content-defaults.ts'
import { memoryJournal, type CommitJournal } from './git/commit-journal.ts'
import { createCommitQueue } from './git/commit-queue.ts'
import { createRemoteSync, type RemoteSync } from './git/remote-sync.ts'
import { openContentRepo } from './git/content-repo.ts'
import { commitRecovered, readRecoverySnapshot, type RecoverySnapshot } from './git/recover-commits.ts'
import { openCollections, type Collections } from './json-db.ts'
import { DIR_MODE } from './durable-file.ts'
import { lastValidEntry, lastValidVersion, loadContentFile, type FolderReport } from './versions/content-load.ts'
import { FOLDER_COLLECTIONS, isFolderCollection } from '#schema/content-layout.ts'
import type { FileWrite } from './folder-files.ts'
import { moveToFolders } from './folder-migration.ts'
import { describeFileError, type ContentFileError } from './gate/content-validation.ts'
import { createContentGate } from './gate/content-gate.ts'
import { createContentHistory, type ContentHistory } from './versions/content-history.ts'
import { watchContentDir } from './versions/content-watch.ts'
import { createRecentVersions, type RecentVersions } from './versions/recent-versions.ts'
import { createUploadIndex, type UploadIndex } from './versions/upload-index.ts'
import { memoryUploadHistory, type UploadHistoryTable } from './private/upload-history.ts'
import { memoryItemHistory, type ItemHistoryTable } from './private/item-history.ts'
import { createItemIndex, type ItemIndex } from './versions/item-index.ts'
import { versionCollections, type ContentStatus } from './versions/versioned-content.ts'
import { log } from '../lib/log.ts'

import type { ContentData, ContentName } from './content-types.ts'
export type { ContentData, ContentName } from './content-types.ts'

/** Content collections; each write is reported to `onChange` (the server rebuilds the site). */
export type ContentStore = Omit<Collections<ContentData>, 'replace' | 'lastWritten'> & {
  /** Item histories from git; null when CONTENT_DIR is not versioned (git off). */
  history: ContentHistory | null
  /** Versions of items editors loaded lately: the base a save over a newer version merges from. */
  recent: RecentVersions
  /**
   * True when some version of the content in git refers to the upload: such a file is never removed. Rejects
   * with HistoryUnreadable when history cannot be read (then nothing may be removed).
   */
  isUploadInHistory(url: string): Promise<boolean>
  /** The sync with CONTENT_GIT_REMOTE (issue 19); null without a remote or without git. */
  sync: RemoteSync | null
  /** The upload references of history (api/media/upload-keep.ts asks it); null when content is not versioned. */
  uploadHistory: UploadIndex | null
  /** Which commits changed which item (decision 272): histories read it; null when content is not versioned. */
  itemIndex: ItemIndex | null
  /** Refused external edits and the state of commits and pushes. */
  status(): ContentStatus
  /** Resolves when queued commits and pushes are done (tests, shutdown). */
  settled(): Promise<void>
  /** Checks CONTENT_DIR for changes made outside the API now (the watcher does it on its own). */
  checkDisk(): Promise<unknown>
  /** Stops watching CONTENT_DIR. */
  close(): void
}

/** How CONTENT_DIR is versioned and watched. */
export type ContentOptions = {
  /**
   * Commit every save to git (the server turns it on); push to `remote` after each commit when set. A commit
   * first waits (briefly) for `quiet`: the server passes its publisher's idle, so git's processes never slow a
   * publish. `commits`: 'auto' (default) makes no commits when CONTENT_DIR is a folder inside another repository
   * (local mode, decision 026); 'always' (CONTENT_GIT=on) commits there too. `journal` keeps each save's commit
   * until it is made (DATA_DIR's database; createApp passes it), so a crash loses no commit (decision 025).
   */
  git?: {
    remote?: string
    /** Fetch the remote every this many seconds (0: only on a webhook); with `remote` set (issue 19). */
    syncSeconds?: number
    quiet?: () => Promise<void>
    commits?: 'auto' | 'always'
    journal?: (repoPath: string) => CommitJournal
    /** Where history's upload references are kept (DATA_DIR's database; createApp passes it). */
    uploadHistory?: UploadHistoryTable
    /** Which commits changed which item (DATA_DIR's database; createApp passes it; decision 272). */
    itemHistory?: ItemHistoryTable
  }
  /**
   * Notice edits made to the files outside the API (a pull, an editor) and load them. Tests may slow the periodic
   * check (`pollMs`) and the turn over item files it makes (`sweepFiles`) to see what the watcher alone finds.
   */
  watch?: boolean | { pollMs?: number; sweepFiles?: number }
  /**
   * Posts and social projects stored as a folder of item files (decision 333; `schema/content-layout.ts`), moved
   * there at start when they are still one file. The server's default (CONTENT_FOLDERS=on); false keeps one file.
   */
  folders?: boolean
}

/** The admin's status line in local mode (no commits, decision 026). */
const LOCAL_NOTICE =
  'Yerel mod: içerik klasörü başka bir git deposunun içinde; kayıtlar dosyalara yazılıyor ama git geçmişine ' +
  'otomatik eklenmiyor. Değişiklikleri geliştirici kendisi kaydeder; Geçmiş o deponun kayıtlarını gösterir.'

/** At most this long a history waits for the commits of saves already answered. */
const HISTORY_WAIT_MS = 3000
/** The item index scans the saves' commits once saves pause this long, or this long after the first unscanned one. */
const INDEX_PAUSE_MS = 2000
const INDEX_MAX_WAIT_MS = 30_000
/** How long a start waits for the content repository to open (and, in a new one, its first commit) before loading. */
const REPO_WAIT_MS = 5_000
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

const defaults: ContentData = {
  'contact-settings': emptyContactSettings,
  home: emptyHome,
  about: emptyAbout,
  references: { cards: [], sliderImages: [] },
  blogs: [],
  'social-projects': [],
  programs: [],
  media: [],
}

/**
 * What loading a folder collection left out or put in order by itself, in the log: each refused item file costs only
 * its own item (the others start), and is named by its path, as an operator fixes it.
 */
function reportFolder(report: FolderReport) {
  for (const error of report.refused) log.error({ file: error.file }, describeFileError(error))
  if (report.added.length) log.warn(`Sıra dosyasında olmayan ${report.added.length} öğe tarihine göre sona eklendi: ${report.added.join(', ')}`)
  if (report.dropped.length) log.warn(`Sıra dosyasındaki ${report.dropped.length} kimliğin dosyası yok, atlandı: ${report.dropped.join(', ')}`)
}

/** Opens CONTENT_DIR's collection files; `onChange` is called after each write or loaded external change. */
export async function openContentStore(
  dir: string,
  onChange: (name: ContentName) => void,
  options: ContentOptions = {},
): Promise<ContentStore> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
  const repo = options.git ? openContentRepo(dir, { commits: options.git.commits }) : null
  repo?.catch(() => {}) // reported through the queue's status
  // A folder git has not seen yet gets its first commit of the files as they are while the repository opens: no
  // save may be written before that, else the first commit holds the save and recovery commits the old bytes back
  // over it. Bounded, so a slow or failing git never keeps the site from starting (the queue reports it).
  if (repo) await Promise.race([repo.catch(() => {}), wait(REPO_WAIT_MS)])
  // Files from git are untrusted: each is read safely and checked; one refused at start is reported as when
  // running, and the store starts from its last valid version in history (else its empty default).
  // Every write of this store passes it (issue 27); it also keeps each file's layout.
  const gate = createContentGate()
  const refused = new Map<ContentName, ContentFileError & { unreadable: boolean }>()
  /** Item files of folder collections refused at start, by path (each reported like an outside edit refused). */
  const refusedFiles = new Map<string, ContentFileError & { unreadable: boolean }>()
  const load = async <K extends ContentName>(name: K): Promise<ContentData[K]> => {
    const lastValid = repo && isFolderCollection(name) ? (path: string) => repo.then((r) => lastValidEntry(r, name, path)) : undefined
    const loaded = await loadContentFile(dir, name, options.folders === true, lastValid)
    if (loaded.kind === 'ok') {
      gate.remember(name, loaded.layout)
      if (loaded.folder && isFolderCollection(name)) {
        gate.storeAsFolder(name)
        reportFolder(loaded.folder)
        for (const { unreadable, ...error } of loaded.folder.refused) refusedFiles.set(error.file, { ...error, unreadable: unreadable === true })
      }
      return loaded.data as ContentData[K]
    }
    if (loaded.kind === 'missing') return structuredClone(defaults[name])
    refused.set(name, { ...loaded.error, unreadable: loaded.bytes === null })
    log.error({ file: `${name}.json` }, describeFileError(loaded.error))
    const last = repo ? await repo.then((r) => lastValidVersion(r, name)).catch(() => null) : null
    log.warn(
      last
        ? `${name}.json: sunucu bu dosyanın son geçerli sürümüyle başladı (${last.commit.slice(0, 7)}, ${last.date}).`
        : `${name}.json: geçmişte geçerli bir sürümü yok; sunucu bu dosya için boş içerikle başladı.`,
    )
    return (last?.data ?? structuredClone(defaults[name])) as ContentData[K]
  }
  const names = Object.keys(defaults) as ContentName[]
  const files = names.map((name) => `${name}.json`)
  let git = null
  let closeRepo = () => {}
  let items: ItemIndex | null = null
  if (repo && options.git) {
    const opts = options.git
    const journal = opts.journal ? opts.journal(await realpath(dir)) : memoryJournal()
    // Read before anything is loaded or saved; committed first in the queue, under each save's own author.
    let snapshot: RecoverySnapshot | null = await readRecoverySnapshot(journal, dir, files)
    const queue = createCommitQueue(repo, journal, {
      remote: opts.remote,
      quiet: opts.quiet,
      sizes: new Map([...snapshot.disk].flatMap(([f, b]) => (b ? [[f, b.byteLength] as const] : []))),
      // The snapshot holds every content file's bytes as the start read them (20 MB at 10,000 posts): let go of
      // it once recovered, not for the process's life (issue 33, found in a heap snapshot).
      first: async (r) => {
        const taken = snapshot!
        snapshot = null
        await commitRecovered(r, journal, taken, files)
      },
      localNotice: LOCAL_NOTICE,
    })
    void repo.then(
      (r) =>
        r.mode === 'local' &&
        log.info(
          `İçerik klasörü başka bir git deposunun içinde (${r.root}, klasör ${r.prefix}): yerel mod, kayıtlar ` +
            'dosyalara yazılıyor, commit yapılmıyor (her kayıtta commit için CONTENT_GIT=on).',
        ),
      () => {},
    )
    const uploads = createUploadIndex(repo, opts.uploadHistory ?? memoryUploadHistory())
    // Scanned now, off the start: by the first delete only the commits since the last scan remain.
    uploads.catchUp().catch(() => {})
    // A history waits for the queued commits, but never longer than this (a failing git must not hang it).
    const caughtUp = () => Promise.race([queue.idle(), wait(HISTORY_WAIT_MS)])
    // Which commits changed which item: scanned off the start too; histories read the file's last commits until then.
    items = createItemIndex(repo, opts.itemHistory ?? memoryItemHistory(), names)
    void items.start()
    git = { queue, history: createContentHistory(repo, caughtUp, items, (name) => gate.isFolder(name as ContentName)), uploads }
    closeRepo = () =>
      void Promise.all([queue.idle(), repo]).then(
        ([, r]) => r.close(),
        () => {},
      )
  }
  // After the recovery snapshot: the files as the last run left them are read before anything can change them.
  // The versions layer checks a folder collection's files before each write (bound once it exists, below).
  let beforeWrite: (name: ContentName, files: readonly FileWrite[]) => Promise<void> = async () => {}
  const inner = await openCollections(dir, defaults, onChange, load, gate.next, (name, files) => beforeWrite(name, files))
  const recent = createRecentVersions()
  const watchOptions = typeof options.watch === 'object' ? options.watch : {}
  const versioned = versionCollections(inner, dir, names, git, recent, gate, { sweepFiles: watchOptions.sweepFiles })
  beforeWrite = versioned.beforeWrite
  await versioned.init(refused, refusedFiles)
  // Posts and projects still in one file each move to a file per item (decision 333), once, through the gate.
  if (options.folders)
    await moveToFolders(names, {
      dir,
      read: inner.read,
      refused: new Set(refused.keys()),
      refusedFiles: new Set(refusedFiles.keys()),
      queue: git?.queue ?? null,
      adopt: versioned.adoptFolder,
    })
  // Two-way sync with the content remote (issue 19): fetched on a timer and on a webhook, merged by field.
  const sync =
    repo && git && options.git?.remote
      ? createRemoteSync({
          repo,
          queue: git.queue,
          remote: options.git.remote,
          intervalSeconds: options.git.syncSeconds ?? 30,
          files,
          mergeFile: (name, base, theirs, beforeRead) => versioned.mergeRemote(name as ContentName, base, theirs, beforeRead),
          ...(options.folders ? { mergeFolder: versioned.mergeRemoteFolder } : {}),
        })
      : null
  if (sync && git) git.queue.onPush((result) => sync.pushed(result))
  const stop = options.watch
    ? watchContentDir(dir, versioned.checkAll, {
        pollMs: watchOptions.pollMs,
        // Item files change in sub-folders the top folder's watch does not see (decision 333).
        folders: options.folders ? FOLDER_COLLECTIONS : [],
        onFile: versioned.noteOutside,
      })
    : () => {}
  // The item index follows the saves' commits in the background, so a 'Geçmiş' opened a moment later finds it
  // scanned already instead of scanning it on the way (issue 27, point 7) — once saves pause for INDEX_PAUSE_MS,
  // at the latest INDEX_MAX_WAIT_MS after the first save not yet scanned: a scan is three git processes
  // (merge-base, log, cat-file), each a fork of the whole server, and saves a second apart paid them every time
  // (issue 33); one scan after a burst reads the same versions with three. A history opened sooner scans on its way.
  const unscanned = new Set<ContentName>()
  let indexTimer: NodeJS.Timeout | null = null
  let firstUnscannedAt = 0
  const scanNow = () => {
    indexTimer = null
    const only = [...unscanned]
    unscanned.clear()
    if (git && items) void git.queue.idle().then(() => items!.catchUp(only)).catch(() => {})
  }
  const indexAfterCommit = (name: ContentName) => {
    if (!git || !items) return
    if (unscanned.size === 0) firstUnscannedAt = Date.now()
    unscanned.add(name)
    if (indexTimer) clearTimeout(indexTimer)
    const left = Math.min(INDEX_PAUSE_MS, Math.max(0, firstUnscannedAt + INDEX_MAX_WAIT_MS - Date.now()))
    indexTimer = setTimeout(scanNow, left)
    indexTimer.unref()
  }
  return {
    ...versioned.store,
    update: async (name, fn) => {
      const result = await versioned.store.update(name, fn)
      indexAfterCommit(name)
      return result
    },
    history: git?.history ?? null,
    recent,
    isUploadInHistory: (url) => git?.uploads.has(url) ?? Promise.resolve(false),
    status: () => {
      const now = versioned.status()
      return now.git && sync ? { ...now, git: { ...now.git, sync: sync.status(), conflicts: sync.conflicts() } } : now
    },
    sync,
    uploadHistory: git?.uploads ?? null,
    itemIndex: items,
    settled: () => git?.queue.idle() ?? Promise.resolve(),
    checkDisk: () => versioned.checkAll(true),
    close: () => {
      if (indexTimer) clearTimeout(indexTimer)
      stop()
      sync?.stop()
      // The private index goes once the last queued commit is made.
      closeRepo()
    },
  }
}
