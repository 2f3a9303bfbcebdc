import { existsSync, lstatSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { assembleOrder, entryPath, isFolderCollection, legacyFile, oldEntryPath, onePerId, ORDER_FILE, pathInfo, type FolderCollection } from './content-layout.ts'

/**
 * The synchronous reader of a content collection for the readers outside the store (decision 333): the site's
 * content loader and the publisher's disk reader of `npm run build`. It returns the raw JSON, unchecked: each
 * caller checks it with its schema. The store has its own (async, checked, history-aware) loading.
 */

/** Where a collection is read from: its folder (`blogs/`), its one file (`blogs.json`), or nowhere (null). */
export type CollectionSource = { layout: 'folder' | 'file'; name: string; path: string } | null

const isRealDir = (path: string) => lstatSync(path, { throwIfNoEntry: false })?.isDirectory() === true
const isRealFile = (path: string) => lstatSync(path, { throwIfNoEntry: false })?.isFile() === true

/**
 * The source of collection `name` in `dir`. A folder collection's folder is read when it has its order file, or
 * when there is no `<name>.json`; with both and no order file the one file wins (decision 333, revision point 10:
 * a folder without its order file is a migration cut short, redone from the file).
 */
export function collectionSource(dir: string, name: string): CollectionSource {
  const legacy = join(dir, legacyFile(name))
  if (isFolderCollection(name)) {
    const folder = join(dir, name)
    if (isRealDir(folder) && (isRealFile(join(folder, ORDER_FILE)) || !existsSync(legacy)))
      return { layout: 'folder', name, path: folder }
  }
  return existsSync(legacy) ? { layout: 'file', name, path: legacy } : null
}

/** A file's JSON; an unreadable file or broken JSON throws naming the file (the site's build fails with it). */
function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new Error(`İçerik dosyası okunamadı: ${path}\n  ${(error as Error).message}`)
  }
}

/**
 * The collection's raw value from its source: a one-file collection as parsed; a folder as the list its order file
 * and item files make (`assembleOrder`). Only regular files that `pathInfo` names are read: symlinks, dotfiles,
 * temporary files, other files and files in the wrong sub-folder are not content. A file still in its id's old
 * folder is read as that item, unless its hash folder has one too (decision 336).
 */
export function readSource(source: NonNullable<CollectionSource>): unknown {
  if (source.layout === 'file') return readJson(source.path)
  const found: { id: string; old?: boolean; path: string }[] = []
  for (const bucket of readdirSync(source.path, { withFileTypes: true })) {
    if (!bucket.isDirectory()) continue // Dirent reports a symlink as a symlink: never followed
    for (const file of readdirSync(join(source.path, bucket.name), { withFileTypes: true })) {
      const info = file.isFile() ? pathInfo(`${source.name}/${bucket.name}/${file.name}`) : null
      if (info?.kind === 'entry') found.push({ id: info.id, old: info.old, path: join(source.path, bucket.name, file.name) })
    }
  }
  const entries = new Map<string, { id: string; createdAt?: string; value: unknown }>()
  for (const { id: fileId, path } of onePerId(found)) {
    const value = readJson(path)
    const id = (value as { id?: unknown } | null)?.id
    // Refused rather than read under either name: the store's loading refuses such a file too, and a site built
    // from it would show a post the API does not have (and its address would not be the file's).
    if (id !== fileId)
      throw new Error(`İçerik dosyası geçersiz: ${path}\n  - id: Dosya adındaki kimlik (${fileId}) bekleniyordu`)
    const createdAt = (value as { createdAt?: unknown }).createdAt
    entries.set(id, { id, createdAt: typeof createdAt === 'string' ? createdAt : undefined, value })
  }
  const orderFile = join(source.path, ORDER_FILE)
  const order = isRealFile(orderFile) ? readJson(orderFile) : null
  if (order !== null && !(Array.isArray(order) && order.every((id) => typeof id === 'string')))
    throw new Error(`İçerik dosyası geçersiz: ${orderFile}\n  - (kök): Kimlik listesi bekleniyordu`)
  return assembleOrder(order, entries).list.map((e) => e.value)
}

/** The file item `id` of folder collection `name` is read from: its hash folder's, else its old folder's (decision 336). */
export function entryFileOf(dir: string, name: FolderCollection, id: string): string {
  const path = join(dir, entryPath(name, id))
  const old = join(dir, oldEntryPath(name, id))
  return !isRealFile(path) && isRealFile(old) ? old : path
}

/** Collection `name` of content folder `dir`, raw and unchecked; undefined when it has neither a folder nor a file. */
export function readCollectionSync(dir: string, name: string): unknown {
  const source = collectionSource(dir, name)
  return source ? readSource(source) : undefined
}
