import { execFileSync } from 'node:child_process'
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import {
  assembleOrder,
  entryPath,
  entryText,
  isFolderCollection,
  legacyFile,
  ORDER_FILE,
  orderPath,
  orderText,
  pathInfo,
} from '#schema/content-layout.ts'
import { collectionSource, readCollectionSync } from '#schema/content-folder-read.ts'
import type { ContentOptions } from '../store/content-store.ts'
import type { ContentName } from '../store/content-types.ts'
import { describeFileError } from '../store/gate/content-validation.ts'
import { loadContentFile } from '../store/versions/content-load.ts'

/**
 * Content files on disk as tests (and benches) read and write them, in either layout of decision 333: a collection
 * in one file (`blogs.json`) or, for posts and social projects, a folder of item files (`blogs/<b>/<id>.json` and
 * `blogs/_sira.json`). Each helper works in the layout the folder is in, so a test's steps read the same in both.
 *
 * The test run's layout, as the server's: the folder layout unless `CONTENT_FOLDERS=off` is in the environment of
 * `vitest`; every app and store tests build gets it (unless a test sets `folders` itself).
 */
export const testFolders = process.env.CONTENT_FOLDERS !== 'off'

/** Content options with the test run's `folders` switch, unless the test chose it itself. */
export function withTestLayout<T extends ContentOptions>(options?: T): T | ContentOptions {
  if (options && 'folders' in options) return options
  return testFolders ? { ...options, folders: true } : (options ?? {})
}

export type Layout = 'folder' | 'file'
type Entry = { id: string; createdAt?: string }

/**
 * The layout collection `name` is in within `dir`; for a collection not stored yet, the one a test run's store uses
 * (the folder for posts and projects with `CONTENT_FOLDERS=on`).
 */
export function layoutOf(dir: string, name: string): Layout {
  const source = collectionSource(dir, name)
  if (source) return source.layout
  return testFolders && isFolderCollection(name) ? 'folder' : 'file'
}

/** Collection `name` of content folder `dir` as stored (either layout, unchecked); throws when it has none. */
export function readCollection<T = any>(dir: string, name: string): T {
  const value = readCollectionSync(dir, name)
  if (value === undefined) throw new Error(`${name}: ne ${legacyFile(name)} ne ${name}/ var (${dir})`)
  return value as T
}

/**
 * Writes collection `name` into `dir` in `layout` (default: the one it is in, see `layoutOf`). The one-file form
 * writes `<name>.json` as the server does (`space` spaces, no final newline unless asked). The folder form writes
 * only the item files whose bytes change (`space` spaces and a final newline: the server's form with 2) and the
 * order file when the order changes, and removes the files of ids no longer listed, as a maintainer's commit would;
 * a one-file form beside it is removed.
 */
export async function writeCollection(
  dir: string,
  name: string,
  list: unknown,
  { layout = layoutOf(dir, name), space = 2, finalNewline = false }: { layout?: Layout; space?: number; finalNewline?: boolean } = {},
): Promise<void> {
  if (layout === 'file' || !isFolderCollection(name)) {
    await writeFile(join(dir, legacyFile(name)), `${JSON.stringify(list, null, space)}${finalNewline ? '\n' : ''}`)
    return
  }
  const entries = list as Entry[]
  const existing = new Map((await entryFiles(dir, name)).map((f) => [f.id, f.path]))
  for (const entry of entries) {
    const path = join(dir, entryPath(name, entry.id))
    const text = space === 2 ? entryText(entry) : `${JSON.stringify(entry, null, space)}\n`
    if ((await readFile(path, 'utf8').catch(() => null)) === text) continue
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, text)
  }
  const kept = new Set(entries.map((e) => e.id))
  for (const [id, path] of existing) if (!kept.has(id)) await rm(join(dir, path))
  const order = join(dir, orderPath(name))
  const text = orderText(entries.map((e) => e.id))
  if ((await readFile(order, 'utf8').catch(() => null)) !== text) await writeFile(order, text)
  await rm(join(dir, legacyFile(name)), { force: true })
}

/**
 * Changes the item `id` of list collection `name` in `dir` as an editor would, in the layout in force: `change`
 * edits the item in place or returns its replacement. Only that item's file is written in the folder form.
 */
export async function editEntry<T extends Entry = any>(dir: string, name: string, id: string, change: (entry: T) => T | void) {
  const list = readCollection<T[]>(dir, name)
  const i = list.findIndex((e) => e.id === id)
  if (i < 0) throw new Error(`${name}: ${id} yok`)
  list[i] = change(list[i]!) ?? list[i]!
  await writeCollection(dir, name, list)
}

/** Path (relative to the content folder, `/` separators) of the file holding item `id` in `layout`. */
export function fileOf(name: string, id: string, layout: Layout = testFolders ? 'folder' : 'file'): string {
  return layout === 'folder' && isFolderCollection(name) ? entryPath(name, id) : legacyFile(name)
}

/** Path of a collection in `layout` (its folder or its one file), as git names it: for `git log -- <path>`. */
export function collectionPath(name: string, layout: Layout = testFolders ? 'folder' : 'file'): string {
  return layout === 'folder' && isFolderCollection(name) ? name : legacyFile(name)
}

/**
 * The file that stands for a whole collection in `layout`: its order file in a folder, else its one file (the sync
 * refuses a remote that deleted the collection by this name).
 */
