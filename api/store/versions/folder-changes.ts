import { lstat, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { orderPath, pathInfo, type FolderCollection } from '#schema/content-layout.ts'

/**
 * Which files of a folder collection (decision 333) changed outside the API, at a cost flat with the archive: the
 * collection's folder, its sub-folders and its order file are looked at on every check (a pull, a checkout or an
 * editor's save-by-rename changes the sub-folder's own entry); the files of a sub-folder that changed are then
 * compared one by one; and SWEEP_FILES more files in turn, for edits made in place, which change no folder. Before a
 * save writes a file, that one file is compared too (`moved`), so an edit made outside is never overwritten unseen.
 * The watcher names the files it saw change in the sub-folders (`hint`): those are compared at the next check, so an
 * edit in place goes live at once instead of when the sweep comes to it (up to 10 checks at 10,000 posts).
 */

/** How many files a check compares besides the changed sub-folders' (one turn over 10,000 posts: 10 checks). */
const SWEEP_FILES = 1000

// lstat: a symlink is judged as the link it is (and refused), never by the file it points to.
const signatureOf = (path: string) =>
  lstat(path).then(
    (s) => `${s.ino}:${s.size}:${s.mtimeMs}`,
    () => 'missing',
  )

export type FolderChanges = ReturnType<typeof createFolderChanges>

export function createFolderChanges(dir: string, name: FolderCollection, { sweepFiles = SWEEP_FILES } = {}) {
  /** Each known file's signature (item files and the order file), as the API last read or wrote it. */
  const files = new Map<string, string>()
  /** Each sub-folder's signature, and the collection folder's own (key ''). */
  const folders = new Map<string, string>()
  let sweepAt = 0
  /** Files the watcher saw change since the last check (compared like the rest: a save of ours is no change). */
  const hinted = new Set<string>()

  const listFolders = async () =>
    (await readdir(join(dir, name), { withFileTypes: true }).catch(() => []))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort()
  const filesIn = async (bucket: string) =>
    (await readdir(join(dir, name, bucket), { withFileTypes: true }).catch(() => []))
      .map((d) => `${name}/${bucket}/${d.name}`)
      .filter((path) => pathInfo(path)?.kind === 'entry')

  /** Signatures of every file and folder as they are now: what the API loaded at start. */
  async function remember(): Promise<void> {
    files.clear()
    folders.clear()
    folders.set('', await signatureOf(join(dir, name)))
    files.set(orderPath(name), await signatureOf(join(dir, orderPath(name))))
    for (const bucket of await listFolders()) {
      folders.set(bucket, await signatureOf(join(dir, name, bucket)))
      for (const path of await filesIn(bucket)) files.set(path, await signatureOf(join(dir, path)))
    }
  }

  /** The paths whose signature is not the known one (missing counts); each is then known as it is now. */
  async function differing(paths: Iterable<string>): Promise<string[]> {
    const out: string[] = []
    for (const path of paths) {
      const now = await signatureOf(join(dir, path))
      if (now === (files.get(path) ?? 'missing')) continue
      out.push(path)
      if (now === 'missing') files.delete(path)
      else files.set(path, now)
    }
    return out
  }

  return {
    remember,
    /**
     * The files changed outside since the last check or write (their new state is known from now on); with `sweep`,
     * SWEEP_FILES more known files compared in turn (edits made in place).
     */
    async changed(sweep = true): Promise<string[]> {
      const candidates = new Set<string>([orderPath(name), ...hinted])
      hinted.clear()
      const top = await signatureOf(join(dir, name))
      const known = [...folders.keys()].filter((b) => b !== '')
      // The collection folder changed: its sub-folders now, and the known ones (one removed has files that left).
      const buckets = top === folders.get('') ? known : [...new Set([...(await listFolders()), ...known])]
      folders.set('', top)
      // Asked all at once: 256 hash folders one after the other cost ~15 ms on each save's path (decision 336).
      const signatures = await Promise.all(buckets.map((bucket) => signatureOf(join(dir, name, bucket))))
      for (const [i, bucket] of buckets.entries()) {
        const now = signatures[i]!
        if (now === folders.get(bucket)) continue
        if (now === 'missing') folders.delete(bucket)
        else folders.set(bucket, now)
        // Files that left the folder are known ones no longer listed; new ones are listed.
        for (const path of files.keys()) if (path.startsWith(`${name}/${bucket}/`)) candidates.add(path)
        for (const path of await filesIn(bucket)) candidates.add(path)
      }
      // Edits in place change no folder: a turn of the known files, SWEEP_FILES a check.
      if (sweep) {
        const known = [...files.keys()]
        for (let i = 0; i < Math.min(sweepFiles, known.length); i++) candidates.add(known[(sweepAt + i) % known.length]!)
        sweepAt = known.length ? (sweepAt + sweepFiles) % known.length : 0
      }
      return differing(candidates)
    },
    /** A file of this collection the watcher saw change (`blogs/26/x.json`); anything else is not ours. */
    hint(path: string): void {
      const info = pathInfo(path)
      if (info && path.startsWith(`${name}/`)) hinted.add(path)
    },
    /** Of `paths` (about to be written), those changed outside since the API last read or wrote them. */
    moved: (paths: readonly string[]) => differing(paths),
    /** After the API wrote `paths`: their new signatures, and their folders'. */
    async wrote(paths: readonly string[]): Promise<void> {
      for (const path of paths) {
        const now = await signatureOf(join(dir, path))
        if (now === 'missing') files.delete(path)
        else files.set(path, now)
        const bucket = path.split('/').length === 3 ? path.split('/')[1]! : ''
        const folder = bucket ? join(dir, name, bucket) : join(dir, name)
        folders.set(bucket, await signatureOf(folder))
      }
      folders.set('', await signatureOf(join(dir, name)))
    },
  }
}
