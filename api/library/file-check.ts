import { open } from 'node:fs/promises'
import { fileTypeFromFile } from 'file-type'
import { LIBRARY_TYPES_TEXT } from '#schema/library.ts'
import { fill, msg } from '#schema/messages.ts'

/** What the bytes were found to be: the type to answer downloads with, or the Turkish reason for a refusal. */
export type FileVerdict = { ok: true; mime: string } | { ok: false; message: string }

/**
 * The types a library file may be, by its name's extension, and what its bytes must be found to be: file-type's
 * answer for binary formats, 'text' for XML, CSV and TXT (checked by `textProblem`). An extension not listed, and
 * bytes of any other type (HTML, SVG, scripts, executables, old binary Office files), are refused.
 */
const ALLOWED: Record<string, { detected: string; mime: string }> = {
  pdf: { detected: 'pdf', mime: 'application/pdf' },
  docx: { detected: 'docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { detected: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: {
    detected: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  odt: { detected: 'odt', mime: 'application/vnd.oasis.opendocument.text' },
  ods: { detected: 'ods', mime: 'application/vnd.oasis.opendocument.spreadsheet' },
  odp: { detected: 'odp', mime: 'application/vnd.oasis.opendocument.presentation' },
  zip: { detected: 'zip', mime: 'application/zip' },
  png: { detected: 'png', mime: 'image/png' },
  jpg: { detected: 'jpg', mime: 'image/jpeg' },
  jpeg: { detected: 'jpg', mime: 'image/jpeg' },
  xml: { detected: 'text', mime: 'application/xml' },
  csv: { detected: 'text', mime: 'text/csv' },
  txt: { detected: 'text', mime: 'text/plain' },
}

const extensionOf = (name: string) => /\.([a-z0-9]{1,5})$/i.exec(name)?.[1]?.toLowerCase() ?? ''
const refused = (): FileVerdict => ({
  ok: false,
  message: fill(msg.libraryFileType, { types: LIBRARY_TYPES_TEXT }),
})

/**
 * Checks a received file by its bytes (never the client's MIME type): its extension must be one of ours and its
 * content must be what that extension says. Reads only the start of binary files and streams through text files
 * in chunks, so a 200 MB file is checked in constant memory.
 */
export async function checkLibraryFile(path: string, fileName: string): Promise<FileVerdict> {
  const rule = ALLOWED[extensionOf(fileName)]
  if (!rule) return refused()
  const found = await fileTypeFromFile(path).catch(() => undefined)
  if (rule.detected === 'text') {
    // file-type knows XML by its declaration; anything else it names (a ZIP, an image, an executable) is not text.
    if (found && found.ext !== 'xml') return mismatch(fileName)
    const problem = await textProblem(path, extensionOf(fileName) === 'xml')
    if (problem === 'markup') return refused()
    return problem ? mismatch(fileName) : { ok: true, mime: rule.mime }
  }
  if (!found) return mismatch(fileName)
  if (found.ext !== rule.detected) {
    // A type we do not take at all (exe, html, svg…) is refused as such; one of ours under another name mismatches.
    const known = Object.values(ALLOWED).some((r) => r.detected === found.ext)
    return known ? mismatch(fileName) : refused()
  }
  return { ok: true, mime: rule.mime }
}

const mismatchText = (fileName: string) => fill(msg.libraryFileMismatch, { name: fileName })
const mismatch = (fileName: string): FileVerdict => ({ ok: false, message: mismatchText(fileName) })

/** Markup a browser would run or render, wherever it appears in a text file (case-insensitive, ASCII). */
const ACTIVE_MARKUP =
  /<\s*(script|html|svg|iframe|object|embed|body|frameset)[\s>/]|<!doctype\s+html|javascript:/i
const CHUNK = 1024 * 1024
/** Bytes kept from the previous chunk, so a tag split across two chunks is still seen. */
const OVERLAP = 64

/**
 * Why a file is not plain text, or null: 'binary' for NUL or other control bytes (an executable renamed .txt),
 * 'markup' for HTML, SVG or script anywhere, or for a CSV/TXT starting with '<' or a script's '#!'. An XML file
 * must start with '<' (after a byte order mark and spaces). Streams through the file in 1 MB chunks.
 */
export async function textProblem(path: string, xml: boolean): Promise<'binary' | 'markup' | null> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(CHUNK + OVERLAP)
    let carried = 0
    let position = 0
    let first = true
    for (;;) {
      const { bytesRead } = await handle.read(buffer, carried, CHUNK, position)
      if (bytesRead === 0) break
      position += bytesRead
      const view = buffer.subarray(0, carried + bytesRead)
      for (let i = carried; i < view.length; i++) {
        const b = view[i]!
        if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return 'binary'
        if (b === 0x7f) return 'binary'
      }
      const text = view.toString('latin1')
      if (first) {
        const start = text.replace(/^(\xef\xbb\xbf|\xff\xfe|\xfe\xff)/, '').trimStart()
        if (xml ? !start.startsWith('<') : start.startsWith('<') || start.startsWith('#!'))
          return xml ? 'binary' : 'markup'
        first = false
      }
      if (ACTIVE_MARKUP.test(text)) return 'markup'
      carried = Math.min(OVERLAP, view.length)
      view.copy(buffer, 0, view.length - carried)
    }
    return null
  } finally {
    await handle.close()
  }
}
