import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { isFolderCollection, legacyFile, type FolderCollection } from '#schema/content-layout.ts'
import { collectionSource } from '#schema/content-folder-read.ts'
import { log } from '../lib/log.ts'
import type { ContentData, ContentName } from './content-types.ts'
import { syncFolder } from './durable-file.ts'
import { writeFilesDurably } from './folder-files.ts'
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

type Moving = {
  dir: string
  read: <K extends ContentName>(name: K) => ContentData[K]
  /** Collections refused at start: never moved (the store runs from their last valid version until fixed). */
  refused: ReadonlySet<ContentName>
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
    moved.push(name)
  }
  return moved
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
