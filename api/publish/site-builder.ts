import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { idleBuildStatus, type BuildStatus } from './build-status.ts'
import { runAstroBuild } from './astro-build.ts'
import { buildStamp } from './build-stamp.ts'
import type { Env } from '../lib/env.ts'

export type SiteBuilderOptions = {
  repoRoot: string
  contentDir: string
  /** Each build goes to a fresh folder under here; current.json names the live one. */
  buildRoot: string
  siteUrl: string
  /** Loads a finished build and makes it live; a throw keeps the previous site. */
  swap: (dir: string) => Promise<void>
  stamp: () => Promise<string>
  now?: () => Date
  /** Saves within this window share one build. */
  debounceMs?: number
  /** The build step; Astro by default (tests pass a quick one to check queuing and swapping). */
  build?: (outDir: string, signal: AbortSignal) => Promise<void>
}

/**
 * Builds the Astro site into a fresh folder and swaps it in when done. A request during a build causes exactly
 * one more build after it; a failed build keeps the previous site live and records the error.
 */
export function createSiteBuilder(o: SiteBuilderOptions) {
  const now = o.now ?? (() => new Date())
  const status = idleBuildStatus()
  let running: Promise<void> | null = null
  let pending = false
  let timer: NodeJS.Timeout | null = null
  const abort = new AbortController()
  let liveDir: string | null = null

  async function buildOnce(): Promise<void> {
    const started = now()
    status.state = 'building'
    status.startedAt = started.toISOString()
    const stamp = await o.stamp()
    const outDir = join(o.buildRoot, `site-${started.getTime()}-${status.generation + 1}`)
    try {
      await mkdir(o.buildRoot, { recursive: true })
      const build =
        o.build ??
        ((dir, signal) =>
          runAstroBuild({
            repoRoot: o.repoRoot,
            contentDir: o.contentDir,
            outDir: dir,
            siteUrl: o.siteUrl,
            cacheDir: join(o.buildRoot, '.cache'),
            signal,
          }))
      await build(outDir, abort.signal)
      await o.swap(outDir)
      status.generation++
      status.lastError = null
      const previous = liveDir
      liveDir = outDir
      await writeFile(join(o.buildRoot, 'current.json'), JSON.stringify({ dir: outDir, stamp }))
      if (previous) await rm(previous, { recursive: true, force: true })
    } catch (err) {
      status.lastError = err instanceof Error ? err.message : String(err)
      console.error(`Site derlemesi başarısız: ${status.lastError}`)
      await rm(outDir, { recursive: true, force: true })
    } finally {
      status.finishedAt = now().toISOString()
      status.lastDurationMs = now().getTime() - started.getTime()
    }
  }

  async function loop(): Promise<void> {
    do {
      pending = false
      await buildOnce()
    } while (pending)
    status.state = status.lastError ? 'failed' : 'idle'
    running = null
  }

  function start(): Promise<void> {
    if (running) {
      pending = true
      return running
    }
    running = loop()
    return running
  }

  return {
    status: (): BuildStatus => ({
      ...status,
      state: pending && status.state === 'building' ? 'building' : status.state,
    }),
    /** Queues a rebuild after a content save (debounced; coalesced with a running build). */
    request(): void {
      if (timer) clearTimeout(timer)
      if (!running) status.state = 'queued'
      timer = setTimeout(() => {
        timer = null
        void start()
      }, o.debounceMs ?? 100)
    },
    /** Builds now and waits (start-up, tests). */
    buildNow: start,
    /** At start-up: reuse the last build when its sources are unchanged, else build. Returns the live folder. */
    async ensureBuilt(): Promise<void> {
      try {
        const current = JSON.parse(await readFile(join(o.buildRoot, 'current.json'), 'utf8')) as {
          dir: string
          stamp: string
        }
        if (current.stamp === (await o.stamp()) && (await readdir(current.dir)).length > 0) {
          await o.swap(current.dir)
          liveDir = current.dir
          status.generation++
          return
        }
      } catch {
        // no usable previous build
      }
      await start()
      if (status.lastError) throw new Error(status.lastError)
    },
    /** Waits for a running build (graceful shutdown) after stopping any new one. */
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer)
      pending = false
      abort.abort()
      await running?.catch(() => {})
    },
  }
}
export type SiteBuilder = ReturnType<typeof createSiteBuilder>

/** The builder for this checkout and environment: the server's, and `npm run build`'s (same folder, same stamp). */
export function siteBuilderFor(env: Env, repoRoot: string, swap: (dir: string) => Promise<void>): SiteBuilder {
  return createSiteBuilder({
    repoRoot,
    contentDir: env.contentDir,
    buildRoot: env.siteBuildDir,
    siteUrl: env.SITE_URL,
    // Everything the site build reads: a change in any of them makes the previous build stale.
    stamp: () => buildStamp([join(repoRoot, 'site'), join(repoRoot, 'schema'), join(repoRoot, 'public'), env.contentDir], env.SITE_URL),
    swap,
  })
}
