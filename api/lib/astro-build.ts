import { spawn } from 'node:child_process'
import { join } from 'node:path'

export type AstroBuildOptions = {
  repoRoot: string
  contentDir: string
  outDir: string
  siteUrl: string
  cacheDir: string
  signal?: AbortSignal
}

/** Runs `astro build` of site/ in a child process on the given content; rejects with the tail of its output. */
export function runAstroBuild(o: AstroBuildOptions): Promise<void> {
  const astroBin = join(o.repoRoot, 'node_modules', 'astro', 'bin', 'astro.mjs')
  const env = {
    ...process.env,
    CONTENT_DIR: o.contentDir,
    SITE_OUT_DIR: o.outDir,
    SITE_URL: o.siteUrl,
    SITE_CACHE_DIR: o.cacheDir,
    ASTRO_TELEMETRY_DISABLED: '1',
  }
  return new Promise<void>((resolve, reject) => {
    let output = ''
    const child = spawn(
      process.execPath,
      [astroBin, 'build', '--root', join(o.repoRoot, 'site'), '--silent'],
      {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        signal: o.signal,
      },
    )
    const keep = (d: Buffer) => (output = (output + d).slice(-4000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(output.trim() || `astro build exited with ${code}`)),
    )
  })
}
