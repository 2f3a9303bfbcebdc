import { join } from 'node:path'
import { ensureAdminBuilt } from '../api/publish/admin-build.ts'
import { readEnv } from '../api/lib/env.ts'
import { sitePublisherFor } from '../api/publish/site-publisher.ts'

/**
 * `npm run build`: the admin SPA and the site, into the same folders `npm start` uses, so a following start serves
 * them without building again. Each is skipped when its sources did not change.
 */
const env = readEnv()
const repoRoot = join(import.meta.dirname, '..')
await ensureAdminBuilt(repoRoot, env.codeCacheDir)
console.log('Site yayımlanıyor...')
const publisher = sitePublisherFor(env, repoRoot)
await publisher.ensureLive()
// No spare trees for saves: this process does not save.
await publisher.stop()
// A build (CI, a deploy) must not pass with pages missing: the server publishes the rest, a build fails.
const failing = publisher.status().pageErrors
if (failing.length) {
  for (const f of failing) console.error(`${f.text} [${f.path}: ${f.message}]`)
  process.exit(1)
}
console.log(`Hazır: yönetim paneli admin/dist, site ${env.siteBuildDir}/live`)
