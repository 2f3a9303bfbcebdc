import * as nodeFs from 'node:fs/promises'
import { chmod, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { MANIFEST_FILE } from './export-trees.ts'
import { mkdirPublic, PUBLIC_FILE_MODE } from './public-modes.ts'
import { sharedValues } from '../lib/shared-values.ts'

/**
 * SITE_BUILD_DIR holds the export a static host or CDN can serve: `live` (a symlink to the current `site-*`
 * tree, switched atomically by export-trees.ts; `live/manifest.json` names its publish), `manifests/` (what the
 * last 50 publishes changed), `publish-state.json` and `publish-state.log` (each page's key, so a restart re-renders nothing
 * that is still right; publish-state.ts) and `maintenance` (a flag file, present while maintenance mode is on).
 */
export function exportPaths(buildRoot: string) {
  return {
    live: join(buildRoot, 'live'),
    state: join(buildRoot, 'publish-state.json'),
    manifests: join(buildRoot, 'manifests'),
    /** Present while maintenance mode is on: nginx answers the maintenance page (deploy/nginx/). */
    maintenance: join(buildRoot, 'maintenance'),
  }
}

/** Writes (on) or removes (off) the maintenance flag file beside `live`, to match the server's state. */
export async function setMaintenanceFlag(buildRoot: string, on: boolean): Promise<void> {
  const flag = exportPaths(buildRoot).maintenance
  if (on) await writeFileAtomic(flag, `${new Date().toISOString()}\n`)
  else await rm(flag, { force: true })
}

/**
 * Files of a tree meant for the host, not for visitors: the manifest, root files named `_…` (such as `_headers`,
 * `_redirects`, `_nginx.conf`) and the precompressed `.br`/`.gz` copies beside text files (static-host.ts). The
 * server does not serve them (it compresses from memory).
 */
export const isHostFile = (url: string): boolean =>
  url === MANIFEST_FILE || /^\/_[^/]*$/.test(url) || /\.(br|gz)$/.test(url)

/**
 * Writes a file of the export so that a reader sees the old or the new one, never a part (a new file, renamed
 * in); public (0644, folders 0755) whatever the umask: everything under SITE_BUILD_DIR is for the host.
 */
export async function writeFileAtomic(path: string, body: Uint8Array | string): Promise<void> {
  await mkdirPublic(nodeFs, dirname(path))
  const tmp = `${path}.${process.pid}.tmp`
  await writeFile(tmp, body)
  await chmod(tmp, PUBLIC_FILE_MODE)
  await rename(tmp, path)
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

/** Keeps what a publish changed as manifests/<time>-<n>.json (the last 50), for a CDN push that missed some. */
export async function recordManifest(buildRoot: string, manifest: Manifest & { tree: string }): Promise<void> {
  const paths = exportPaths(buildRoot)
  const text = JSON.stringify(manifest, null, 1)
  await writeFileAtomic(join(paths.manifests, `${manifest.at.replace(/[:.]/g, '-')}-${manifest.publish}.json`), text)
  const old = (await readdir(paths.manifests)).sort().slice(0, -50)
  for (const name of old) await rm(join(paths.manifests, name), { force: true })
}

/**
 * Per page: its key and how it is served; `media`: the media records it showed (URLs) and `mediaKey` their
 * hashes when it was rendered, so that an edited record (alt text) re-renders the pages that show it.
 */
export type PageRecord = { key: string; type: string; etag: string; size: number; status?: number; media?: string[]; mediaKey?: string }

/**
 * Values that repeat across pages' records (the type, the media a template shows and their hashes; 17 media sets
 * among 100,000 generated posts) kept once, not once per record as a parse makes them (issue 33: the records were
 * 49 MB at 100,000 pages). Changes the records given, returns them.
 */
const sharedText = sharedValues<string>()
const sharedList = sharedValues<readonly string[]>()
export function shareRecordValues<M extends Map<string, PageRecord>>(records: M): M {
  for (const r of records.values()) {
    r.type = sharedText(r.type, r.type)
    if (r.mediaKey !== undefined) r.mediaKey = sharedText(r.mediaKey, r.mediaKey)
    // A list that is shared is never changed in place: a render makes a new record with a new list.
    if (r.media !== undefined) r.media = sharedList(r.media.join('\n'), Object.freeze(r.media)) as string[]
  }
  return records
}
