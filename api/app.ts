import { prepareSeoAnswers } from './seo/seo-answers.ts'
import { createSeoRecorder } from './seo/seo-recorder.ts'
import { uploadWidths } from './seo/upload-widths.ts'
import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { join } from 'node:path'
import { msg } from '#schema/messages.ts'
import { defaultBodyLimit } from './forms/body-limit.ts'
import type { AppEnv, Deps, PreviewRenderer } from './app-env.ts'
import { previewPageRoutes } from './routes/preview.ts'
import { idleBuildStatus, type BuildStatus } from './publish/build-status.ts'
import { createSessions } from './auth/session.ts'
import { createRateLimiter } from './auth/rate-limit.ts'
import { parseTrustedProxies } from './auth/client-address.ts'
import { limitLoginAttempts } from './middleware/login-attempts.ts'
import { sameOrigin } from './middleware/same-origin.ts'
import { requireAdmin } from './middleware/session.ts'
import { auditAdminActions } from './middleware/audit.ts'
import { contentEdit } from './middleware/content-edit.ts'
import { contentVersions } from './middleware/content-versions.ts'
import { openContentStore, type ContentName, type ContentOptions } from './store/content-store.ts'
import { openDataStore } from './store/data-store.ts'
import type { AuditRetention } from './store/private/audit.ts'
import { WriterUnavailable } from './store/private/writer.ts'
import { createFileStore } from './store/file-store.ts'
import { createLibraryFiles } from './store/library-files.ts'
import { openBlogSearchIndex } from './store/private/blog-search-index.ts'
import { createBlogSearch } from './entries/blog-search-sync.ts'
import { mountRoutes } from './routes/mount.ts'
import { notePublish, publishScope } from './publish/publish-header.ts'
import { log } from './lib/log.ts'
import { pathOf, requestIdOf } from './ops/request-log.ts'

export type AppOptions = {
  contentDir: string
  dataDir: string
  /** Where bundled demo files live (program demo downloads); defaults to ./public next to the repo root. */
  publicDir?: string
  sessionSecret: string
  loginRateLimit?: number
  now?: () => Date
  /** Called after every content write: the server queues a publish here and returns its number. */
  onContentChange?: (name: ContentName) => number | void
  buildStatus?: () => BuildStatus
  /** Commit each content save to git (and push), watch CONTENT_DIR for outside edits: the server turns both on. */
  contentVersioning?: ContentOptions
  /** Always mark session cookies Secure; the server sets it when SITE_URL is https. */
  secureCookies?: boolean
  /** The site renderer for previews (the server passes its publisher's); without it previews answer 503. */
  preview?: PreviewRenderer
  /** TRUST_PROXY: the proxies whose X-Forwarded-For is read (default 'loopback'; see auth/client-address.ts). */
  trustProxy?: string
  /** How much of the audit log is kept (AUDIT_KEEP_DAYS, AUDIT_KEEP_ROWS). */
  auditRetention?: AuditRetention
  /** Days a contact message is kept (MESSAGE_KEEP_DAYS, default 730; KVKK). */
  messageKeepDays?: number
  /** Called after maintenance mode is switched (the server writes the export's flag file for nginx). */
  onMaintenance?: (on: boolean) => Promise<void>
  /** CONTENT_GIT_WEBHOOK_SECRET; without it POST /api/git/webhook is off (404). */
  gitWebhookSecret?: string
  /** Largest library file in bytes (LIBRARY_MAX_FILE_MB; default 200 MB). */
  libraryMaxFileBytes?: number
}

/** The library's file limit when none is given (LIBRARY_MAX_FILE_MB's default). */
export const DEFAULT_LIBRARY_MAX_FILE_BYTES = 200 * 1024 * 1024

/** Messages one address may send per minute through the contact form: enough for people, not for a script. */
const CONTACT_PER_MINUTE = 10

/** On every API answer: never cached, never read as another type, never rendered as a document or framed. */
const API_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
}

/** Calls that spec section 7 lists under /api/admin but that the public site reads, plus login and logout. */
function isOpenAdminCall(method: string, path: string): boolean {
  if (method === 'POST' && (path === '/api/admin/login' || path === '/api/admin/logout')) return true
  return method === 'GET' && (path === '/api/admin/anasayfa' || path === '/api/admin/hakkimizda')
}

