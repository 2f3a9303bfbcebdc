import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { intentPaths, type CommitIntent, type CommitJournal } from './commit-journal.ts'
import { recoveredMessage, SERVER_AUTHOR, type ContentRepo, type FileSnapshot } from './content-repo.ts'
import { readContentFileSafely } from '../content-file.ts'
import { FOLDER_COLLECTIONS, pathInfo, type FolderCollection } from '#schema/content-layout.ts'
import { log } from '../../lib/log.ts'

/**
 * What a start has to recover: the journal's uncommitted saves and the content files' bytes, read before any save.
 * `folders`: each folder collection found on disk (decision 333) with the paths of its entry and order files.
 */
export type RecoverySnapshot = {
  intents: CommitIntent[]
  disk: Map<string, Buffer | null>
  folders: Map<FolderCollection, string[]>
}

/** The message of a commit that records the changes no save accounts for in a folder collection (decision 333). */
export const recoveredFolderMessage = (name: string, count: number) =>
  `Kaydedilmemiş değişiklik kurtarıldı: ${name}/ (${count} dosya)`

/**
 * The entry and order files of a folder collection on disk (any kind of file: reading them decides whether they
 * are regular), or null when the folder is not there as a real folder. Buckets that are links are not followed.
 * A folder that cannot be listed whole counts as absent: a bucket not listed must not read as its posts removed.
 */
async function folderPaths(dir: string, name: FolderCollection): Promise<string[] | null> {
  const top = await lstat(join(dir, name)).catch(() => null)
  if (!top?.isDirectory()) return null
  const paths: string[] = []
  try {
    for (const item of await readdir(join(dir, name), { withFileTypes: true })) {
      const path = `${name}/${item.name}`
      if (!item.isDirectory()) {
        if (pathInfo(path)?.kind === 'order') paths.push(path)
        continue
      }
      for (const inner of await readdir(join(dir, path))) {
        if (pathInfo(`${path}/${inner}`)?.kind === 'entry') paths.push(`${path}/${inner}`)
      }
    }
  } catch (err) {
    log.error(`${name}/ klasörü okunamadı, kurtarmada atlandı: ${(err as Error).message}`)
    return null
  }
  return paths
}

/** Reads the journal and the content files (regular files only) as the previous run left them. */
export async function readRecoverySnapshot(
  journal: CommitJournal,
  dir: string,
  files: string[],
): Promise<RecoverySnapshot> {
  const intents = journal.pending()
  const folders = new Map<FolderCollection, string[]>()
  for (const name of FOLDER_COLLECTIONS) {
    const paths = await folderPaths(dir, name)
    if (paths) folders.set(name, paths)
  }
  // A removed path has no bytes to read.
  const written = intents.flatMap((i) => intentPaths(i).flatMap((p) => (p.blob === null ? [] : [p.path])))
  const disk = new Map<string, Buffer | null>()
  for (const file of new Set([...files, ...written, ...[...folders.values()].flat()])) {
    // Regular files only, size-capped (decision 030): recovery never reads through a link or waits on a FIFO.
    const read = await readContentFileSafely(join(dir, file)).catch(() => null)
    disk.set(file, read?.kind === 'ok' ? read.bytes : null)
  }
  return { intents, disk, folders }
}

/**
 * Runs first in the commit queue at start: commits the saves a crash left uncommitted, each with its own author
 * and message (journal order; a save of several paths is one commit), then any difference between a content file
 * and HEAD that no save accounts for, on its own ('Kaydedilmemiş değişiklik kurtarıldı: {dosya}'), and those of a
 * folder collection together, removed entry files included ('… blogs/ (N dosya)'), so nothing is folded into
 * someone else's commit (decisions 025, 333).
 */
export async function commitRecovered(
  repo: ContentRepo,
  journal: CommitJournal,
  { intents, disk, folders }: RecoverySnapshot,
  files: string[],
): Promise<void> {
  // The queue records an intent as done before it starts the next commit (of its file: a sync commits a file's
  // saves ahead of their turn, decision 271): only the oldest pending one of a file can already be in HEAD, and
  // committing it again changes nothing (same tree: no commit).
  for (const intent of intents) {
    const snapshots: FileSnapshot[] = []
    for (const { path, blob, bytes: kept } of intentPaths(intent)) {
      // A removal needs no bytes: committed as it is.
      if (blob === null) {
        snapshots.push({ name: path, text: null })
        continue
      }
      const current = disk.get(path)
      const bytes = kept ?? (current && repo.blobOf(current) === blob ? current : null)
      if (bytes) snapshots.push({ name: path, text: bytes })
      // The file changed outside the API after this save and before the crash: its bytes are gone; that
      // difference is recovered below, under the server's name. The save's other paths are committed.
      else log.error(`Yarım kalan kaydın içeriği artık diskte yok, atlandı: ${intent.message} (${path})`)
    }
    if (snapshots.length > 0) {
      const made = await repo.commit(snapshots, intent.author, intent.message)
      // Already in HEAD (the journal was not told before the stop): nothing was recovered, nothing to report.
      if (made) log.info(`Yarım kalan kayıt git'e eklendi: ${intent.message} (${intent.author.name})`)
      else log.debug(`Kayıt zaten git'teydi: ${intent.message}`)
    }
    await journal.done(intent.id)
  }
  // One ls-tree for the files and the folders alike: a folder is one argument however many files it holds.
  const head = await repo.headBlobs([...files, ...[...folders.keys()].map((name) => `${name}/`)])
  for (const file of files) {
    const bytes = disk.get(file)
    if (!bytes || head.get(file) === repo.blobOf(bytes)) continue
    await repo.commit([{ name: file, text: bytes }], SERVER_AUTHOR, recoveredMessage(file))
    log.info(`${recoveredMessage(file)} (dosya git'tekinden farklıydı)`)
  }
  for (const [name, paths] of folders) {
    const changes: FileSnapshot[] = []
    for (const path of paths) {
      const bytes = disk.get(path)
      if (bytes && head.get(path) !== repo.blobOf(bytes)) changes.push({ name: path, text: bytes })
    }
    // An entry file HEAD has and the folder lacks was removed outside the API. Other files HEAD keeps there (a
    // README, an unreadable entry) are no removal; a missing order file is no change, as a missing content file.
    const present = new Set(paths)
    for (const path of head.keys()) {
      if (!present.has(path) && pathInfo(path)?.kind === 'entry' && path.startsWith(`${name}/`)) {
        changes.push({ name: path, text: null })
      }
    }
    if (changes.length === 0) continue
    const message = recoveredFolderMessage(name, changes.length)
    await repo.commit(changes, SERVER_AUTHOR, message)
    log.info(`${message} (klasör git'tekinden farklıydı)`)
  }
}
