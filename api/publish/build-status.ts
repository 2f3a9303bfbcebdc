import type { PageFailure } from './page-failures.ts'

/** State of publishing, as GET /api/admin/build reports it. */
export type BuildStatus = {
  /** 'queued': a save waits for its publish; 'building': a publish runs; 'failed': the last publish failed. */
  state: 'idle' | 'queued' | 'building' | 'failed'
  startedAt: string | null
  finishedAt: string | null
  lastDurationMs: number | null
  /** The last failure's own message (an errno, a path, a tool's output): for the operator's log and readiness. */
  lastError: string | null
  /** The same failure as the Turkish sentence the admin shows (publish-failure.ts). */
  lastErrorText: string | null
  /** Sequence number of the last publish that went live; a save is live once this reaches its own number. */
  generation: number
  /** The highest publish number handed to a save (each save's answer names its number in `X-Publish`). */
  requested: number
  /** Sequence number of the last publish that failed (0: none). */
  failed: number
  /** The publish running now, if any. */
  publishing: number | null
  /** What the running publish renders ('*' = the whole site); the last publish's pages when idle. */
  pages: string[]
  /**
   * Pages the last publishes could not render while the rest of the site went live (issue 27): each named for
   * staff with its field; the previous version of each stays live. Empty when every page is current.
   */
  pageErrors: PageFailure[]
}

/** The state before the first publish (also what the API reports when nothing publishes the site, as in tests). */
export function idleBuildStatus(): BuildStatus {
  return {
    state: 'idle',
    startedAt: null,
    finishedAt: null,
    lastDurationMs: null,
    lastError: null,
    lastErrorText: null,
    generation: 0,
    requested: 0,
    failed: 0,
    publishing: null,
    pages: [],
    pageErrors: [],
  }
}
