import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Files this small go as they are: the coding costs more than it saves. */
export const MIN_COMPRESS_BYTES = 257

/** The smallest brotli window (10–24 bits) that holds `size` bytes. */
const windowBits = (size: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(size + 1))))

/**
 * A file's body and its brotli and gzip forms as views of one allocation of their total length, for bodies kept in
 * memory. zlib's results are views of its 64 KB output chunk: kept as they were, a hot page's 5 KB brotli body kept
 * 64 KB (21 MB of a 10,000-post server after a crawl); copied one by one, the small copies came from glibc's main
 * heap, which a cache's turnover fragments (+20 MB). One allocation of the three (a page's are over 16 KB, so it is
 * a mapping of its own: MALLOC_MMAP_THRESHOLD_) goes back to the system whole when the file leaves the cache.
 * Issue 33, tenth session.
 */
export function packBodies(body: Buffer, br: Buffer, gzip: Buffer): [body: Buffer, br: Buffer, gzip: Buffer] {
  const all = Buffer.allocUnsafeSlow(body.length + br.length + gzip.length)
  body.copy(all, 0)
  br.copy(all, body.length)
  gzip.copy(all, body.length + br.length)
  const brEnd = body.length + br.length
  return [all.subarray(0, body.length), all.subarray(body.length, brEnd), all.subarray(brEnd)]
}

/**
 * The brotli and gzip bodies of a text file, as the server keeps them in memory and the export carries them.
 * Brotli quality 6, not 9: on our pages (40–50 KB of HTML) 9 took 31 ms and 6 takes 3.6 ms for a body 0.15%
 * larger, and a publish compresses each changed page twice (memory and export), on the same two cores that serve.
 */
export async function compressText(body: Buffer): Promise<[br: Buffer, gzip: Buffer]> {
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 6,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        // A window just over the page (brotli's default is 4 MB): same output size, a fraction of the memory.
        [constants.BROTLI_PARAM_LGWIN]: windowBits(body.length),
      },
    }),
    gz(body, { level: 9 }),
  ])
  return [br, gzipped]
}