export function collectionFile(name: string, layout: Layout = testFolders ? 'folder' : 'file'): string {
  return layout === 'folder' && isFolderCollection(name) ? orderPath(name) : legacyFile(name)
}

/** The item files of a folder collection on disk, paths relative to `dir`. */
async function entryFiles(dir: string, name: string): Promise<{ id: string; path: string }[]> {
  const found: { id: string; path: string }[] = []
  for (const bucket of await readdir(join(dir, name), { withFileTypes: true }).catch(() => [])) {
    if (!bucket.isDirectory()) continue
    for (const file of await readdir(join(dir, name, bucket.name))) {
      const info = pathInfo(`${name}/${bucket.name}/${file}`)
      if (info?.kind === 'entry') found.push({ id: info.id, path: `${name}/${bucket.name}/${file}` })
    }
  }
  return found
}

/**
 * Every file of collection `name` in `dir` as it is stored (path relative to `dir` → text): its one file, or every
 * file in its folder, order file included. To check that something left a collection's bytes untouched.
 */
export async function collectionFiles(dir: string, name: string): Promise<Record<string, string>> {
  if (layoutOf(dir, name) === 'file') return { [legacyFile(name)]: await readFile(join(dir, legacyFile(name)), 'utf8') }
  const files: Record<string, string> = {}
  for (const entry of await readdir(join(dir, name), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    files[path.slice(dir.length + 1)] = await readFile(path, 'utf8')
  }
  return files
}

/**
 * What the next start would refuse of collection `name` in `dir`, as the store loads it (its one file, or each item
 * file and the order file of its folder): none when it loads whole.
 */
export async function refusedAtStart(dir: string, name: ContentName): Promise<string[]> {
  const loaded = await loadContentFile(dir, name, layoutOf(dir, name) === 'folder')
  if (loaded.kind === 'missing') return [`${name}: yok`]
  if (loaded.kind === 'refused') return [describeFileError(loaded.error)]
  return (loaded.folder?.refused ?? []).map(describeFileError)
}

const gitText = (cwd: string, args: string[], input?: string) =>
  execFileSync('git', args, { cwd, input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } })

/**
 * Collection `name` as commit `rev` of the repository at `repoDir` holds it, in either layout (the folder when it
 * has its order file or there is no one-file form, as at start). `prefix`: the content folder inside the
 * repository (`content/` in local mode). Undefined when the commit has neither.
 */
export function collectionAt<T = any>(repoDir: string, rev: string, name: string, prefix = ''): T | undefined {
  const listed = gitText(repoDir, ['ls-tree', '-r', '--name-only', '-z', rev, '--', `${prefix}${name}/`, `${prefix}${legacyFile(name)}`])
    .split('\0')
    .filter(Boolean)
    .map((p) => p.slice(prefix.length))
  const hasLegacy = listed.includes(legacyFile(name))
  const folder = listed.filter((p) => p.startsWith(`${name}/`))
  const show = (paths: string[]) => catFiles(repoDir, paths.map((p) => `${rev}:${prefix}${p}`))
  if (isFolderCollection(name) && folder.length > 0 && (folder.includes(`${name}/${ORDER_FILE}`) || !hasLegacy)) {
    const entries = folder.filter((p) => pathInfo(p)?.kind === 'entry')
    const texts = show(entries)
    const map = new Map(entries.map((p, i) => {
      const value = JSON.parse(texts[i]!) as Entry
      return [value.id, value] as const
    }))
    const order = folder.includes(orderPath(name)) ? (JSON.parse(show([orderPath(name)])[0]!) as string[]) : null
    return assembleOrder(order, map).list as T
  }
  return hasLegacy ? (JSON.parse(show([legacyFile(name)])[0]!) as T) : undefined
}

/** The texts of several `rev:path` objects with one git process. */
function catFiles(repoDir: string, specs: string[]): string[] {
  if (specs.length === 0) return []
  const out = execFileSync('git', ['cat-file', '--batch'], { cwd: repoDir, input: `${specs.join('\n')}\n`, maxBuffer: 256 * 1024 * 1024 })
  const texts: string[] = []
  let at = 0
  for (const spec of specs) {
    const end = out.indexOf(10, at)
    const header = out.subarray(at, end).toString()
    const size = Number(header.split(' ')[2])
    if (!Number.isFinite(size)) throw new Error(`git cat-file: ${spec}: ${header}`)
    texts.push(out.subarray(end + 1, end + 1 + size).toString('utf8'))
    at = end + 1 + size + 1
  }
  return texts
}

/**
 * Copies content folder `from` to `to` for a test app in the test run's layout (`folders`, default `testFolders`):
 * posts and social projects as folders, as the repository's own `content/` is, or back in one file each for a run
 * with `CONTENT_FOLDERS=off` (so a test's start never makes the move's commit, which would shift every `HEAD~n`).
 */
export async function copyContent(
  from: string,
  to: string,
  { folders = testFolders, preserveTimestamps = false }: { folders?: boolean; preserveTimestamps?: boolean } = {},
): Promise<void> {
  await cp(from, to, { recursive: true, preserveTimestamps })
  for (const name of ['blogs', 'social-projects']) {
    const layout = collectionSource(to, name)?.layout
    if (folders && layout === 'file') await writeCollection(to, name, readCollection(to, name), { layout: 'folder' })
    if (!folders && layout === 'folder') {
      await writeCollection(to, name, readCollection(to, name), { layout: 'file' })
      await rm(join(to, name), { recursive: true })
    }
  }
}
