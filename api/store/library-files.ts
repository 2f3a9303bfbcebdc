import { createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { newId } from '../lib/ids.ts'

/** A stored library file's key: a random name inside DATA_DIR/library/. */
const FILE_KEY = /^[A-Za-z0-9_-]{16}$/
/** A file being received: renamed to its key once its bytes passed the checks, deleted otherwise. */
const PARTIAL = /^\.partial-[A-Za-z0-9_-]{16}$/

/** Library files on disk (DATA_DIR/library/, issue 31): never in CONTENT_DIR or the public export. */
export type LibraryFiles = ReturnType<typeof createLibraryFiles>

export function createLibraryFiles(dataDir: string) {
  const dir = join(dataDir, 'library')
  return {
    dir,
    async init() {
      await mkdir(dir, { recursive: true, mode: 0o700 })
    },
    /** Where to stream an upload; `keep()` makes it a stored file and returns its key, `drop()` deletes it. */
    newPartial() {
      const key = newId(12)
      const path = join(dir, `.partial-${key}`)
      return {
        path,
        stream: () => createWriteStream(path, { mode: 0o600 }),
        keep: async () => {
          await rename(path, join(dir, key))
          return key
        },
        drop: () => rm(path, { force: true }),
      }
    },
    /** Absolute path of a stored file, or null for anything that is not one of our keys. */
    pathOf(key: string): string | null {
      return FILE_KEY.test(key) ? join(dir, key) : null
    },
    async remove(key: string): Promise<void> {
      if (FILE_KEY.test(key)) await rm(join(dir, key), { force: true })
    },
    /**
     * At start: deletes partial uploads a crash left behind and stored files no item or earlier version names
     * (a crash between writing a file and its row). Returns how many were removed.
     */
    async sweep(used: Set<string>): Promise<number> {
      let removed = 0
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (PARTIAL.test(name) || (FILE_KEY.test(name) && !used.has(name))) {
          await rm(join(dir, name), { force: true })
          removed++
        }
      }
      return removed
    },
    /** Bytes of every stored file (the dashboard's storage line). */
    async usage(): Promise<number> {
      let bytes = 0
      for (const name of await readdir(dir).catch(() => [] as string[]))
        bytes += (await stat(join(dir, name)).catch(() => null))?.size ?? 0
      return bytes
    },
  }
}
