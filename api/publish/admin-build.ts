import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildStamp } from './build-stamp.ts'
import { log } from '../lib/log.ts'

function runVite(repoRoot: string, outDir: string): Promise<void> {
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js')
  const config = join(repoRoot, 'admin', 'vite.config.ts')
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--config', config, '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      stdio: 'inherit',
    })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`admin build exited with ${code}`))))
  })
}

/**
 * Builds the admin SPA with Vite when admin/dist is missing or older than its sources. The build goes to a fresh
 * folder that replaces admin/dist by renames, so another server starting meanwhile never reads a half-built admin.
 */
export async function ensureAdminBuilt(repoRoot: string): Promise<string> {
  const dist = join(repoRoot, 'admin', 'dist')
  const stamp = await buildStamp([join(repoRoot, 'admin'), join(repoRoot, 'schema')], 'admin')
  const previous = await readFile(join(dist, '.build-stamp'), 'utf8').catch(() => '')
  if (previous === stamp) return dist
  log.info('Yönetim paneli derleniyor...')
  // Outside admin/, so the folder does not change the stamp of the sources.
  const workRoot = join(repoRoot, 'node_modules', '.admin-builds')
  await mkdir(workRoot, { recursive: true })
  const fresh = await mkdtemp(join(workRoot, 'build-'))
  try {
    await runVite(repoRoot, fresh)
    await writeFile(join(fresh, '.build-stamp'), stamp)
    const old = `${fresh}-old`
    await rename(dist, old).catch(() => {})
    await rename(fresh, dist)
    await rm(old, { recursive: true, force: true })
  } finally {
    await rm(fresh, { recursive: true, force: true })
  }
  return dist
}
