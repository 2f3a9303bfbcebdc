import { spawn } from 'node:child_process'
import { access, constants, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildStamp } from './build-stamp.ts'
import { log } from '../lib/log.ts'

function runVite(repoRoot: string, outDir: string): Promise<void> {
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js')
  const config = join(repoRoot, 'admin', 'vite.config.ts')
  return new Promise<void>((resolve, reject) => {
    // The native config loader imports vite.config.ts as it is; the default one writes a bundled copy into
    // node_modules/.vite-temp, which a read-only checkout refuses (EROFS).
    const args = [vite, 'build', '--config', config, '--configLoader', 'native', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn']
    // Vite's own output is kept and logged as one JSON line (the journal stays `jq`-readable), not passed through.
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const keep = (d: Buffer) => (output = (output + d).slice(-8000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', reject)
    child.on('close', (code) => {
      const text = output.trim()
      if (code !== 0) return reject(new Error(`admin build exited with ${code}${text ? `: ${text}` : ''}`))
      if (text) log.warn({ output: text }, 'Yönetim paneli derlemesinin uyarıları')
      resolve()
    })
  })
}

/**
 * Builds the admin SPA with Vite when admin/dist is missing or older than its sources. The build goes to a fresh
 * folder that replaces admin/dist by renames, so another server starting meanwhile never reads a half-built admin.
 * A read-only checkout (the systemd unit; `npm run build:code` built admin/dist at install) whose admin/dist is
 * stale builds into `cacheDir`/admin/<stamp> instead and serves that: the server never writes into the code folder.
 */
export async function ensureAdminBuilt(repoRoot: string, cacheDir?: string): Promise<string> {
  const dist = join(repoRoot, 'admin', 'dist')
  const stamp = await buildStamp([join(repoRoot, 'admin'), join(repoRoot, 'schema')], 'admin')
  const previous = await readFile(join(dist, '.build-stamp'), 'utf8').catch(() => '')
  if (previous === stamp) return dist
  const inRepo = await access(join(repoRoot, 'admin'), constants.W_OK).then(() => true, () => false)
  if (!inRepo && cacheDir) return buildIntoCache(repoRoot, join(cacheDir, 'admin'), stamp)
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

/** The admin built into `root`/<stamp> (kept: the latest one only), renamed in whole. */
async function buildIntoCache(repoRoot: string, root: string, stamp: string): Promise<string> {
  const name = stamp.slice(0, 24)
  const dir = join(root, name)
  const done = await readFile(join(dir, '.build-stamp'), 'utf8').catch(() => '')
  if (done === stamp) return dir
  log.info('Yönetim paneli derleniyor...')
  await mkdir(root, { recursive: true })
  const fresh = await mkdtemp(join(root, 'build-'))
  try {
    await runVite(repoRoot, fresh)
    await writeFile(join(fresh, '.build-stamp'), stamp)
    await rm(dir, { recursive: true, force: true })
    await rename(fresh, dir)
  } finally {
    await rm(fresh, { recursive: true, force: true })
  }
  return dir
}
