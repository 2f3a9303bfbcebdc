import { open } from 'node:fs/promises'
import { basename } from 'node:path'
import { Readable } from 'node:stream'
import type { Program } from '#schema/program.ts'
import type { FileStore } from '../store/file-store.ts'
import { contentDisposition } from './content-disposition.ts'

/**
 * Opens a program's file for streaming (the handle is opened first, so a delete in between cannot break the
 * download) and gives its headers; null when there is no file. The file is never read whole into memory.
 */
export async function openProgramFile(files: FileStore, program: Program) {
  const path = program.filePath ? files.programFilePath(program.filePath) : null
  if (!path) return null
  const handle = await open(path, 'r').catch(() => null)
  if (!handle) return null
  const info = await handle.stat()
  if (!info.isFile()) {
    await handle.close()
    return null
  }
  const name = program.fileName || basename(path)
  return {
    /** The file as a stream; it closes the handle when done. */
    body: () => Readable.toWeb(handle.createReadStream()) as ReadableStream,
    /** For answers without a body (HEAD), so the handle is not left open. */
    close: () => handle.close(),
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(info.size),
      'Content-Disposition': contentDisposition(name),
      'X-Content-Type-Options': 'nosniff',
    },
  }
}
