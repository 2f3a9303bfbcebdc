import { createHash } from 'node:crypto'
import { link, mkdir, open, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'

/**
 * Git objects written by the server itself, as git writes a loose object (issue 33): a save's blob, trees and
 * commit cost three git processes before, each a fork of the whole server (~15–20 ms at 10,000 posts, 430 MB).
 * The bytes are git's own format (`<kind> <size>\0<body>`, zlib at level 1 as `core.looseCompression=1`); the file
 * is written under a temporary name in its folder and linked to its final name, so a reader never sees half an
 * object, and an object already there is left as it is (same id, same bytes). Not fsynced, as git's default
 * (`core.fsync` unset flushes packs, not loose objects); the content files themselves are fsynced by the save.
 */
export type ObjectKind = 'blob' | 'tree' | 'commit'

/** The object's id and its stored bytes. */
export function looseObject(kind: ObjectKind, body: readonly Uint8Array[], format: 'sha1' | 'sha256') {
  const size = body.reduce((sum, piece) => sum + piece.byteLength, 0)
  const header = Buffer.from(`${kind} ${size}\0`)
  const hash = createHash(format).update(header)
  for (const piece of body) hash.update(piece)
  return { id: hash.digest('hex'), bytes: () => deflateSync(Buffer.concat([header, ...body]), { level: 1 }) }
}

let seq = 0
/** Writes the object into `objectsDir` (the repository's `objects` folder) unless it is there; answers its id. */
export async function writeLooseObject(
  objectsDir: string,
  kind: ObjectKind,
  body: readonly Uint8Array[],
  format: 'sha1' | 'sha256',
): Promise<string> {
  const object = looseObject(kind, body, format)
  const folder = join(objectsDir, object.id.slice(0, 2))
  const final = join(folder, object.id.slice(2))
  await mkdir(folder, { recursive: true })
  const temporary = join(folder, `tmp_obj_site_${process.pid}_${++seq}`)
  // Read-only, as git makes its objects (0444 under the process's umask).
  const file = await open(temporary, 'wx', 0o444)
  try {
    await file.writeFile(object.bytes())
  } finally {
    await file.close()
  }
  try {
    await link(temporary, final)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
  } finally {
    await unlink(temporary).catch(() => {})
  }
  return object.id
}

/** A commit object's body, as `git commit-tree` writes it (the message as given, no line added; a parent once). */
export function commitBody(o: {
  tree: string
  parents: readonly string[]
  author: { name: string; email: string }
  committer: { name: string; email: string }
  at: Date
  message: string
}): Buffer {
  const when = identTime(o.at)
  const ident = (who: { name: string; email: string }) => `${withoutCrud(who.name)} <${withoutCrud(who.email)}> ${when}`
  const lines = [`tree ${o.tree}`, ...[...new Set(o.parents)].map((p) => `parent ${p}`), `author ${ident(o.author)}`, `committer ${ident(o.committer)}`]
  return Buffer.from(`${lines.join('\n')}\n\n${o.message}`)
}

/**
 * A name or e-mail as git keeps it in an ident (ident.c, strbuf_addstr_without_crud): "crud" (spaces and controls,
 * '.', ',', ':', ';', '<', '>', '"', '\\', "'") dropped from both ends, and '<', '>' and line breaks from inside.
 */
const CRUD_AT_ENDS = /^[\u0000-\u0020.,:;<>"\\']+|[\u0000-\u0020.,:;<>"\\']+$/g
export const withoutCrud = (text: string) => text.replace(CRUD_AT_ENDS, '').replace(/[\n<>]/g, '')

/** Seconds since the epoch and the local offset, as git writes a date in an ident ('1700000000 +0300'). */
export function identTime(at: Date): string {
  const minutes = -at.getTimezoneOffset()
  const sign = minutes < 0 ? '-' : '+'
  const abs = Math.abs(minutes)
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`
  return `${Math.floor(at.getTime() / 1000)} ${offset}`
}
