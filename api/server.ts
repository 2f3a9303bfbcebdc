import { getRequestListener } from '@hono/node-server'
import { createServer } from 'node:http'
import { join } from 'node:path'
import { createApp } from './app.ts'
import { ensureAdminBuilt } from './publish/admin-build.ts'
import { readEnv } from './lib/env.ts'
import { seedFirstAdmin } from './auth/seed-admin.ts'
import { seedDemoLibrary } from './library/demo-library.ts'
import { startLeftoverSweeper } from './media/leftover-sweeper.ts'
import { createServerApp } from './publish/server-app.ts'
import { loadSessionSecret } from './auth/session-secret.ts'
import { sitePublisherFor } from './publish/site-publisher.ts'
import { loadStaticCache, type StaticCache } from './publish/static-cache.ts'
import { createSiteRoutes } from './publish/site-routes.ts'
import { createFastSite } from './publish/fast-site.ts'
import { setMaintenanceFlag } from './publish/export-folder.ts'
import { errorText, log } from './lib/log.ts'
import { applyKeepAlive } from './lib/keep-alive.ts'
import { observeRequests, recordRoute } from './ops/request-log.ts'
import { createMemoryTrim } from './ops/memory-trim.ts'
import { opsRoutes } from './routes/ops.ts'
import { checkStartFolders } from './ops/start-folders.ts'
import { keepBodiesIn } from './store/entry-bodies.ts'

/** A stop that takes longer than this ends the process anyway, before systemd's TimeoutStopSec (20 s) kills it. */
const STOP_DEADLINE_MS = 18_000

