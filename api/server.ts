import { serve } from '@hono/node-server'
import { mkdir, readdir, readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { createApp } from './app.ts'
import { ensureAdminBuilt } from './publish/admin-build.ts'
import { readEnv } from './lib/env.ts'
import { seedFirstAdmin } from './auth/seed-admin.ts'
import { startLeftoverSweeper } from './media/leftover-sweeper.ts'
import { createServerApp } from './publish/server-app.ts'
import { loadSessionSecret } from './auth/session-secret.ts'
import { siteBuilderFor } from './publish/site-builder.ts'
import { loadStaticCache, type StaticCache } from './publish/static-cache.ts'
import { createSiteRoutes } from './publish/site-routes.ts'

/** The single process: API, admin SPA, uploads and the prebuilt site on one port. */
async function main() {
  // A stray rejection is a bug to log, never a reason to stop serving the site.
  process.on('unhandledRejection', (reason) => console.error('Yakalanmamış hata:', reason))
  const env = readEnv()
  const repoRoot = join(import.meta.dirname, '..')
  const buildRoot = env.siteBuildDir
  await mkdir(env.dataDir, { recursive: true, mode: 0o700 })

  let site: StaticCache = new Map()
  let admin: StaticCache = new Map()
  const builder = siteBuilderFor(env, repoRoot, async (dir) => {
    site = await loadStaticCache(dir)
  })

  const { app: api, deps } = await createApp({
    contentDir: env.contentDir,
    dataDir: env.dataDir,
    publicDir: join(repoRoot, 'public'),
    sessionSecret: await loadSessionSecret(env.dataDir, env.SESSION_SECRET),
    loginRateLimit: env.LOGIN_RATE_LIMIT,
    // A media record (upload, alt text) changes no page until content uses it; that save rebuilds.
    onContentChange: (name) => (env.REBUILD === 'on' && name !== 'media' ? builder.request() : undefined),
    buildStatus: builder.status,
    secureCookies: new URL(env.SITE_URL).protocol === 'https:',
    trustProxy: env.TRUST_PROXY,
  })
  // Partial program files of killed uploads and day-old unused uploads go now and then daily (decision 019).
  await startLeftoverSweeper(deps.content, deps.files, deps.now, deps.sweepLog).started
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
  console.log('Site derleniyor...')
  await builder.ensureBuilt()
  await removeStaleBuilds(buildRoot)

  const app = createServerApp(api, createSiteRoutes({ deps, site: () => site, admin: () => admin }))

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    console.log(
      `Sunucu hazır: http://${info.address === '127.0.0.1' ? 'localhost' : info.address}:${info.port} (yönetim: /admin)`,
    )
  })

  // Graceful stop: no new connections, in-flight requests (and their writes) finish, a running build ends.
  const stop = () => {
    console.log('Kapatılıyor...')
    server.close(
      () =>
        void builder
          .stop()
          .then(() => deps.data.close())
          .then(() => process.exit(0)),
    )
    if ('closeIdleConnections' in server) server.closeIdleConnections()
    setTimeout(() => process.exit(0), 10_000).unref()
  }
  process.on('SIGTERM', stop)
  process.on('SIGINT', stop)
}

/** Leftover build folders of earlier runs (a crash mid-build) are removed at start. */
async function removeStaleBuilds(buildRoot: string) {
  const current = await readFile(join(buildRoot, 'current.json'), 'utf8')
    .then((text) => (JSON.parse(text) as { dir: string }).dir)
    .catch(() => '')
  for (const name of await readdir(buildRoot).catch(() => [] as string[])) {
    const dir = join(buildRoot, name)
    if (name.startsWith('site-') && dir !== current) await rm(dir, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
