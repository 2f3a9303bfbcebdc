import { join } from 'node:path'
import { ensureAdminBuilt } from '../api/publish/admin-build.ts'
import { ensureCodeBuilt } from '../api/publish/code-build.ts'
import { readEnv } from '../api/lib/env.ts'

/**
 * `npm run build:code`: the admin SPA (admin/dist) and the site's code for SITE_URL (node_modules/.site-code), in
 * the checkout, as the install or update step does it (deploy/install.sh, as the checkout's owner). The service then
 * starts from a read-only code folder without building; it publishes the pages itself into SITE_BUILD_DIR.
 */
const env = readEnv()
const repoRoot = join(import.meta.dirname, '..')
await ensureAdminBuilt(repoRoot)
console.log(`Site kodu derleniyor (${env.SITE_URL})...`)
const code = await ensureCodeBuilt(repoRoot, env.SITE_URL, { timeoutMs: env.PUBLISH_TIME_LIMIT_SECONDS * 1000 })
console.log(`Hazır: yönetim paneli admin/dist, site kodu ${code.dir}`)
