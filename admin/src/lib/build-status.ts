import { api } from './api-client.ts'
import type { SyncErrorKind } from '#schema/git-sync.ts'

/** State of the public site rebuild (GET /api/admin/build; mirrors api/publish/build-status.ts). */
export type BuildStatus = {
  state: 'idle' | 'queued' | 'building' | 'failed'
  startedAt: string | null
  finishedAt: string | null
  lastDurationMs: number | null
  /** The failure's own message (for the operator); staff see lastErrorText. */
  lastError: string | null
  /** The failure as a plain Turkish sentence (api/publish/publish-failure.ts). */
  lastErrorText: string | null
  /** Number of the last publish that went live; a save is live once this reaches the save's `X-Publish`. */
  generation: number
  /** The highest publish number handed to a save. */
  requested: number
  /** Number of the last failed publish (0: none). */
  failed: number
  /** The publish running now. */
  publishing: number | null
  /** Pages the running (or last) publish renders; '*' = the whole site. */
  pages: string[]
  /** Content files refused when changed outside the admin, and the state of git commits and pushes (issue 11). */
  content?: ContentStatus
  /** Pages a publish could not render while the rest of the site went live (api/publish/page-failures.ts). */
  pageErrors?: PageError[]
}

/** One page that could not be rendered; `text` says which, the field, and that its previous version stays live. */
export type PageError = {
  path: string
  text: string
  collection: string | null
  itemId: string | null
  field: string | null
  kept: boolean
  /** The last publish that tried it (a save's publish number, X-Publish, compares with it). */
  publish: number
}

/** At most three failing pages in words, then how many more. */
export function describePageErrors(errors: PageError[]): string {
  const shown = errors.slice(0, 3).map((e) => e.text)
  return errors.length > 3 ? `${shown.join(' ')} (ve ${errors.length - 3} sayfa daha)` : shown.join(' ')
}

/** GET /api/admin/build's `content` (mirrors api/store/versions/versioned-content.ts). */
export type ContentStatus = {
  /** `onSave`: what a save of the file does (keeps the refused version in history first, or is refused). */
  errors: { file: string; field: string; message: string; onSave: string }[]
  git: {
    /** 'local': CONTENT_DIR lies inside another repository; files are written, no commits (decision 026). */
    mode: 'commit' | 'local'
    /** Turkish text for the status line (local mode). */
    notice: string | null
    pending: number
    lastCommit: { commit: string; message: string; at: string } | null
    error: string | null
    push: {
      remote: string
      pending: boolean
      error: string | null
      /** The kind of `error` (schema/git-sync.ts): 'push-refused' when the remote had moved. */
      errorKind?: SyncErrorKind | null
      lastPushedAt: string | null
    } | null
    /** With a content remote (issue 19): the last fetch, how far apart, the last failure in Turkish and its kind. */
    sync?: {
      lastFetchAt: string | null
      ahead: number
      behind: number
      error: string | null
      errorKind?: SyncErrorKind | null
      /** Remote files the sync refused (deleted, invalid, too large); the live file is kept (issue 27). */
      refused?: { file: string; message: string }[]
      /** Files in the remote that are no collection: never served. */
      ignored?: string[]
      /** What the last sync did that staff should know (the remote's history was rewritten). */
      notice?: string | null
    }
    /** Fields changed both on the remote and here: the live value was kept, the other is offered. */
    conflicts?: SyncConflict[]
  } | null
}

/** A field a sync with the content remote kept the live value of. */
export type SyncConflict = {
  /** Stable: take/keep name it, so an older list never acts on another conflict. */
  id: string
  file: string
  itemId?: string
  path: (string | { id: string })[]
  live: unknown
  other: unknown
}

/** 'whole site' or 'N pages', for what a publish renders. */
export function describePages(pages: string[]): string {
  if (pages.includes('*')) return 'tüm site'
  return pages.length === 1 ? pages[0]! : `${pages.length} sayfa`
}

/** Reads the current build state. */
export async function fetchBuildStatus(): Promise<BuildStatus> {
  const res = await api.get<{ data: BuildStatus }>('/api/admin/build')
  return res.data
}
