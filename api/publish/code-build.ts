import { access, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises'
import { join } from 'node:path'
import { runAstroBuild } from './astro-build.ts'
import { buildStamp } from './build-stamp.ts'
import { log } from '../lib/log.ts'

/** Code builds unused this long are removed (other servers on this checkout keep theirs fresh by using them). */
const KEEP_UNUSED_MS = 24 * 60 * 60 * 1000

export type CodeBuild = {
  /** `client/` (assets, public files, content-free pages) and `server/entry.mjs` (the render bundle). */
  dir: string
  stamp: string
}

/** The stamp of the site's code: site/, schema/, public/ and the site URL; content is not part of it. */
export function codeStamp(repoRoot: string, siteUrl: string): Promise<string> {
  const sources = ['site', 'schema', 'public'].map((d) => join(repoRoot, d))
  return buildStamp([...sources, join(repoRoot, 'package-lock.json')], `code:${siteUrl}`)
}

/**
 * Builds the site's code with `astro build` unless a build of the same sources exists; returns its folder. The
 * folder sits inside the repo (node_modules/.site-code/<stamp>) because the bundle's chunks resolve packages
 * from where they lie. A build goes to a temporary folder first and is renamed in, so a server never loads a
 * half-written bundle, and two servers building the same stamp at once both end with a whole one.
 */
export async function ensureCodeBuilt(
  repoRoot: string,
  siteUrl: string,
  o: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<CodeBuild> {
  const root = join(repoRoot, 'node_modules', '.site-code')
  const stamp = (await codeStamp(repoRoot, siteUrl)).slice(0, 24)
  const dir = join(root, stamp)
  if (await exists(join(dir, 'server', 'entry.mjs'))) {
    const now = new Date()
    await utimes(dir, now, now).catch(() => {})
    return { dir, stamp }
  }
  await mkdir(root, { recursive: true })
  await removeUnused(root)
  const tmp = join(root, `tmp-${process.pid}-${Date.now()}`)
  try {
    await runAstroBuild({ repoRoot, outDir: tmp, siteUrl, cacheDir: join(root, '.cache'), ...o })
    await rename(tmp, dir).catch(async (err) => {
      // Another server finished the same build first: use its folder.
      if (!(await exists(join(dir, 'server', 'entry.mjs')))) throw err
    })
  } finally {
    await rm(tmp, { recursive: true, force: true })
  }
  return { dir, stamp }
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  )
}

async function removeUnused(root: string): Promise<void> {
  for (const name of await readdir(root)) {
    if (name.startsWith('.')) continue
    const info = await stat(join(root, name)).catch(() => null)
    if (info && Date.now() - info.mtimeMs > KEEP_UNUSED_MS) await rm(join(root, name), { recursive: true, force: true })
  }
}

/**
 * The code build for the save path without walking site/, schema/ and public/ on every save: the first call
 * checks and waits; later calls answer the last result at once and, when it is older than `maxAgeMs`, check
 * again in the background, calling `onChange` when the code changed (the publisher then publishes through it).
 */
export function latestCodeBuild(check: () => Promise<CodeBuild>, onChange: () => void, maxAgeMs = 2000) {
  let last: { build: CodeBuild; at: number } | null = null
  let checking: Promise<CodeBuild> | null = null
  const recheck = () =>
    (checking ??= check()
      .then((build) => {
        const changed = last !== null && last.build.stamp !== build.stamp
        last = { build, at: Date.now() }
        if (changed) onChange()
        return build
      })
      .finally(() => (checking = null)))
  return async (): Promise<CodeBuild> => {
    if (!last) return recheck()
    if (Date.now() - last.at > maxAgeMs) recheck().catch((err) => log.error({ err }, 'Site kodu derlenemedi'))
    return last.build
  }
}
