import { access, constants, mkdir, readdir, rename, rm, stat, symlink, utimes } from 'node:fs/promises'
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
 * Builds the site's code with `astro build` unless a build of the same sources exists; returns its folder.
 * Builds live in node_modules/.site-code/<stamp> of the checkout (made by `npm run build:code` at install or
 * update time, or by a server allowed to write there: tests, development), because the bundle's chunks resolve
 * packages from where they lie. A server whose code folder is read-only (the systemd unit; decision 291) builds
 * a code it finds nowhere into `cacheDir`/site-code/<stamp> instead, beside a `cacheDir`/node_modules link to the
 * checkout's packages, from a copy of the sources: it never writes into the code folder. A build goes to a
 * temporary folder first and is renamed in, so a server never loads a half-written bundle, and two servers
 * building the same stamp at once both end with a whole one.
 */
export async function ensureCodeBuilt(
  repoRoot: string,
  siteUrl: string,
  o: { signal?: AbortSignal; timeoutMs?: number; cacheDir?: string } = {},
): Promise<CodeBuild> {
  const stamp = (await codeStamp(repoRoot, siteUrl)).slice(0, 24)
  const repoBuilds = join(repoRoot, 'node_modules', '.site-code')
  const cacheBuilds = o.cacheDir ? join(o.cacheDir, 'site-code') : null
  for (const root of [repoBuilds, cacheBuilds]) {
    if (!root) continue
    const dir = join(root, stamp)
    if (await exists(join(dir, 'server', 'entry.mjs'))) {
      const now = new Date()
      // Kept fresh by use (removeUnused); a read-only checkout keeps its install-time build anyway.
      await utimes(dir, now, now).catch(() => {})
      return { dir, stamp }
    }
  }
  const inRepo = await writable(join(repoRoot, 'node_modules'))
  if (!inRepo && !cacheBuilds)
    throw new Error(`Site kodu ${siteUrl} için derlenmemiş ve ${repoRoot} yazılamıyor: npm run build:code çalıştırın`)
  const root = inRepo ? repoBuilds : cacheBuilds!
  const dir = join(root, stamp)
  await mkdir(root, { recursive: true })
  if (!inRepo) await linkPackages(repoRoot, o.cacheDir!)
  await removeUnused(root)
  const tmp = join(root, `tmp-${process.pid}-${Date.now()}`)
  try {
    await runAstroBuild({
      repoRoot,
      outDir: tmp,
      siteUrl,
      cacheDir: join(root, '.cache'),
      workRoot: inRepo ? undefined : join(o.cacheDir!, 'astro-work'),
      signal: o.signal,
      timeoutMs: o.timeoutMs,
    })
    await rename(tmp, dir).catch(async (err) => {
      // Another server finished the same build first: use its folder.
      if (!(await exists(join(dir, 'server', 'entry.mjs')))) throw err
    })
  } finally {
    await rm(tmp, { recursive: true, force: true })
  }
  return { dir, stamp }
}

async function writable(path: string): Promise<boolean> {
  return access(path, constants.W_OK).then(
    () => true,
    () => false,
  )
}

/** `cacheDir`/node_modules → the checkout's: a bundle built under `cacheDir` resolves the same packages. */
async function linkPackages(repoRoot: string, cacheDir: string): Promise<void> {
  const link = join(cacheDir, 'node_modules')
  const tmp = `${link}.${process.pid}.tmp`
  await rm(tmp, { force: true })
  await symlink(join(repoRoot, 'node_modules'), tmp)
  await rename(tmp, link)
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  )
}

async function removeUnused(root: string): Promise<void> {
  for (const name of await readdir(root)) {
    if (name.startsWith('.') || name === 'node_modules') continue
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
