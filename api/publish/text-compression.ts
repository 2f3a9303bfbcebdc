import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Files this small go as they are: the coding costs more than it saves. */
export const MIN_COMPRESS_BYTES = 257

/** The smallest brotli window (10–24 bits) that holds `size` bytes. */
const windowBits = (size: number) => Math.min(24, Math.max(10, Math.ceil(Math.log2(size + 1))))

/**
 * A Buffer of its own length: zlib hands back a view of its 64 KB output chunk, so a 5 KB brotli body kept in the
 * hot-page cache kept 64 KB (issue 33, tenth session: 21 MB of a 10,000-post server's external memory).
 */
export function ownBytes(view: Buffer): Buffer {
  if (view.byteOffset === 0 && view.byteLength === view.buffer.byteLength) return view
  const copy = Buffer.allocUnsafeSlow(view.byteLength)
  view.copy(copy)
  return copy
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
  return [ownBytes(br), ownBytes(gzipped)]
}