/** The single process: API, admin SPA, uploads and the prebuilt site on one port. */
async function main() {
  // A stray rejection is a bug to log, never a reason to stop serving the site.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'Yakalanmamış hata'))
  const env = readEnv()
  const repoRoot = join(import.meta.dirname, '..')
  // Before anything is opened: a missing CONTENT_DIR (a typo) stops the start, never an empty site (issue 27).
  await checkStartFolders(env)
  // Posts' bodies are read from a file of this process in the data folder, not kept in memory (decision 345).
  keepBodiesIn(env.dataDir)

  let admin: StaticCache = new Map()
  // Renders read the API's content from memory (set once the app is open; files until then).
  let readContent: ((name: string) => unknown) | undefined
  const publisher = sitePublisherFor(env, repoRoot, (name) => readContent?.(name))

  const { app: api, deps } = await createApp({
    contentDir: env.contentDir,
    dataDir: env.dataDir,
    publicDir: join(repoRoot, 'public'),
    sessionSecret: await loadSessionSecret(env.dataDir, env.SESSION_SECRET),
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    // Media records too: pages show their sizes and alt text (a new upload no page uses re-renders nothing).
    onContentChange: () => (env.REBUILD === 'on' ? publisher.request() : undefined),
    buildStatus: publisher.status,
    contentVersioning: {
      git:
        env.CONTENT_GIT === 'off'
          ? undefined
          : {
              remote: env.CONTENT_GIT_REMOTE,
              syncSeconds: env.CONTENT_GIT_SYNC_SECONDS,
              quiet: () => publisher.idle(),
              commits: env.CONTENT_GIT === 'on' ? 'always' : 'auto',
            },
      watch: true,
      folders: env.CONTENT_FOLDERS === 'on',
    },
    secureCookies: new URL(env.SITE_URL).protocol === 'https:',
    trustProxy: env.TRUST_PROXY,
    // Previews render with the publisher's bundle, never into its export (issue 21).
    preview: { render: publisher.preview, shareMs: env.PREVIEW_SHARE_DAYS * 86_400_000 },
    auditRetention: { days: env.AUDIT_KEEP_DAYS, rows: env.AUDIT_KEEP_ROWS },
    messageKeepDays: env.MESSAGE_KEEP_DAYS,
    libraryMaxFileBytes: env.LIBRARY_MAX_FILE_MB * 1024 * 1024,
    onMaintenance: (on) => setMaintenanceFlag(env.siteBuildDir, on),
    gitWebhookSecret: env.CONTENT_GIT_WEBHOOK_SECRET,
  })
  // The flag file for nginx follows the stored state (also when it was switched while the file was lost).
  await setMaintenanceFlag(env.siteBuildDir, deps.data.read('state').maintenanceMode)
  // Partial program files of killed uploads and day-old unused uploads go now and then daily (decision 019).
  await startLeftoverSweeper(deps.content, deps.files, deps.now, deps.sweepLog).started
  readContent = (name) => (deps.content.read as (n: string) => unknown)(name)
  const generated = await seedFirstAdmin(deps.data, new Date(), env.ADMIN_EMAIL, env.ADMIN_PASSWORD)
  // The quick start shows a living members' library: a few demo items, once, when it is empty (issue 31).
  await seedDemoLibrary(deps)
  if (generated) {
    // The one secret ever logged, on purpose and once: without ADMIN_PASSWORD nobody could log in (decision 051).
    log.warn(`İlk süper yönetici oluşturuldu: ${env.ADMIN_EMAIL ?? 'admin@example.com'} / ${generated}`)
    log.warn('Bu şifre bir daha gösterilmeyecek; giriş yaptıktan sonra profilinizden değiştirin.')
  }

  try {
    const adminFiles = await loadStaticCache(await ensureAdminBuilt(repoRoot, env.codeCacheDir))
    admin = new Map([...adminFiles].map(([k, v]) => [`/admin${k}`, v]))
  } catch (err) {
    // The site and API still start; /admin answers 503 until the admin builds.
    log.error(`Yönetim paneli derlenemedi: ${errorText(err)}`)
  }
  log.info('Site yayımlanıyor...')
  // The SEO advice of every publish's pages (issue 32), checked after it went live.
  publisher.onPublished(deps.seo.record)
  // The replaced pages' Buffers given back every 16 MB instead of every 64, V8's pooled pages every 32 MB of RSS
  // (issue 33 point 3, decisions 334 and 338).
  const memoryTrim = createMemoryTrim()
  publisher.onPublished(() => memoryTrim.afterPublish())
  memoryTrim.start()
  await publisher.ensureLive()
  // The blog search's index brought to the posts before the first search (decision 344): a check after a restart
  // (~2 s at 100,000 posts) or a first build (~25 s), no search waiting for it.
  await deps.blogSearch.settled(deps.content.read('blogs'))
  // What the start's loading, first publish and index check left behind, given back before any request (decision 338).
  await memoryTrim.reduceNow()

  const app = createServerApp(
    api,
    createSiteRoutes({ deps, site: publisher.site, admin: () => admin, hot: publisher.hot }),
    { probes: opsRoutes(deps, { metricsToken: env.METRICS_TOKEN }), observe: recordRoute },
  )

  // Hot site files go straight to Node's response; everything else through Hono. Both are counted and logged.
  const fast = createFastSite(deps, publisher.site, publisher.hot)
  const viaHono = getRequestListener(app.fetch)
  let stopping = false
  const listener = observeRequests((req, res) => {
    // While stopping, every answer closes its connection (the fast path then skips its keep-alive head).
    if (stopping) res.shouldKeepAlive = false
    return fast(req, res)
  }, viaHono)
  const server = applyKeepAlive(createServer(listener))
  server.listen(env.PORT, env.HOST, () => {
    const host = env.HOST === '127.0.0.1' ? 'localhost' : env.HOST
    log.info(`Sunucu hazır: http://${host}:${env.PORT} (yönetim: /admin)`)
  })

  /**
   * Graceful stop (SIGTERM, SIGINT): no new connections; requests in flight finish (their writes are acknowledged
   * only once on disk); then the running publish and the queued commits finish while the counters are flushed
   * and the database closed; exit 0. Past STOP_DEADLINE_MS the process ends anyway, with code 1.
   */
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    const started = Date.now()
    log.info({ signal }, 'Kapatılıyor...')
    setTimeout(() => {
      log.error(`Kapanış ${STOP_DEADLINE_MS / 1000} saniyede bitmedi; süreç sonlandırılıyor.`)
      process.exit(1)
    }, STOP_DEADLINE_MS).unref()
    deps.content.close()
    // Connections kept alive between requests are closed as soon as their request in flight is answered.
    const idle = setInterval(() => server.closeIdleConnections(), 50)
    server.close(() => {
      clearInterval(idle)
      log.debug({ ms: Date.now() - started }, 'Kapanış: bağlantılar kapandı')
      const stage = (name: string) => () => log.debug({ ms: Date.now() - started }, `Kapanış: ${name}`)
      // In this order: the publish of every answered save, then the commits that wait for it, then the database,
      // which the commits' journal writes to (closing it first failed the journal and made the next start
      // "recover" commits that were made).
      void publisher
        .stop()
        .then(stage('yayın bitti'))
        .then(() => deps.content.settled())
        .then(stage('git kayıtları bitti'))
        .then(() => deps.data.close())
        .then(stage('veritabanı kapandı'))
        .then(() => {
          log.info({ ms: Date.now() - started }, 'Kapatıldı.')
          process.exit(0)
        })
        .catch((err: unknown) => {
          log.error({ err }, 'Kapanırken hata')
          process.exit(1)
        })
    })
  }
  process.on('SIGTERM', () => stop('SIGTERM'))
  process.on('SIGINT', () => stop('SIGINT'))
}

main().catch((err) => {
  log.fatal(errorText(err))
  process.exit(1)
})
