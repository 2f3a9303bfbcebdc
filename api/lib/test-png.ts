import { crc32, deflateSync } from 'node:zlib'

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A real, valid 1×1 RGB PNG built from its bytes (signature, IHDR, IDAT, IEND): a test fixture for uploads. */
export function tinyPng(): Uint8Array<ArrayBuffer> {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(1, 0) // width
  header.writeUInt32BE(1, 4) // height
  header.set([8, 2, 0, 0, 0], 8) // 8-bit depth, truecolour, default compression/filter, no interlace
  const pixels = deflateSync(Buffer.from([0, 0xe3, 0x0a, 0x17])) // filter byte + one red-ish pixel
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return new Uint8Array(
    Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]),
  )
}
