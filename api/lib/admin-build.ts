import { spawn } from 'node:child_process'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { buildStamp } from './build-stamp.ts'

/** Builds the admin SPA with Vite when admin/dist is missing or older than its sources. */
export async function ensureAdminBuilt(repoRoot: string): Promise<string> {
  const dist = join(repoRoot, 'admin', 'dist')
  const stamp = await buildStamp([join(repoRoot, 'admin'), join(repoRoot, 'schema')], 'admin')
  const stampFile = join(dist, '.build-stamp')
  const previous = await readFile(stampFile, 'utf8').catch(() => '')
  if (previous === stamp) return dist
  console.log('Yönetim paneli derleniyor...')
  const vite = join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js')
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [vite, 'build', '--config', join(repoRoot, 'admin', 'vite.config.ts'), '--logLevel', 'warn'],
      {
        stdio: 'inherit',
      },
    )
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`admin build exited with ${code}`)),
    )
  })
  // Stamp taken before the build: dist is skipped by the walk, so it still describes the sources.
  await writeFile(stampFile, stamp)
  return dist
}
