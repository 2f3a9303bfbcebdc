import { openSync, readSync, unlinkSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { deepFreeze } from './durable-file.ts'
import { sharedValues } from '../lib/shared-values.ts'

/**
 * The bodies (`contentStructure`) of posts and projects kept out of memory (issue 33, decision 345): at 100,000
 * posts their blocks were ~240 MB of the server's heap (Turkish text is two bytes a character there), and real posts
 * are longer than the generated ones. Each entry of a folder collection, when it is frozen, writes its body's JSON
 * to one file of this process (append only, never changed: an old version of an entry still held somewhere reads
 * its own body) and keeps its place there; `contentStructure` stays an enumerable own property of the entry, read
 * from that file when asked (JSON.stringify, spreads, zod and Immer see it as before). The file is removed from the
 * folder as soon as it is opened: it lives as long as the process, and a crash leaves nothing behind. Freezing
 * gives a new entry object (freezeEntry): callers use what it returns.
 *
 * A read gives a frozen array; while anything holds it, the entry gives the same array again (Immer tells a draft's
 * untouched child by its identity; among the last 1,024 entries read), otherwise a new one. Code that walks every
 * entry must not ask for bodies it does not need (a list row, an address, a date): each is a read of the file.
 */

const FIELD = 'contentStructure'
/** Where the entry's body starts in the file, and its length in bytes (own, non-enumerable: JSON never sees them). */
const AT = Symbol('entry-body-at')
const LENGTH = Symbol('entry-body-length')

type Stowed = { [AT]: number; [LENGTH]: number }
type BodyFile = { fd: number; size: number }

let folder: string | null = null
let file: BodyFile | null = null
let reads = 0
/**
 * The arrays read last, per entry, while something else holds them: the latest RECENT_READS entries only (a full
 * render reads every body; a reference per post would stay for the process's life).
 */
const RECENT_READS = 1024
const lastRead = new Map<object, WeakRef<readonly unknown[]>>()
function noteRead(entry: object, body: readonly unknown[]) {
  lastRead.delete(entry)
  lastRead.set(entry, new WeakRef(body))
  if (lastRead.size > RECENT_READS) lastRead.delete(lastRead.keys().next().value!)
}

/** The folder of the bodies' file (the server's data folder; the system's temporary folder when none was named). */
export function keepBodiesIn(dir: string): void {
  folder = dir
}

function openIn(dir: string): BodyFile {
  const path = join(dir, `.entry-bodies-${process.pid}-${randomUUID()}`)
  const fd = openSync(path, 'wx+', 0o600)
  unlinkSync(path)
  return { fd, size: 0 }
}

/** In the named folder, else (gone: a test's folder removed) the temporary one. */
function openBodyFile(): BodyFile {
  if (folder === null) return openIn(tmpdir())
  try {
    return openIn(folder)
  } catch {
    return openIn(tmpdir())
  }
}

function append(bytes: Buffer): number {
  file ??= openBodyFile()
  const at = file.size
  for (let done = 0; done < bytes.byteLength; ) done += writeSync(file.fd, bytes, done, bytes.byteLength - done, at + done)
  file.size += bytes.byteLength
  return at
}

function readBody(this: Stowed): readonly unknown[] {
  const ref = lastRead.get(this)
  const held = ref?.deref()
  if (held) {
    // Read again: the newest now.
    lastRead.delete(this)
    lastRead.set(this, ref!)
    return held
  }
  const length = this[LENGTH]
  const bytes = Buffer.allocUnsafe(length)
  for (let done = 0; done < length; ) {
    const n = readSync(file!.fd, bytes, done, length - done, this[AT] + done)
    if (n === 0) throw new Error('İçerik gövdesi okunamadı: dosya beklenenden kısa')
    done += n
  }
  reads++
  const body = deepFreeze(JSON.parse(bytes.toString('utf8')) as unknown[])
  noteRead(this, body)
  return body
}

/**
 * Fields whose values repeat across entries (an author, a status, tags, the same picture): one string per value
 * for all of them, not one per entry (each is a new string when a file is parsed).
 */
const SHARED_FIELDS = new Set(['author', 'status', 'tags', 'featuredImage', 'images'])
const shareString = sharedValues<string>()
const sharedString = (value: string) => shareString(value, value)
function shared(value: unknown): unknown {
  if (typeof value === 'string') return sharedString(value)
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map(sharedString)
  return value
}

/** The body's property on every stowed entry: one getter, so the entries share their hidden class in V8. */
const BODY_PROPERTY: PropertyDescriptor = { get: readBody, enumerable: true, configurable: false }

/**
 * A folder collection's entry, frozen, with its body written to the process's file first: a new object with the
 * same keys in the same order (a data property turned into a getter in place would put every entry in V8's slow
 * dictionary mode, ~750 bytes each). Nothing to write (a body missing or empty), or an entry already frozen: the
 * entry itself, frozen. If the file cannot be written (a full disk), the body stays in memory.
 */
export function freezeEntry<T>(entry: T): T {
  if (!entry || typeof entry !== 'object' || Object.isFrozen(entry)) return entry
  const record = entry as Record<string, unknown>
  const descriptor = Object.getOwnPropertyDescriptor(record, FIELD)
  const body = descriptor?.value
  if (!Array.isArray(body) || body.length === 0 || Object.getPrototypeOf(record) !== Object.prototype) return deepFreeze(entry)
  const bytes = Buffer.from(JSON.stringify(body))
  let at: number
  try {
    at = append(bytes)
  } catch {
    return deepFreeze(entry)
  }
  const stowed: Record<string, unknown> = {}
  for (const key of Object.keys(record)) {
    const value = deepFreeze(SHARED_FIELDS.has(key) ? shared(record[key]) : record[key])
    if (key === FIELD) Object.defineProperty(stowed, FIELD, BODY_PROPERTY)
    // An own '__proto__' (JSON.parse makes one) stays a field, never the new object's prototype.
    else if (key === '__proto__') Object.defineProperty(stowed, key, { value, enumerable: true, writable: true, configurable: true })
    else stowed[key] = value
  }
  Object.defineProperty(stowed, AT, { value: at })
  Object.defineProperty(stowed, LENGTH, { value: bytes.byteLength })
  noteRead(stowed, deepFreeze(body))
  return Object.freeze(stowed) as T
}

/**
 * A folder collection's list frozen with each entry not frozen yet replaced by freezeEntry's: the same array when it
 * was not frozen, else a copy.
 */
export function freezeEntries<T>(list: T): T {
  if (!Array.isArray(list)) return deepFreeze(list)
  let out: unknown[] = list
  list.forEach((entry: unknown, i) => {
    const frozen = freezeEntry(entry)
    if (frozen === entry) return
    if (Object.isFrozen(out)) out = [...out]
    out[i] = frozen
  })
  return Object.freeze(out) as T
}

/** Whether an entry's body is in the file (tests). */
export const isStowed = (entry: object): boolean => AT in entry

/** Bodies read from the file so far (tests and benches: what a save or a request reads). */
export const bodyReads = (): number => reads

