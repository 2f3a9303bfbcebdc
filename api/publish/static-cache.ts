import { createHash } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { isCompressible, mimeType } from './mime.ts'
import { compressText, MIN_COMPRESS_BYTES, packBodies } from './text-compression.ts'
/** Files above this are streamed from disk instead of kept in memory (demo downloads, videos). */
const MAX_CACHED_BYTES = 2 * 1024 * 1024

export type CachedFile = {
  type: string
  etag: string
  body?: Buffer
  br?: Buffer
  gzip?: Buffer
  /** Set for large files served from disk. */
  diskPath?: string
  /** Set for files read into memory on first use (the export folder); their bodies may be dropped again. */
  sourcePath?: string
  size: number
  /** The answer's status when not 200 (the 404 page). */
  status?: number
}

/** A built folder held in memory by URL path ('/blog/x/index.html'), with brotli and gzip bodies made once. */
export type StaticCache = Map<string, CachedFile>

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

/** Reads every file of a build folder and precompresses the text ones; the caller swaps it in whole. */
export async function loadStaticCache(dir: string): Promise<StaticCache> {
  const cache: StaticCache = new Map()
  for (const file of await listFiles(dir)) {
    const urlPath = '/' + relative(dir, file).split(sep).join('/')
    const type = mimeType(file)
    const { size, mtimeMs } = await stat(file)
    if (size > MAX_CACHED_BYTES) {
      cache.set(urlPath, {
        type,
        size,
        diskPath: file,
        etag: `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`,
      })
      continue
    }
    const body = await readFile(file)
    const entry: CachedFile = {
      type,
      size,
      body,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    }
    if (isCompressible(type) && size >= MIN_COMPRESS_BYTES)
      [entry.body, entry.br, entry.gzip] = packBodies(body, ...(await compressText(body)))
    cache.set(urlPath, entry)
  }
  return cache
}

/** The cache key for a request path: files as they are, pages as their index.html. */
export function lookupPath(cache: StaticCache, pathname: string): string | null {
  let path: string
  try {
    path = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (cache.has(path)) return path
  const base = path.endsWith('/') ? path : `${path}/`
  const page = `${base}index.html`
  if (cache.has(page)) return page
  if (cache.has(`${path}.html`)) return `${path}.html`
  return null
}
