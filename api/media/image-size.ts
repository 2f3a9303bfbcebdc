/** Width and height in pixels as an image's header states them. */
export type ImageSize = { width: number; height: number }

const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8)
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16)
const u32be = (b: Uint8Array, i: number) =>
  ((b[i]! << 24) >>> 0) + ((b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!)
const ascii = (b: Uint8Array, i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n))

function png(b: Uint8Array): ImageSize | null {
  if (b.length < 24 || ascii(b, 12, 4) !== 'IHDR') return null
  return { width: u32be(b, 16), height: u32be(b, 20) }
}

/**
 * The logical screen and every frame: a frame may be larger than the screen it declares (browsers decode it at
 * its own size), so the answer covers the furthest frame edge. Walks the blocks until the trailer or the end.
 */
function gif(b: Uint8Array): ImageSize | null {
  if (b.length < 10) return null
  let width = u16le(b, 6)
  let height = u16le(b, 8)
  let i = 13 + colorTableBytes(b[10] ?? 0)
  while (i < b.length && b[i] !== 0x3b) {
    if (b[i] === 0x2c && i + 10 <= b.length) {
      width = Math.max(width, u16le(b, i + 1) + u16le(b, i + 5))
      height = Math.max(height, u16le(b, i + 3) + u16le(b, i + 7))
      i = skipSubBlocks(b, i + 10 + colorTableBytes(b[i + 9]!) + 1) // + LZW minimum code size
    } else if (b[i] === 0x21) i = skipSubBlocks(b, i + 2)
    else break // not a GIF block: what follows is no frame
  }
  return { width, height }
}

/** Bytes of the colour table a GIF packed field announces (none without its top bit). */
const colorTableBytes = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0)

/** The index after a chain of GIF data sub-blocks (each: length byte, data; a zero length ends it). */
function skipSubBlocks(b: Uint8Array, i: number): number {
  while (i < b.length && b[i] !== 0) i += b[i]! + 1
  return i + 1
}

/** The first start-of-frame segment (SOF0–SOF15 except DHT, JPG and DAC) holds the frame size. */
function jpeg(b: Uint8Array): ImageSize | null {
  let i = 2
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null
    const marker = b[i + 1]!
    if (marker === 0xff) {
      i++ // fill byte
      continue
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      i += 2 // markers without a length
      continue
    }
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) }
    if (marker === 0xd9 || marker === 0xda) return null // end of image or scan data before any frame
    i += 2 + u16be(b, i + 2)
  }
  return null
}

/** Lossy (VP8), lossless (VP8L) and extended (VP8X) WebP keep their size in different places. */
function webp(b: Uint8Array): ImageSize | null {
  if (b.length < 30) return null
  const chunk = ascii(b, 12, 4)
  if (chunk === 'VP8 ') return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff }
  if (chunk === 'VP8L') {
    const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 }
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 }
  return null
}

const readers: Record<string, (b: Uint8Array) => ImageSize | null> = { png, gif, jpg: jpeg, webp }

/** Reads the size from the header of a JPG, PNG, GIF or WEBP (by its sniffed extension); null when it cannot. */
export function imageSize(bytes: Uint8Array, ext: string): ImageSize | null {
  const size = readers[ext]?.(bytes) ?? null
  return size && size.width > 0 && size.height > 0 ? size : null
}
