import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { isFolderCollection, legacyFile, type FolderCollection } from '#schema/content-layout.ts'
import { collectionSource } from '#schema/content-folder-read.ts'
import { log } from '../lib/log.ts'
import type { ContentData, ContentName } from './content-types.ts'
import { syncFolder } from './durable-file.ts'
import { listEntryFiles, writeFilesDurably } from './folder-files.ts'
import { gateNextFolder } from './gate/content-gate.ts'
import type { CommitQueue } from './git/commit-queue.ts'
import { SERVER_AUTHOR } from './git/content-repo.ts'

/**
 * The move of posts and social projects from one file to a file per item (decision 333), at the first start that
 * finds `blogs.json` and no folder with its order file. The loaded (checked) list is written through the write
 * gate as item files, the order file last; then `blogs.json` is removed, and one commit records both, so
 * `git log -- content/blogs.json` ends there and each post's history goes on in its own file. A crash before the
 * order file is written leaves `blogs.json`, and the next start moves again; after it, the folder wins and the
 * leftover `blogs.json` is removed (also one a maintainer's pull brought back: the folder holds the later saves).
 */
export const MIGRATION_MESSAGES: Record<FolderCollection, string> = {
  blogs: 'İçerik düzeni: her yazı kendi dosyasında',
  'social-projects': 'İçerik düzeni: her proje kendi dosyasında',
}

/** The commit of the move of item files from their first-character folders to their hash folders (decision 336). */
export const BUCKET_MESSAGES: Record<FolderCollection, string> = {
  blogs: 'İçerik düzeni: yazı dosyaları kimliklerine göre 256 klasöre dağıtıldı',
  'social-projects': 'İçerik düzeni: proje dosyaları kimliklerine göre 256 klasöre dağıtıldı',
}

type Moving = {
  dir: string
  read: <K extends ContentName>(name: K) => ContentData[K]
  /** Collections refused at start: never moved (the store runs from their last valid version until fixed). */
  refused: ReadonlySet<ContentName>
  /** Item files refused at start, by path: one in an old folder stays there (its item did not load from it). */
  refusedFiles: ReadonlySet<string>
  queue: CommitQueue | null
  /** Called once a collection is stored as a folder: its writes and outside checks go by file from then on. */
  adopt: (name: FolderCollection) => Promise<void>
}

/** Moves each folder collection still stored as one file; returns the collections moved. */
export async function moveToFolders(names: readonly ContentName[], o: Moving): Promise<FolderCollection[]> {
  const moved: FolderCollection[] = []
  for (const name of names) {
    if (!isFolderCollection(name) || o.refused.has(name)) continue
    const source = collectionSource(o.dir, name)
    const legacy = join(o.dir, legacyFile(name))
    if (source?.layout === 'folder') {
      // Moved before; a one-file form beside it is a crash's leftover or a maintainer's: removed, in a commit.
      if (await removeLegacy(legacy)) {
        log.warn(`${legacyFile(name)}: klasör düzeniyle birlikte bulundu; klasördeki içerik geçerli, dosya kaldırıldı.`)
        await o.queue?.enqueue({ files: [{ name: legacyFile(name), text: null }], collection: name, author: SERVER_AUTHOR, message: MIGRATION_MESSAGES[name] })
      }
      await moveToHashFolders(name, o)
      continue
    }
    if (source === null) {
      // Nothing stored yet: the first save makes the folder.
      await o.adopt(name)
      continue
    }
    const list = o.read(name)
    // Through the gate, as every write: the whole list checked, every item's file and the order file made.
    const { files } = gateNextFolder(name, list, [])
    await writeFilesDurably(o.dir, files)
    await removeLegacy(legacy)
    await o.adopt(name)
    await o.queue?.enqueue({
      files: [...files.map((f) => ({ name: f.path, text: f.bytes })), { name: legacyFile(name), text: null }],
      collection: name,
      author: SERVER_AUTHOR,
      message: MIGRATION_MESSAGES[name],
    })
    log.info(`${MIGRATION_MESSAGES[name]}: ${(list as unknown[]).length} öğe ${name}/ klasörüne taşındı.`)
    // Files a move cut short by an older version left in first-character folders: the list just written wins.
    await moveToHashFolders(name, o)
    moved.push(name)
  }
  return moved
}

/**
 * Moves the item files still in their first-character folders to their hash folders (decision 336), in one commit
 * whose paths git follows as renames (the same bytes: the gate's canonical text, which the loaded item has). An
 * item loaded from its old folder's file is written to its hash folder through the gate; an old folder's file beside
 * its hash folder's (a move cut short, an old clone's) is no item and goes; a refused one stays, reported, until it
 * is fixed (then a save or the next start moves it). The new files are durable before any old one is removed, so a
 * crash at any point leaves every item readable, and the next start ends the move. Returns how many items moved.
 */
export async function moveToHashFolders(name: FolderCollection, o: Moving): Promise<number> {
  const files = await listEntryFiles(o.dir, name)
  const inHashFolder = new Set(files.filter((f) => !f.old).map((f) => f.id))
  const list = o.read(name) as readonly { id: string }[]
  const live = new Set(list.map((e) => e.id))
  const old = files.filter((f) => f.old && (inHashFolder.has(f.id) || (live.has(f.id) && !o.refusedFiles.has(f.path))))
  if (old.length === 0) return 0
  const moving = new Set(old.filter((f) => !inHashFolder.has(f.id)).map((f) => f.id))
  // The moving items as new objects of the same values: the gate checks them and writes their files (nothing else).
  const { files: written } = gateNextFolder(name, list.map((e) => (moving.has(e.id) ? { ...e } : e)), list)
  const removed = old.map((f) => ({ path: f.path, bytes: null }))
  await writeFilesDurably(o.dir, [...written, ...removed])
  await o.adopt(name)
  await o.queue?.enqueue({
    files: [...written, ...removed].map((f) => ({ name: f.path, text: f.bytes })),
    collection: name,
    author: SERVER_AUTHOR,
    message: BUCKET_MESSAGES[name],
  })
  log.info(`${BUCKET_MESSAGES[name]}: ${moving.size} öğe taşındı, ${old.length - moving.size} eski dosya kaldırıldı.`)
  return moving.size
}

/** Removes the one-file form durably; false when there was none. */
async function removeLegacy(path: string): Promise<boolean> {
  const existed = await rm(path).then(
    () => true,
    (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return false
      throw err
    },
  )
  if (existed) await syncFolder(join(path, '..'))
  return existed
}
