import { getRequestListener } from '@hono/node-server'
import { createServer } from 'node:http'
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { createApp } from './app.ts'
import { ensureAdminBuilt } from './publish/admin-build.ts'
import { readEnv } from './lib/env.ts'
import { seedFirstAdmin } from './auth/seed-admin.ts'
import { startLeftoverSweeper } from './media/leftover-sweeper.ts'
import { createServerApp } from './publish/server-app.ts'
import { loadSessionSecret } from './auth/session-secret.ts'
import { sitePublisherFor } from './publish/site-publisher.ts'
import { loadStaticCache, type StaticCache } from './publish/static-cache.ts'
import { createSiteRoutes } from './publish/site-routes.ts'
import { createFastSite } from './publish/fast-site.ts'

/** The single process: API, admin SPA, uploads and the prebuilt site on one port. */
async function main() {
  // A stray rejection is a bug to log, never a reason to stop serving the site.
  process.on('unhandledRejection', (reason) => console.error('Yakalanmamış hata:', reason))
  const env = readEnv()
  const repoRoot = join(import.meta.dirname, '..')
  await mkdir(env.dataDir, { recursive: true, mode: 0o700 })

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
              quiet: () => publisher.idle(),
              commits: env.CONTENT_GIT === 'on' ? 'always' : 'auto',
            },
      watch: true,
    },
    secureCookies: new URL(env.SITE_URL).protocol === 'https:',
    trustProxy: env.TRUST_PROXY,
    // Previews render with the publisher's bundle, never into its export (issue 21).
    preview: { render: publisher.preview, shareMs: env.PREVIEW_SHARE_DAYS * 86_400_000 },
    auditRetention: { days: env.AUDIT_KEEP_DAYS, rows: env.AUDIT_KEEP_ROWS },
  })
  // Partial program files of killed uploads and day-old unused uploads go now and then daily (decision 019).
  await startLeftoverSweeper(deps.content, deps.files, deps.now, deps.sweepLog).started
  readContent = (name) => (deps.content.read as (n: string) => unknown)(name)
  const generated = await seedFirstAdmin(deps.data, new Date(), env.ADMIN_EMAIL, env.ADMIN_PASSWORD)
  if (generated) {
    console.log(`İlk süper yönetici oluşturuldu: ${env.ADMIN_EMAIL ?? 'admin@example.com'} / ${generated}`)
    console.log('Bu şifre bir daha gösterilmeyecek; giriş yaptıktan sonra profilinizden değiştirin.')
  }

  try {
    const adminFiles = await loadStaticCache(await ensureAdminBuilt(repoRoot))
    admin = new Map([...adminFiles].map(([k, v]) => [`/admin${k}`, v]))
  } catch (err) {
    // The site and API still start; /admin answers 503 until the admin builds.
    console.error(`Yönetim paneli derlenemedi: ${err instanceof Error ? err.message : err}`)
  }
  console.log('Site yayımlanıyor...')
  await publisher.ensureLive()

  const app = createServerApp(
    api,
    createSiteRoutes({ deps, site: publisher.site, admin: () => admin, hot: publisher.hot }),
  )

  // Hot site files go straight to Node's response; everything else through Hono.
  const fast = createFastSite(deps, publisher.site, publisher.hot)
  const viaHono = getRequestListener(app.fetch)
  const server = createServer((req, res) => {
    let handled = false
    try {
      handled = fast(req, res)
    } catch (err) {
      console.error(err)
    }
    if (!handled) void viaHono(req, res)
  })
  server.listen(env.PORT, env.HOST, () => {
    const host = env.HOST === '127.0.0.1' ? 'localhost' : env.HOST
    console.log(`Sunucu hazır: http://${host}:${env.PORT} (yönetim: /admin)`)
  })

  // Graceful stop: no new connections, in-flight requests (and their writes) finish, a running build ends.
  const stop = () => {
    console.log('Kapatılıyor...')
    deps.content.close()
    // Queued commits and pushes finish first: a save's commit is never dropped by a normal stop.
    server.close(
      () =>
        void Promise.all([publisher.stop(), deps.content.settled()])
          .then(() => deps.data.close())
          .then(() => process.exit(0)),
    )
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    setTimeout(() => process.exit(0), 10_000).unref()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
