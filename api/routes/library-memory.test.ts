import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { addMember, createTestApp, loginCookie, type TestApp } from '../testing/test-helpers.ts'

/**
 * Constant memory for a 200 MB library file going up and coming back down (issue 31, decision 316), through the real
 * app in this process. No timing: at fixed points of the byte stream (every 40 MB) a full garbage collection runs
 * and the live memory is read, so buffers already thrown away are not counted and buffers still held are. Had the
 * upload been read into memory (`formData()`, `arrayBuffer()`) or the download been read from disk in one piece,
 * at least 80 MB of the file would be alive at one of those points; the streams hold a few 64 KB pieces.
 * The limit (48 MB above the start, a quarter of the file) is far above what streaming holds and far below what
 * buffering needs, so a slow or loaded machine changes how long this takes, not what it measures.
 */
const FILE_BYTES = 200 * 1024 * 1024
const CHECK_EVERY = 40 * 1024 * 1024
const LIMIT_MB = 48

// A full collection on demand, without starting the test process with --expose-gc.
setFlagsFromString('--expose-gc')
const gc = runInNewContext('gc') as () => void

/**
 * Live memory in MB after a full collection: the JavaScript heap plus memory outside it (Buffers, ArrayBuffers).
 * Twice: V8 frees dead ArrayBuffers' memory on a background thread after a collection, and the next one waits for
 * that to finish, so the second reading counts only what is still held.
 */
function liveMb(): number {
  gc()
  gc()
  const m = process.memoryUsage()
  return (m.heapUsed + m.external) / 1024 / 1024
}

let t: TestApp
let librarian: string
let member: string
beforeAll(async () => {
  t = await createTestApp()
  librarian = await loginCookie(
    t,
    (await addMember(t.deps.data, 'library_admin')).email,
    '/api/library/login',
  )
  member = await loginCookie(t, (await addMember(t.deps.data, 'member')).email, '/api/library/login')
})
afterAll(() => t.cleanup())

// One 64-byte line of a chart of accounts, repeated: a CSV, so the byte check reads every byte as text.
const TEXT = '100;Kasa;Türk lirası kasası;0,00;0,00'
const LINE = Buffer.from(`${TEXT}${' '.repeat(63 - Buffer.byteLength(TEXT))}\n`)
const PIECE = Buffer.concat(Array.from({ length: 16_384 }, () => LINE)) // 1 MB

it('a 200 MB upload and its download keep memory flat: at most 48 MB more than before', async () => {
  const boundary = '----bellek'
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBüyük hesap planı\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="büyük hesap planı.csv"\r\n` +
      'Content-Type: text/csv\r\n\r\n',
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const before = liveMb()
  const upload: number[] = []
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(head),
    // Pulled only as fast as the app takes the bytes (to disk): nothing piles up on this side either.
    pull(controller) {
      if (sent >= FILE_BYTES) {
        controller.enqueue(tail)
        controller.close()
        return
      }
      if (sent > 0 && sent % CHECK_EVERY === 0) upload.push(liveMb() - before)
      // A fresh copy each time, as bytes from a socket are: a body kept whole would pile them up.
      controller.enqueue(Buffer.from(PIECE))
      sent += PIECE.length
    },
  })
  const created = await t.app.request('/api/library/items', {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: librarian },
  } as RequestInit)
  expect(created.status, await created.clone().text()).toBe(201)
  const item = (await created.json()).data as { id: string; size: number }
  expect(item.size).toBe(FILE_BYTES)
  upload.push(liveMb() - before)

  const download: number[] = []
  const res = await t.app.request(`/api/library/items/${item.id}/file`, { headers: { cookie: member } })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-length')).toBe(String(FILE_BYTES))
  let received = 0
  let next = CHECK_EVERY
  let sameBytes = true
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    // The bytes come back as they went: every line in place (checked on each piece's first line).
    const offset = (LINE.length - (received % LINE.length)) % LINE.length
    if (chunk.length >= offset + LINE.length)
      sameBytes &&= Buffer.from(chunk.buffer, chunk.byteOffset + offset, LINE.length).equals(LINE)
    received += chunk.length
    if (received >= next) {
      download.push(liveMb() - before)
      next += CHECK_EVERY
    }
  }
  expect(received).toBe(FILE_BYTES)
  expect(sameBytes).toBe(true)

  // A piece of the file held anywhere shows here first; then: four readings while the file went up (40, 80, 120,
  // 160 MB) and one after, five while it came down (a download in one piece would have given a single reading).
  const peak = Math.max(...upload, ...download)
  expect(
    peak,
    `live memory above the start, MB: up ${upload.map(Math.round)}, down ${download.map(Math.round)}`,
  ).toBeLessThan(LIMIT_MB)
  expect(upload).toHaveLength(5)
  expect(download).toHaveLength(5)
}, 600_000)
