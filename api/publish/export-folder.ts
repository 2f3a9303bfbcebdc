import { cp, mkdir, readdir, readFile, rename, rm, symlink, unlink, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'

/**
 * SITE_BUILD_DIR holds the export a static host or CDN can serve: `live` (a symlink to the current `site-*`
 * folder, switched atomically), `manifest.json` (what the last publish changed; earlier ones under `manifests/`)
 * and `publish-state.json` (each page's key, so a restart re-renders nothing that is still right).
 */
export function exportPaths(buildRoot: string) {
  return {
    live: join(buildRoot, 'live'),
    state: join(buildRoot, 'publish-state.json'),
    manifest: join(buildRoot, 'manifest.json'),
    manifests: join(buildRoot, 'manifests'),
  }
}

/** Writes a file so that a reader sees the old or the new one, never a part. */
export async function writeFileAtomic(path: string, body: Uint8Array | string): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, body)
  await rename(tmp, path)
}

/** A fresh export folder with the code build's client files (assets, public files, content-free pages). */
export async function freshExportFolder(buildRoot: string, clientDir: string, now: Date): Promise<string> {
  const dir = join(buildRoot, `site-${now.getTime()}-${process.pid}`)
  await cp(clientDir, dir, { recursive: true })
  return dir
}

/** Points `live` at a new export folder (symlink renamed over the old one) and removes the folders no longer live. */
export async function switchLive(buildRoot: string, dir: string): Promise<void> {
  const { live } = exportPaths(buildRoot)
  const tmp = `${live}.${process.pid}.tmp`
  await unlink(tmp).catch(() => {})
  await symlink(relative(buildRoot, dir), tmp)
  await rename(tmp, live)
  for (const name of await readdir(buildRoot)) {
    if (name.startsWith('site-') && join(buildRoot, name) !== dir) await rm(join(buildRoot, name), { recursive: true, force: true })
  }
}

/** Every file under a folder, as '/a/b.css' paths. */
export async function listExportFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => '/' + relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
}

export type Manifest = {
  publish: number
  at: string
  /** Every file of the export changed ('*' after a full publish). */
  full: boolean
  changed: string[]
  removed: string[]
}

/** Records what a publish changed: manifest.json (the latest) and manifests/<time>-<n>.json; keeps the last 50. */
export async function writeManifest(buildRoot: string, manifest: Manifest): Promise<void> {
  const paths = exportPaths(buildRoot)
  const text = JSON.stringify(manifest, null, 1)
  await writeFileAtomic(join(paths.manifests, `${manifest.at.replace(/[:.]/g, '-')}-${manifest.publish}.json`), text)
  await writeFileAtomic(paths.manifest, text)
  const old = (await readdir(paths.manifests)).sort().slice(0, -50)
  for (const name of old) await rm(join(paths.manifests, name), { force: true })
}

/** Per page: its key and how it is served. */
export type PageRecord = { key: string; type: string; etag: string; size: number; status?: number }
export type PublishState = { code: string; dir: string; pages: Record<string, PageRecord> }

export async function readPublishState(buildRoot: string): Promise<PublishState | null> {
  try {
    return JSON.parse(await readFile(exportPaths(buildRoot).state, 'utf8')) as PublishState
  } catch {
    return null
  }
}

export function writePublishState(buildRoot: string, state: PublishState): Promise<void> {
  return writeFileAtomic(exportPaths(buildRoot).state, JSON.stringify(state))
}
