import { join } from 'node:path'
import { ensureAdminBuilt } from '../api/publish/admin-build.ts'
import { readEnv } from '../api/lib/env.ts'
import { siteBuilderFor } from '../api/publish/site-builder.ts'

/**
 * `npm run build`: the admin SPA and the site, into the same folders `npm start` uses, so a following start serves
 * them without building again. Each is skipped when its sources did not change.
 */
const env = readEnv()
const repoRoot = join(import.meta.dirname, '..')
await ensureAdminBuilt(repoRoot)
console.log('Site derleniyor...')
await siteBuilderFor(env, repoRoot, async () => {}).ensureBuilt()
console.log(`Hazır: yönetim paneli admin/dist, site ${env.siteBuildDir}`)
