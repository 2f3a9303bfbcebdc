import { dirname, join } from 'node:path'
import type { ExportFs } from './export-fs.ts'

/**
 * The export (SITE_BUILD_DIR) is public content read by another user (nginx's workers, a CDN sync), so its files
 * and folders get these modes explicitly: a mode given to open()/mkdir() is cut by the process umask, and the
 * service runs with UMask=0027 (deploy/systemd/netiz-site.service), which would make every page 0640 and nginx
 * answer 404 (decision 290). Private data (DATA_DIR, CONTENT_DIR) stays 0600/0700 (store/durable-file.ts).
 */
export const PUBLIC_FILE_MODE = 0o644
export const PUBLIC_DIR_MODE = 0o755

type ModeFs = Pick<ExportFs, 'mkdir' | 'chmod' | 'readdir'>

/** `mkdir -p` whose every new folder is 0755 whatever the umask. */
export async function mkdirPublic(fs: ModeFs, dir: string): Promise<void> {
  const first = await fs.mkdir(dir, { recursive: true })
  if (!first) return
  for (let d = dir; ; d = dirname(d)) {
    await fs.chmod(d, PUBLIC_DIR_MODE)
    if (d === first || d === dirname(d)) break
  }
}

/** Every folder under `dir` (and itself) 0755, every file 0644: after copying a code build made under the umask. */
export async function makeTreePublic(fs: ModeFs, dir: string): Promise<void> {
  await fs.chmod(dir, PUBLIC_DIR_MODE)
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true })
  for (const e of entries) {
    if (e.isDirectory()) await fs.chmod(join(e.parentPath, e.name), PUBLIC_DIR_MODE)
    else if (e.isFile()) await fs.chmod(join(e.parentPath, e.name), PUBLIC_FILE_MODE)
  }
}
