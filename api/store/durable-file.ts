import { constants, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Private files: readable and writable by the server's user only. */
export const FILE_MODE = 0o600
/** Private folders: only the server's user may list or enter them. */
export const DIR_MODE = 0o700

/**
 * Replaces `path` with `text` so that once this resolves the new bytes survive a crash or power cut, and a crash
 * at any moment leaves either the old or the new file, never a torn one: temp file, fsync, rename, fsync folder.
 */
export async function writeFileDurably(path: string, text: string | Uint8Array | readonly Uint8Array[]): Promise<void> {
  const temp = await writeTempDurably(path, text)
  try {
    await rename(temp, path)
  } catch (err) {
    await rm(temp, { force: true })
    throw err
  }
  await syncFolder(dirname(path))
}

/**
 * Writes `text` to the temporary file beside `path` (`.<name>.tmp`) and fsyncs it; returns its path, to be renamed
 * over `path`. A leftover (or planted: CONTENT_DIR comes from git) temp name is removed, never written through: a
 * new file, no symlink followed.
 */
export async function writeTempDurably(path: string, text: string | Uint8Array | readonly Uint8Array[]): Promise<string> {
  const temp = join(dirname(path), `.${basename(path)}.tmp`)
  await rm(temp, { force: true })
  const file = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, FILE_MODE)
  try {
    // Pieces (json-text.ts) go in one writev, which writes them all.
    if (Array.isArray(text)) await file.writev(text as Uint8Array[])
    else await file.writeFile(text as string | Uint8Array)
    await file.sync()
  } catch (err) {
    await file.close()
    await rm(temp, { force: true })
    throw err
  }
  await file.close()
  return temp
}

/** Makes a rename or a new file in `dir` durable (the folder entry itself is fsynced). */
export async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Freezes a value and everything it holds, so readers of shared data cannot change it by mistake. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key])
  }
  return value
}
