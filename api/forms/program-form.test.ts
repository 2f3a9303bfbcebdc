import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HTTPException } from 'hono/http-exception'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createFileStore, type FileStore } from '../store/file-store.ts'
import { readProgramForm } from './program-form.ts'

let dir: string
let files: FileStore
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'program-form-'))
  files = createFileStore(dir, join(dir, 'public'))
  await files.init()
})
afterEach(() => rm(dir, { recursive: true, force: true }))

// Encoded to bytes first: undici's own FormData body stream throws when a reader cancels it early.
const request = async (fields: Record<string, string | File>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  const encoded = new Response(form)
  const headers = { 'content-type': encoded.headers.get('content-type')! }
  return new Request('http://localhost/', { method: 'POST', body: await encoded.arrayBuffer(), headers })
}

it('accepts a file of exactly the limit and refuses one byte more, leaving nothing on disk', async () => {
  const form = await readProgramForm(
    await request({ name: 'Ad', file: new File([new Uint8Array(100)], 'tam.bin') }),
    files,
    100,
  )
  expect(form.fields).toEqual({ name: 'Ad' })
  expect(form.file).toMatchObject({ name: 'tam.bin', size: 100 })
  await files.removeProgramFile(form.file!.key)
  const over = await readProgramForm(
    await request({ file: new File([new Uint8Array(101)], 'fazla.bin') }),
    files,
    100,
  ).catch((e) => e)
  expect(over).toBeInstanceOf(HTTPException)
  expect(over.status).toBe(413)
  expect(await readdir(join(dir, 'files'))).toEqual([])
})

it('keeps the UTF-8 file name without folders and ignores an empty file input', async () => {
  const form = await readProgramForm(
    await request({ file: new File(['x'], 'C:\\İndirilenler\\Ödeme Şablonu.xlsx') }),
    files,
  )
  expect(form.file?.name).toBe('Ödeme Şablonu.xlsx')
  const empty = await readProgramForm(await request({ name: 'x', file: new File([], '') }), files)
  expect(empty.file).toBeNull()
})

it('answers 400 for a body that is not multipart or is malformed', async () => {
  const json = new Request('http://localhost/', {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json' },
  })
  expect((await readProgramForm(json, files).catch((e) => e)).status).toBe(400)
  const broken = new Request('http://localhost/', {
    method: 'POST',
    body: '--x\r\nbozuk',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
  })
  expect((await readProgramForm(broken, files).catch((e) => e)).status).toBe(400)
})

it('refuses a logo over 25 MB with 413 and deletes the program file read before it', async () => {
  const req = await request({
    file: new File(['program'], 'a.exe'),
    logo: new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'logo.png'),
  })
  const err = await readProgramForm(req, files).catch((e) => e)
  expect(err.status).toBe(413)
  expect(JSON.parse(await err.getResponse().text()).message).toBe('Görsel en fazla 25 MB olabilir.')
  expect(await readdir(join(dir, 'files'))).toEqual([])
})