/** Builds the whole API on the given folders. It never listens: server.ts does, tests use app.request. */
export async function createApp(options: AppOptions) {
  const now = options.now ?? (() => new Date())
  const files = createFileStore(
    options.dataDir,
    options.publicDir ?? join(import.meta.dirname, '..', 'public'),
  )
  await files.init()
  // The database first: it holds the content commits' journal (a crash then loses no commit, decision 025) and
  // the upload references of content history (decision 032).
  const data = await openDataStore(options.dataDir, {
    auditRetention: options.auditRetention,
    messageKeepDays: options.messageKeepDays,
    now,
  })
  const libraryFiles = createLibraryFiles(options.dataDir)
  await libraryFiles.init()
  // Partial uploads of a killed server, and files whose row a crash never wrote, go before anything is served.
  await libraryFiles.sweep(data.library.items.fileKeys())
  const versioning = options.contentVersioning
  const contentStore = await openContentStore(
    options.contentDir,
    (name) => notePublish(options.onContentChange?.(name)),
    versioning?.git
      ? {
          ...versioning,
          git: {
            journal: data.commitJournal,
            uploadHistory: data.uploadHistory,
            itemHistory: data.itemHistory,
            ...versioning.git,
          },
        }
      : versioning,
  )
  const deps: Deps = {
    content: contentStore,
    data,
    files,
    sessions: createSessions(options.sessionSecret, now),
    loginLimiter: createRateLimiter(options.loginRateLimit ?? 5, 60_000, now),
    contactLimiter: createRateLimiter(CONTACT_PER_MINUTE, 60_000, now),
    now,
    buildStatus: options.buildStatus ?? idleBuildStatus,
    secureCookies: options.secureCookies ?? false,
    trustedProxies: parseTrustedProxies(options.trustProxy),
    sweepLog: { last: null },
    preview: options.preview,
    onMaintenance: options.onMaintenance,
    gitWebhookSecret: options.gitWebhookSecret,
    seo: createSeoRecorder(
      data,
      uploadWidths(() => contentStore.read('media')),
      now,
      () => prepareSeoAnswers({ data, content: contentStore }),
    ),
    library: {
      files: libraryFiles,
      maxFileBytes: options.libraryMaxFileBytes ?? DEFAULT_LIBRARY_MAX_FILE_BYTES,
    },
    blogSearch: createBlogSearch(openBlogSearchIndex(options.dataDir)),
  }

  const app = new Hono<AppEnv>()
  app.use('/api/*', async (c, next) => {
    c.set('deps', deps)
    for (const [name, value] of Object.entries(API_HEADERS)) c.header(name, value)
    await publishScope(c, next)
  })
  app.use('/api/*', sameOrigin)
  // Before the body limit, so a login refused as too large (413) counts toward the address's limit too.
  app.use('/api/admin/login', limitLoginAttempts('admin'))
  app.use('/api/library/login', limitLoginAttempts('library'))
  app.use('/api/*', defaultBodyLimit)
  // Before the guard, so it sees the answer of every admin call (also a refused login).
  app.use('/api/admin/*', auditAdminActions)
  app.use('/api/upload', auditAdminActions)
  app.use('/api/admin/*', async (c, next) =>
    isOpenAdminCall(c.req.method, c.req.path) ? next() : requireAdmin(c, next),
  )
  app.use('/api/admin/*', contentEdit)
  app.use('/api/admin/*', contentVersions)
  app.use('/api/contact-settings', contentVersions)
  app.use('/api/upload', requireAdmin)
  mountRoutes(app)
  // Preview pages (issue 21) live outside /api: a reviewer opens them as pages, without an account.
  app.use('/onizleme/*', async (c, next) => {
    c.set('deps', deps)
    await next()
  })
  app.route('/', previewPageRoutes)
  // Inside /api, so the server's site routes (mounted after the API) never answer an unknown API path.
  app.all('/api/*', (c) => c.json({ success: false, message: msg.routeNotFound }, 404))

  app.notFound((c) => c.json({ success: false, message: msg.routeNotFound }, 404))
  app.onError((err, c) => {
    if (err instanceof HTTPException) {
      if (err.res?.headers.get('content-type')?.includes('application/json')) {
        // Thrown responses skip the /api middleware's headers: errors must not be cached or sniffed either.
        for (const [name, value] of Object.entries(API_HEADERS)) err.res.headers.set(name, value)
        return err.res
      }
      // Hono's own failures (malformed JSON, body limit) carry English text: answer in Turkish.
      const message = err.status === 413 ? msg.tooLarge : err.status === 400 ? msg.invalidBody : err.message
      return c.json({ success: false, message }, err.status)
    }
    // The writer thread died with this write in flight (it is being restarted): not acknowledged, so try again.
    if (err instanceof WriterUnavailable) {
      log.error({ reqId: requestIdOf(c) }, err.message)
      return c.json({ success: false, message: msg.writeUnavailable }, 503)
    }
    log.error(
      { err, reqId: requestIdOf(c), method: c.req.method, path: pathOf(c.req.path) },
      'Beklenmeyen sunucu hatası',
    )
    return c.json({ success: false, message: msg.serverError }, 500)
  })
  return { app, deps }
}

export type App = Awaited<ReturnType<typeof createApp>>['app']
