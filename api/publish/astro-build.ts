import { spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'

export type AstroBuildOptions = {
  repoRoot: string
  outDir: string
  siteUrl: string
  cacheDir: string
  signal?: AbortSignal
}

/**
 * Runs `astro build` of site/ (its code: client assets and the render bundle) in a child process; rejects with
 * the tail of its output.
 * For an outDir outside its working folder Astro writes its prerender chunks to `<cwd>/.astro/.prerender` and
 * deletes them after, so parallel builds started from the repo root broke each other ("Cannot find module
 * …/.prerender/chunks/…"). Each build gets a working folder of its own, inside the repo's node_modules so the
 * chunks still resolve the repo's packages.
 */
export async function runAstroBuild(o: AstroBuildOptions): Promise<void> {
  const workRoot = join(o.repoRoot, 'node_modules', '.astro-builds')
  await mkdir(workRoot, { recursive: true })
  await removeStaleWorkDirs(workRoot)
  const cwd = await mkdtemp(join(workRoot, 'build-'))
  try {
    await spawnBuild(o, cwd)
  } finally {
    await rm(cwd, { recursive: true, force: true })
  }
}

function spawnBuild(o: AstroBuildOptions, cwd: string): Promise<void> {
  const astroBin = join(o.repoRoot, 'node_modules', 'astro', 'bin', 'astro.mjs')
  const env = {
    ...process.env,
    // React's production build, as the API process loads it when rendering.
    NODE_ENV: 'production',
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
      { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], signal: o.signal },
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

/** No build runs this long: an older working folder was left by a server killed mid-build. */
const STALE_MS = 60 * 60 * 1000

/** Removes working folders of builds killed before they could clean up (other servers' running builds are newer). */
async function removeStaleWorkDirs(workRoot: string): Promise<void> {
  for (const name of await readdir(workRoot)) {
    const dir = join(workRoot, name)
    const info = await stat(dir).catch(() => null)
    if (info && Date.now() - info.mtimeMs > STALE_MS) await rm(dir, { recursive: true, force: true })
  }
}
