import busboy from 'busboy'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { formatFileSize } from '#schema/file-size.ts'
import { fill, msg } from '#schema/messages.ts'
import type { LibraryFiles } from '../store/library-files.ts'
import { fail } from '../lib/errors.ts'

/** A received file, still under its partial name: `keep()` stores it, `drop()` deletes it. */
export type ReceivedFile = {
  name: string
  size: number
  path: string
  keep: () => Promise<string>
  drop: () => Promise<void>
}
/** A library item form as read from the stream: text fields and the file already on disk (or none). */
export type LibraryForm = { fields: Record<string, string>; file: ReceivedFile | null }

/** The name as the user's computer called it: no folders, no control characters, at most 255 characters. */
export function cleanFileName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
    .slice(0, 255)
}

/** The Turkish refusal of a file over the limit ('Dosya en fazla 200 MB olabilir.'). */
export const libraryTooLargeMessage = (maxBytes: number) =>
  fill(msg.libraryFileTooLarge, { max: formatFileSize(maxBytes, 0) })

/**
 * Reads a multipart library form as a stream (busboy): the `file` part goes straight to a partial file on disk in
 * 64 KB pieces, so a 200 MB upload never sits in memory. Past `maxBytes` it stops reading, deletes the partial
 * file and fails with 413; any malformed body fails with 400 and leaves nothing behind.
 */
export async function readLibraryForm(
  req: Request,
  files: LibraryFiles,
  maxBytes: number,
): Promise<LibraryForm> {
  const type = req.headers.get('content-type') ?? ''
  if (!req.body || !/^multipart\/form-data/i.test(type)) fail(400, msg.invalidBody)
  let parser: busboy.Busboy
  try {
    // One byte over the limit: busboy also reports 'limit' for a file of exactly fileSize bytes.
    const limits = { fileSize: maxBytes + 1, files: 2, fields: 10, fieldSize: 10_000, parts: 12 }
    parser = busboy({ headers: { 'content-type': type }, defParamCharset: 'utf8', limits })
  } catch {
    fail(400, msg.invalidBody)
  }
  const input = Readable.fromWeb(req.body as WebReadableStream)
  const form: LibraryForm = { fields: {}, file: null }
  const streams: { destroy(): unknown }[] = []
  const writes: Promise<unknown>[] = []
  let problem = null as 'tooLarge' | 'bad' | null

  await new Promise<void>((resolve) => {
    const stop = (why: 'tooLarge' | 'bad') => {
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
        const partial = files.newPartial()
        const entry: ReceivedFile = { name: fileName, size: 0, ...partial }
        form.file = entry
        stream.on('data', (chunk: Buffer) => void (entry.size += chunk.length))
        stream.on('limit', () => stop('tooLarge'))
        const out = partial.stream()
        streams.push(out)
        writes.push(pipeline(stream, out).catch(() => stop('bad')))
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
    await form.file?.drop()
    if (problem === 'tooLarge') {
      const message = libraryTooLargeMessage(maxBytes)
      fail(413, message, { file: message })
    }
    fail(400, msg.invalidBody)
  }
  // A form sent without choosing a file has no file part with a name; a chosen file with no bytes is a mistake.
  if (form.file && form.file.size === 0) {
    await form.file.drop()
    fail(400, msg.libraryFileEmpty, { file: msg.libraryFileEmpty })
  }
  return form
}
