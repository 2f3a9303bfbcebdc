import busboy from 'busboy'
import { createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { msg } from '#schema/messages.ts'
import { MAX_PROGRAM_BYTES } from '#schema/program.ts'
import type { FileStore } from '../store/file-store.ts'
import { fail } from '../lib/errors.ts'
import { MAX_IMAGE_BYTES } from '../media/store-media.ts'

/** The spec's too-large text without the "{size}" part: the server stops reading before it knows the size. */
export const programTooLargeMessage = msg.programFileTooLarge.replace(/ Seçilen dosya: \{size\}$/, '')

/** A program form as read from the stream: text fields, the logo bytes and the program file already on disk. */
export type ProgramForm = {
  fields: Record<string, string>
  logo: Uint8Array | null
  file: { key: string; name: string; size: number } | null
}
type Problem = 'tooLarge' | 'logoTooLarge' | 'bad'

/** The name as the user's computer called it: no folders, no control characters. */
function cleanFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 255)
}

/**
 * Reads a multipart program form as a stream (busboy): the `file` part goes straight to disk, so a 50 MB upload
 * never sits in memory. Past `maxBytes` it stops reading, deletes the partial file and fails with 413.
 */
export async function readProgramForm(
  req: Request,
  files: FileStore,
  maxBytes = MAX_PROGRAM_BYTES,
): Promise<ProgramForm> {
  const type = req.headers.get('content-type') ?? ''
  if (!req.body || !/^multipart\/form-data/i.test(type)) fail(400, msg.invalidBody)
  let parser: busboy.Busboy
  try {
    // One byte over the limit: busboy also reports 'limit' for a file of exactly fileSize bytes.
    const limits = { fileSize: maxBytes + 1, files: 4, fields: 20, fieldSize: 100_000, parts: 30 }
    parser = busboy({ headers: { 'content-type': type }, defParamCharset: 'utf8', limits })
  } catch {
    fail(400, msg.invalidBody)
  }
  const input = Readable.fromWeb(req.body as WebReadableStream)
  const form: ProgramForm = { fields: {}, logo: null, file: null }
  // Every stream we open, so an abort can destroy them all (pipeline alone did not settle when busboy's file
  // stream was destroyed from inside its own 'limit' event).
  const streams: { destroy(): unknown }[] = []
  const writes: Promise<unknown>[] = []
  let problem = null as Problem | null

  await new Promise<void>((resolve) => {
    const stop = (why: Problem) => {
      problem ??= why
      input.unpipe(parser)
      input.destroy()
      for (const s of streams) s.destroy()
      resolve()
    }
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated || info.nameTruncated) stop('bad')
      else form.fields[name] = value
    })
    parser.on('file', (name, stream, info) => {
      streams.push(stream)
      const fileName = cleanFileName(info.filename ?? '')
      if (name === 'file' && fileName && !form.file) {
        const target = files.newProgramFile()
        const entry = { key: target.key, name: fileName, size: 0 }
        form.file = entry
        stream.on('data', (chunk: Buffer) => void (entry.size += chunk.length))
        stream.on('limit', () => stop('tooLarge'))
        const out = createWriteStream(target.path)
        streams.push(out)
        writes.push(pipeline(stream, out).catch(() => stop('bad')))
      } else if (name === 'logo' && fileName && !form.logo) {
        const chunks: Buffer[] = []
        let size = 0
        stream.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > MAX_IMAGE_BYTES) stop('logoTooLarge')
          else chunks.push(chunk)
        })
        stream.on('end', () => void (form.logo = new Uint8Array(Buffer.concat(chunks))))
      } else stream.resume()
    })
    for (const limit of ['partsLimit', 'filesLimit', 'fieldsLimit'] as const)
      parser.on(limit, () => stop('bad'))
    parser.on('error', () => stop('bad'))
    parser.on('close', resolve)
    input.on('error', () => stop('bad'))
    input.pipe(parser)
  })
  await Promise.allSettled(writes)
  if (problem) {
    if (form.file) await files.removeProgramFile(form.file.key)
    if (problem === 'tooLarge') fail(413, programTooLargeMessage, { file: programTooLargeMessage })
    if (problem === 'logoTooLarge') fail(413, msg.imageTooLarge, { logo: msg.imageTooLarge })
    fail(400, msg.invalidBody)
  }
  return form
}
