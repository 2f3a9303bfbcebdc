import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createPublishQueue } from './publish-queue.ts'
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
 * Builds the Astro site into a fresh folder and swaps it in when done, one publish at a time (publish-queue.ts).
 * A failed build, or a failure before it (the stamp, the folder), keeps the previous site live and records the error.
 */
export function createSiteBuilder(o: SiteBuilderOptions) {
  const now = o.now ?? (() => new Date())
  const abort = new AbortController()
  let liveDir: string | null = null

  async function buildOnce(seq: number, progress: (pages: string[]) => void): Promise<string[]> {
    progress(['*'])
    const outDir = join(o.buildRoot, `site-${now().getTime()}-${seq}`)
    try {
      const stamp = await o.stamp()
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
      const previous = liveDir
      liveDir = outDir
      await writeFile(join(o.buildRoot, 'current.json'), JSON.stringify({ dir: outDir, stamp }))
      if (previous) await rm(previous, { recursive: true, force: true })
      return ['*']
    } catch (err) {
      if (liveDir !== outDir) await rm(outDir, { recursive: true, force: true }).catch(() => {})
      throw err
    }
  }

  const queue = createPublishQueue(buildOnce, { now, debounceMs: o.debounceMs })

  return {
    status: queue.status,
    /** Queues a rebuild after a content save; returns the number of the publish that will carry it. */
    request: (): number => queue.request(),
    /** Builds now and waits (start-up, tests). */
    buildNow: queue.publishNow,
    /** At start-up: reuse the last build when its sources are unchanged, else build. */
    async ensureBuilt(): Promise<void> {
      try {
        const current = JSON.parse(await readFile(join(o.buildRoot, 'current.json'), 'utf8')) as {
          dir: string
          stamp: string
        }
        if (current.stamp === (await o.stamp()) && (await readdir(current.dir)).length > 0) {
          await o.swap(current.dir)
          liveDir = current.dir
          return
        }
      } catch {
        // no usable previous build
      }
      await queue.publishNow()
      const s = queue.status()
      if (s.state === 'failed') throw new Error(s.lastError ?? 'derleme başarısız')
    },
    /** Waits for a running build (graceful shutdown) after stopping any new one. */
    async stop(): Promise<void> {
      abort.abort()
      await queue.stop()
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
