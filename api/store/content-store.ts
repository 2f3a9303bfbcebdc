import { mkdir } from 'node:fs/promises'
import type { About } from '#schema/about.ts'
import type { BlogPost } from '#schema/blog.ts'
import type { ContactSettings } from '#schema/contact-settings.ts'
import type { Home } from '#schema/home.ts'
import type { MediaItem } from '#schema/media.ts'
import type { Program } from '#schema/program.ts'
import type { References } from '#schema/reference.ts'
import type { SocialProject } from '#schema/social-project.ts'
import { emptyAbout, emptyContactSettings, emptyHome } from './content-defaults.ts'
import { createCommitQueue } from './git/commit-queue.ts'
import { openContentRepo } from './git/content-repo.ts'
import { openCollections, type Collections } from './json-db.ts'
import { DIR_MODE } from './durable-file.ts'
import { lastValidVersion, loadContentFile } from './versions/content-load.ts'
import { describeFileError, type ContentFileError } from './versions/content-validation.ts'
import { createContentHistory, type ContentHistory } from './versions/content-history.ts'
import { watchContentDir } from './versions/content-watch.ts'
import { createRecentVersions, type RecentVersions } from './versions/recent-versions.ts'
import { createUploadIndex } from './versions/upload-index.ts'
import { versionCollections, type ContentStatus } from './versions/versioned-content.ts'

/** What the public site shows: one JSON file per collection in CONTENT_DIR (in git). */
export type ContentData = {
  'contact-settings': ContactSettings
  home: Home
  about: About
  references: References
  blogs: BlogPost[]
  'social-projects': SocialProject[]
  programs: Program[]
  /** Every uploaded image and video (sizes, alt text, upload date), plus the bundled demo images. */
  media: MediaItem[]
}
export type ContentName = keyof ContentData

/** Content collections; each write is reported to `onChange` (the server rebuilds the site). */
export type ContentStore = Collections<ContentData> & {
  /** Item histories from git; null when CONTENT_DIR is not versioned (git off). */
  history: ContentHistory | null
  /** Versions of items editors loaded lately: the base a save over a newer version merges from. */
  recent: RecentVersions
  /** True when some version of the content in git refers to the upload: such a file is never removed. */
  isUploadInHistory(url: string): Promise<boolean>
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
   * publish.
   */
  git?: { remote?: string; quiet?: () => Promise<void> }
  /** Notice edits made to the files outside the API (a pull, an editor) and load them. */
  watch?: boolean
}

/** At most this long a history waits for the commits of saves already answered. */
const HISTORY_WAIT_MS = 3000
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

/** Opens CONTENT_DIR's collection files; `onChange` is called after each write or loaded external change. */
export async function openContentStore(
  dir: string,
  onChange: (name: ContentName) => void,
  options: ContentOptions = {},
): Promise<ContentStore> {
  await mkdir(dir, { recursive: true, mode: DIR_MODE })
  const repo = options.git ? openContentRepo(dir) : null
  repo?.catch(() => {}) // reported through the queue's status
  // Files from git are untrusted: each is read safely and checked; one refused at start is reported as when
  // running, and the store starts from its last valid version in history (else its empty default).
  const refused = new Map<ContentName, ContentFileError>()
  const load = async <K extends ContentName>(name: K): Promise<ContentData[K]> => {
    const loaded = await loadContentFile(dir, name)
    if (loaded.kind === 'ok') return loaded.data as ContentData[K]
    if (loaded.kind === 'missing') return structuredClone(defaults[name])
    refused.set(name, loaded.error)
    console.error(describeFileError(loaded.error))
    const last = repo ? await repo.then((r) => lastValidVersion(r, name)).catch(() => null) : null
    console.error(
      last
        ? `${name}.json: sunucu bu dosyanın son geçerli sürümüyle başladı (${last.commit.slice(0, 7)}, ${last.date}).`
        : `${name}.json: geçmişte geçerli bir sürümü yok; sunucu bu dosya için boş içerikle başladı.`,
    )
    return (last?.data ?? structuredClone(defaults[name])) as ContentData[K]
  }
  const inner = await openCollections(dir, defaults, onChange, load)
  const names = Object.keys(defaults) as ContentName[]
  let git = null
  if (repo) {
    const uploads = createUploadIndex(repo.then((r) => r.addedText()))
    const queue = createCommitQueue(repo, options.git?.remote, undefined, options.git?.quiet)
    // A history waits for the queued commits, but never longer than this (a failing git must not hang it).
    const caughtUp = () => Promise.race([queue.idle(), wait(HISTORY_WAIT_MS)])
    git = { queue, history: createContentHistory(repo, caughtUp), uploads }
  }
  const recent = createRecentVersions()
  const versioned = versionCollections(inner, dir, names, git, recent)
  await versioned.init(refused)
  const stop = options.watch ? watchContentDir(dir, versioned.checkAll) : () => {}
  return {
    ...versioned.store,
    history: git?.history ?? null,
    recent,
    isUploadInHistory: (url) => git?.uploads.has(url) ?? Promise.resolve(false),
    status: versioned.status,
    settled: () => git?.queue.idle() ?? Promise.resolve(),
    checkDisk: versioned.checkAll,
    close: stop,
  }
}
