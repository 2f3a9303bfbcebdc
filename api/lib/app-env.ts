import type { ContentStore } from '../store/content-store.ts'
import type { DataStore, StoredUser } from '../store/data-store.ts'
import type { FileStore } from '../store/file-store.ts'
import type { RateLimiter } from '../middleware/rate-limit.ts'
import type { Sessions } from './session.ts'

/** State of the site rebuild, as GET /api/admin/build reports it. */
export type BuildStatus = {
  state: 'idle' | 'queued' | 'building' | 'failed'
  startedAt: string | null
  finishedAt: string | null
  lastDurationMs: number | null
  lastError: string | null
  /** Increases with every successful swap; the admin waits for it to pass the value seen after a save. */
  generation: number
}

/** The state before the first build (also what the API reports when nothing builds the site, as in tests). */
export function idleBuildStatus(): BuildStatus {
  return {
    state: 'idle',
    startedAt: null,
    finishedAt: null,
    lastDurationMs: null,
    lastError: null,
    generation: 0,
  }
}

/** Everything a route needs, passed in by createApp (no module singletons, so tests use temp folders). */
export type Deps = {
  content: ContentStore
  data: DataStore
  files: FileStore
  sessions: Sessions
  /** Failed admin and library logins, per address and per e-mail. */
  loginLimiter: RateLimiter
  /** Contact form messages per address. */
  contactLimiter: RateLimiter
  now: () => Date
  buildStatus: () => BuildStatus
  /** Session cookies are always Secure (the site is served over https). */
  secureCookies: boolean
}

export type AppEnv = { Variables: { deps: Deps; user: StoredUser } }
