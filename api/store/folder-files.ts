import { lstat, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { ORDER_FILE, pathInfo, type FolderCollection } from '#schema/content-layout.ts'
import { DIR_MODE, syncFolder, writeTempDurably } from './durable-file.ts'

/**
 * The files of a folder collection on disk (decision 333): which item files there are, and how a save's changed
 * files are written so that a crash never leaves a torn file or an order file naming posts not yet written.
 */

/**
 * The item files of collection `name` in `dir` (paths relative to `dir`, `/` separators), found by walking its
 * sub-folders (a linked sub-folder is never entered): the names `pathInfo` calls items; dotfiles, temporary files
 * and files in the wrong sub-folder are not content. A missing folder has none. Files still in their id's old
 * folder are listed too, with `old` (decision 336): beside one in the hash folder, such a file is no item.
 */
export async function listEntryFiles(dir: string, name: FolderCollection): Promise<EntryFile[]> {
  const found: EntryFile[] = []
  const buckets = await readdir(join(dir, name), { withFileTypes: true }).catch(missingAsEmpty)
  for (const bucket of buckets) {
    if (!bucket.isDirectory()) continue // a Dirent of a link is a link: never followed
    for (const file of await readdir(join(dir, name, bucket.name), { withFileTypes: true }).catch(missingAsEmpty)) {
      // Links, FIFOs and devices named as items are listed: reading them safely refuses and reports them (as a
      // one-file collection's link is refused), never follows or opens them for reading.
      if (file.isDirectory()) continue
      const path = `${name}/${bucket.name}/${file.name}`
      const info = pathInfo(path)
      if (info?.kind === 'entry') found.push(info.old ? { path, id: info.id, old: true } : { path, id: info.id })
    }
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}

/** An item file found on disk; `old`: in the id's first-character folder, not yet moved (decision 336). */
export type EntryFile = { path: string; id: string; old?: true }

const missingAsEmpty = (err: NodeJS.ErrnoException) => {
  if (err.code === 'ENOENT' || err.code === 'ENOTDIR') return []
  throw err
}

/** A file a save writes (`bytes`) or removes (`null`); `path` relative to CONTENT_DIR with `/` separators. */
export type FileWrite = { path: string; bytes: Buffer | null }

/**
 * Writes a folder collection's changed files durably: each item file through a temporary file, fsynced and renamed,
 * each folder touched fsynced once; then the removed ones unlinked and their folders fsynced (an item moving folders,
 * decision 336, is durable in its new one before it leaves the old); the order file last, on its own, so a crash in
 * between leaves item files the order file does not name yet, which loading appends (never an order naming a post
 * whose file is missing). Sub-folders are made as needed (private, like CONTENT_DIR).
 */
export async function writeFilesDurably(dir: string, files: readonly FileWrite[]): Promise<void> {
  const isOrder = (f: FileWrite) => f.path.endsWith(`/${ORDER_FILE}`) && f.path.split('/').length === 2
  const items = files.filter((f) => !isOrder(f))
  const written = new Set<string>()
  for (const file of items.filter((f) => f.bytes !== null)) {
    const path = join(dir, file.path)
    const made = await mkdir(dirname(path), { recursive: true, mode: DIR_MODE })
    // A new sub-folder's own entry lives in the collection's folder: that one is fsynced too.
    if (made) written.add(dirname(dirname(path)))
    await rename(await writeTempDurably(path, file.bytes!), path)
    written.add(dirname(path))
  }
  for (const folder of written) if (await isFolder(folder)) await syncFolder(folder)
  const removed = new Set<string>()
  for (const file of items.filter((f) => f.bytes === null)) {
    const path = join(dir, file.path)
    await rm(path, { force: true })
    removed.add(dirname(path))
  }
  for (const folder of removed) if (await isFolder(folder)) await syncFolder(folder)
  for (const file of files.filter(isOrder)) {
    const path = join(dir, file.path)
    await mkdir(dirname(path), { recursive: true, mode: DIR_MODE })
    if (file.bytes === null) await rm(path, { force: true })
    else await rename(await writeTempDurably(path, file.bytes), path)
    await syncFolder(dirname(path))
  }
}

const isFolder = async (path: string) => (await lstat(path).catch(() => null))?.isDirectory() === true
