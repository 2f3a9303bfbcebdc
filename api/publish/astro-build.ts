import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { msg } from '#schema/messages.ts'
import { PublishFailure, withinText } from './publish-failure.ts'

export type AstroBuildOptions = {
  repoRoot: string
  outDir: string
  siteUrl: string
  cacheDir: string
  /**
   * Where each build's working folder goes; default the checkout's node_modules/.astro-builds. Given (a read-only
   * checkout), the build runs from a copy of the site's sources there, because Astro writes into its root
   * (`site/.astro`: content types, data store).
   */
  workRoot?: string
  signal?: AbortSignal
  /** A build running longer is killed (with anything it started) and fails: a hung build never blocks publishing. */
  timeoutMs?: number
}

/** `astro build` at most this long by default (the site's code takes about a minute on two cores). */
export const ASTRO_BUILD_TIMEOUT_MS = 10 * 60 * 1000

/** Kills a child started in a process group of its own, and whatever it started (esbuild, workers). */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL')
  } catch {
    child.kill('SIGKILL')
  }
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
  const workRoot = o.workRoot ?? join(o.repoRoot, 'node_modules', '.astro-builds')
  await mkdir(workRoot, { recursive: true })
  await removeStaleWorkDirs(workRoot)
  const cwd = await mkdtemp(join(workRoot, 'build-'))
  try {
    const siteRoot = o.workRoot ? await copySources(o.repoRoot, cwd) : join(o.repoRoot, 'site')
    await spawnBuild(o, cwd, siteRoot)
  } finally {
    await rm(cwd, { recursive: true, force: true })
  }
}

/**
 * What `astro build --root site` reads, copied into `dir` (a few MB): site/ without what Astro writes there, the
 * schemas and public files it imports, package.json (its `#schema/*` imports) and tsconfig.json. Packages
 * resolve through the node_modules link above `dir` (code-build.ts); returns the copy's site folder.
 */
async function copySources(repoRoot: string, dir: string): Promise<string> {
  const skip = new Set(['.astro', 'dist', 'node_modules'].map((name) => join(repoRoot, 'site', name)))
  await cp(join(repoRoot, 'site'), join(dir, 'site'), { recursive: true, filter: (src) => !skip.has(src) })
  for (const name of ['schema', 'public']) await cp(join(repoRoot, name), join(dir, name), { recursive: true })
  for (const name of ['package.json', 'tsconfig.json']) await cp(join(repoRoot, name), join(dir, name))
  return join(dir, 'site')
}

function spawnBuild(o: AstroBuildOptions, cwd: string, siteRoot: string): Promise<void> {
  const astroBin = join(o.repoRoot, 'node_modules', 'astro', 'bin', 'astro.mjs')
  const env = {
    ...process.env,
    // React's production build, as the API process loads it when rendering.
    NODE_ENV: 'production',
    SITE_OUT_DIR: o.outDir,
    SITE_URL: o.siteUrl,
    SITE_CACHE_DIR: o.cacheDir,
    // The checkout the bundle reads at render time (site/src/lib/content-files.ts, xml/engine-files.ts), also
    // when the build ran from a copy of the sources.
    SITE_REPO_ROOT: o.repoRoot,
    ASTRO_TELEMETRY_DISABLED: '1',
  }
  const timeoutMs = o.timeoutMs ?? ASTRO_BUILD_TIMEOUT_MS
  return new Promise<void>((resolve, reject) => {
    let output = ''
    let stopped: string | null = null
    // A process group of its own, so that a kill takes what it started too.
    const child = spawn(
      process.execPath,
      [astroBin, 'build', '--root', siteRoot, '--silent'],
      { env, cwd, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    )
    let timedOut = false
    const stop = (why: string) => {
      stopped ??= why
      killGroup(child)
    }
    const timer = setTimeout(() => {
      timedOut = true
      stop(`astro build ${Math.round(timeoutMs / 1000)} saniyede bitmedi, durduruldu`)
    }, timeoutMs)
    const onAbort = () => stop('astro build durduruldu')
    o.signal?.addEventListener('abort', onAbort)
    if (o.signal?.aborted) onAbort()
    const keep = (d: Buffer) => (output = (output + d).slice(-4000))
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      o.signal?.removeEventListener('abort', onAbort)
      const staffText = timedOut ? msg.publishCodeTimedOut(withinText(timeoutMs)) : msg.publishCodeFailed
      if (stopped) reject(new PublishFailure(`Site kodu derlenemedi: ${stopped}`, staffText))
      else if (code === 0) resolve()
      else reject(new PublishFailure(output.trim() || `astro build exited with ${code}`, staffText))
    })
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
