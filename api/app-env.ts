import type { SeoRecorder } from './seo/seo-recorder.ts'
import type { ContentStore } from './store/content-store.ts'
import type { DataStore, StoredMember, StoredUser } from './store/data-store.ts'
import type { FileStore } from './store/file-store.ts'
import type { LibraryFiles } from './store/library-files.ts'
import type { RateLimiter } from './auth/rate-limit.ts'
import type { TrustedProxies } from './auth/client-address.ts'
import type { SweepLog } from './media/leftover-sweeper.ts'
import type { Sessions } from './auth/session.ts'
import type { BuildStatus } from './publish/build-status.ts'
import type { BlogSearch } from './entries/blog-search-sync.ts'
import type { RenderedPage } from './publish/page-render.ts'

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
  /** Proxies whose X-Forwarded-For names the client (TRUST_PROXY). */
  trustedProxies: TrustedProxies
  /** The last sweep of leftover files (server.ts runs the sweeper; the dashboard shows it). */
  sweepLog: SweepLog
  /** The site's renderer for previews (issue 21): the server's publisher; absent in API-only apps. */
  preview?: PreviewRenderer
  /** Shows maintenance mode to a static server in front (the export's flag file); resolves once it is written. */
  onMaintenance?: (on: boolean) => Promise<void>
  /** CONTENT_GIT_WEBHOOK_SECRET: a forge's signed push notification makes the server fetch (issue 19). */
  gitWebhookSecret?: string
  /** The members' library's files (DATA_DIR/library/) and their size limit (LIBRARY_MAX_FILE_MB; issue 31). */
  library: { files: LibraryFiles; maxFileBytes: number }
  /** The SEO advice of rendered pages (issue 32): the publisher hands it each live publish. */
  seo: SeoRecorder
  /** The public blog search's index in DATA_DIR/blog-search.sqlite, kept equal to the posts (decision 344). */
  blogSearch: BlogSearch
}

/** Renders a page as a publish would, from the content `read` gives; nothing goes live (api/preview). */
export type PreviewRenderer = {
  render(path: string, read: (name: string) => unknown): Promise<RenderedPage>
  /** How long a shared preview link works (PREVIEW_SHARE_DAYS). */
  shareMs: number
}

export type AppEnv = {
  Variables: {
    deps: Deps
    user: StoredUser
    /** The library member of a /api/library call (requireMember). */
    member: StoredMember
    /** The title a library write named, for its audit sentence when it failed before storing anything. */
    auditTitle: string
  }
}
