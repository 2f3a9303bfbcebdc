import { join, resolve } from 'node:path'
import { readEnv } from '../api/lib/env.ts'
import { backupDataDir } from '../api/store/private/backup.ts'

/**
 * `npm run backup [folder]`: a consistent snapshot of DATA_DIR (database, uploads, program and library files) into
 * `folder`, by default backups/<date-time>/; safe while the server runs. README, 'Yedekleme', says how to restore.
 */
const env = readEnv()
const stamp = new Date().toISOString().replace(/[:.]/g, '-')
const target = resolve(process.argv[2] ?? join('backups', stamp))
try {
  const manifest = await backupDataDir(env.dataDir, target)
  console.log(
    `Yedek alındı: ${target} (${manifest.messages} mesaj, ${manifest.users} kullanıcı, ${manifest.libraryItems} kütüphane belgesi, ${manifest.files} dosya)`,
  )
} catch (err) {
  console.error(`Yedek alınamadı: ${err instanceof Error ? err.message : err}`)
  process.exit(1)
}
