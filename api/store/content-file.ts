import { constants, open } from 'node:fs/promises'

/**
 * Largest content file the server reads: 64 MiB. blogs.json at 10,000 posts is about 20 MB (bench/README.md), so
 * this leaves three times that; anything bigger is refused before a byte of it is read (decision 030).
 */
export const MAX_CONTENT_FILE_BYTES = 64 * 1024 * 1024

/** A content file as found on disk: missing, refused before reading (why, in Turkish), or its bytes. */
export type ContentFileRead =
  | { kind: 'missing' }
  | { kind: 'refused'; reason: string }
  | { kind: 'ok'; bytes: Buffer }

/**
 * Reads a content file only when it is a regular file of at most `max` bytes. The open never follows a symlink
 * (O_NOFOLLOW: a link to /etc/passwd or to another JSON file is refused, not read) and never waits on a FIFO
 * (O_NONBLOCK); the type and size are checked on the opened descriptor, so a file swapped in between cannot slip
 * through. Files in CONTENT_DIR arrive by `git pull` from anyone with push access: they are untrusted input.
 */
export async function readContentFileSafely(path: string, max = MAX_CONTENT_FILE_BYTES): Promise<ContentFileRead> {
  let handle
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'missing' }
    if (code === 'ELOOP' || code === 'EMLINK') return { kind: 'refused', reason: REFUSED.symlink }
    if (code === 'ENXIO') return { kind: 'refused', reason: REFUSED.notRegular } // a socket
    throw err
  }
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) return { kind: 'refused', reason: REFUSED.notRegular }
    if (stat.size > max) return { kind: 'refused', reason: REFUSED.tooLarge(max) }
    // Read until the end, but never more than max + 1 bytes: a file that grows after the check is refused too.
    // The buffers are the size found and one byte more (a file that grew is read on in 64 KB steps), never 64 KB
    // more per file: 100,000 post files read at start left ~900 MB of glibc's heap resident (issue 33, decision 339).
    const chunks: Buffer[] = []
    let length = 0
    for (;;) {
      const want = length <= stat.size ? stat.size + 1 - length : 64 * 1024
      const chunk = Buffer.allocUnsafe(Math.min(max + 1 - length, want))
      if (chunk.length === 0) break
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, length)
      if (bytesRead === 0) break
      chunks.push(chunk.subarray(0, bytesRead))
      length += bytesRead
    }
    if (length > max) return { kind: 'refused', reason: REFUSED.tooLarge(max) }
    return { kind: 'ok', bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length) }
  } finally {
    await handle.close()
  }
}

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`

/** Why a file was refused before reading, in the admin's and the log's words. */
export const REFUSED = {
  symlink: 'Dosya bir sembolik bağlantı; içerik dosyaları normal dosya olmalı, bağlantılar izlenmez',
  notRegular: 'Dosya normal bir dosya değil (FIFO, aygıt ya da klasör); okunmadı',
  tooLarge: (max: number) => `Dosya çok büyük (en fazla ${megabytes(max)}); okunmadı`,
}
