import { open, readFile } from 'node:fs/promises'
import { isCompressible } from './mime.ts'
import type { CachedFile } from './static-cache.ts'
import { compressText, MIN_COMPRESS_BYTES, packBodies } from './text-compression.ts'

/** Brotli and gzip bodies of a text file, made once; the three in one allocation (packBodies). */
export async function compressInto(file: CachedFile): Promise<void> {
  const body = file.body
  if (!body || file.br || !isCompressible(file.type) || body.length < MIN_COMPRESS_BYTES) return
  const [br, gzip] = await compressText(body)
  ;[file.body, file.br, file.gzip] = packBodies(body, br, gzip)
}

/** Files read whole into one allocation, in order (null if one is missing). */
async function readPacked(paths: string[]): Promise<Buffer[] | null> {
  const handles = await Promise.all(paths.map((p) => open(p).catch(() => null)))
  try {
    if (handles.some((h) => h === null)) return null
    const sizes = await Promise.all(handles.map(async (h) => (await h!.stat()).size))
    const all = Buffer.allocUnsafeSlow(sizes.reduce((a, b) => a + b, 0))
    const parts: Buffer[] = []
    let at = 0
    for (const [i, h] of handles.entries()) {
      const part = all.subarray(at, at + sizes[i]!)
      for (let got = 0; got < part.length; ) {
        const { bytesRead } = await h!.read(part, got, part.length - got, got)
        if (bytesRead === 0) return null
        got += bytesRead
      }
      parts.push(part)
      at += part.length
    }
    return parts
  } finally {
    await Promise.all(handles.map((h) => h?.close()))
  }
}

const bytesOf = (f: CachedFile) => (f.body?.length ?? 0) + (f.br?.length ?? 0) + (f.gzip?.length ?? 0)

/**
 * The pages and assets held in memory, most recently used last, up to `maxBytes`: a site of any size keeps only
 * its hot pages (body, brotli, gzip); a cold one is read from the export folder and compressed on first request.
 */
export function createHotFiles(maxBytes: number) {
  const lru = new Map<CachedFile, number>()
  const loading = new WeakMap<CachedFile, Promise<void>>()
  let bytes = 0
  let youngest: CachedFile | null = null

  function remember(file: CachedFile) {
    youngest = file
    const size = bytesOf(file)
    const before = lru.get(file)
    if (before !== undefined) {
      bytes -= before
      lru.delete(file)
    }
    lru.set(file, size)
    bytes += size
    for (const [old, n] of lru) {
      if (bytes <= maxBytes || old === file) break
      lru.delete(old)
      bytes -= n
      // Only files that can be read again are dropped.
      if (old.sourcePath) old.body = old.br = old.gzip = undefined
    }
  }

  async function load(file: CachedFile): Promise<void> {
    if (!file.body && file.sourcePath) {
      // A cold text file of the export has its `.br` and `.gz` beside it (static-host.ts writes them with it, and
      // nginx serves them): read into one allocation, not compressed again (no CPU, no zlib garbage per cold page).
      const compressible = isCompressible(file.type) && file.size >= MIN_COMPRESS_BYTES
      const path = file.sourcePath
      const packed = compressible ? await readPacked([path, `${path}.br`, `${path}.gz`]) : null
      if (packed) [file.body, file.br, file.gzip] = packed
      else file.body = await readFile(path)
    }
    await compressInto(file)
    remember(file)
  }

  return {
    /** Makes a file's bodies ready in memory (no-op for hot ones and large files streamed from disk). */
    ready(file: CachedFile): Promise<void> | null {
      if (file.diskPath) return null
      if (file.body && (file.br || !isCompressible(file.type) || file.body.length <= 256)) {
        // A hit moves the file to the young end only now and then: most hits cost nothing.
        if (file === youngest || (lru.size > 64 && (lru.get(file) ?? 0) > 0 && Math.random() > 0.05)) return null
        remember(file)
        return null
      }
      let p = loading.get(file)
      if (!p) {
        p = load(file).finally(() => loading.delete(file))
        loading.set(file, p)
      }
      return p
    },
    /**
     * Lets go of files a publish replaced or removed (they are no longer in the live index, so nobody asks for them
     * again): without this every saved version of a page read once stayed in the budget until pushed out, 32 MB of
     * dead copies after a few hundred saves of one post (issue 33, save-memory.ts).
     */
    forget(files: Iterable<CachedFile>): void {
      for (const file of files) {
        const size = lru.get(file)
        if (size === undefined) continue
        lru.delete(file)
        bytes -= size
        if (youngest === file) youngest = null
      }
    },
    /** Bytes held now (bench and tests). */
    bytes: () => bytes,
    /** Files held now (tests). */
    holds: (file: CachedFile): boolean => lru.has(file),
  }
}
export type HotFiles = ReturnType<typeof createHotFiles>
