import { isDeepStrictEqual } from 'node:util'
import type { z } from 'zod'
import type { Addressed } from '#schema/address.ts'
import { noteReplaced } from '#schema/list-lineage.ts'
import { MAX_CONTENT_FILE_BYTES, REFUSED } from '../content-file.ts'
import type { ContentName } from '../content-types.ts'
import { deepFreeze } from '../durable-file.ts'
import { freezeEntries, freezeEntry } from '../entry-bodies.ts'
import { collectionChunks, SERVER_LAYOUT, type Layout } from '../json-text.ts'
import { claimsOf, clashAt, ruledEntries, type Clash } from './content-rules.ts'
import { entryPath, entryText, isFolderCollection, oldEntryPath, orderPath, orderText, type FolderCollection } from '#schema/content-layout.ts'
import type { FileWrite } from '../folder-files.ts'
import { checkContentFile as checkFile, fieldOf, inInputOrder, SCHEMAS, type ContentFileError } from './content-validation.ts'

/**
 * The one gate every content write passes (issue 27): admin saves of every collection, conflict take/keep,
 * restores, sync merges and fast-forwards. It gets the complete next file and checks it with the schemas and
 * limits loading uses (content-validation.ts, content-rules.ts, content-file.ts) before anything is durable, so
 * no accepted write leaves a file the next start refuses. It also returns the canonical data (what loading the
 * written bytes gives back), so memory after a write is exactly what a restart would have.
 *
 * Cost stays flat with the archive: json-db shares every untouched entry object between versions, and an entry
 * once checked (frozen, so it cannot change) is never checked again; the id/address index is carried from version
 * to version and only changed entries are looked up in it.
 */

/** A write the gate refused: the file, the field, the reason (as loading would have said it). */
export class ContentRefused extends Error {
  readonly error: ContentFileError
  constructor(error: ContentFileError) {
    super(`${error.file}${error.field ? ` (${error.field})` : ''}: ${error.message}`)
    this.error = error
  }
}

/** Entries (frozen objects) known to be valid and canonical: kept entries are not checked again. */
const checked = new WeakSet<object>()
/** For a checked version of a list (its entries array): the ids and addresses its entries claim. */
const claims = new WeakMap<object, Set<string>>()

/** The schema of one entry of a list file; null for a whole-object file (only array schemas have an element). */
const elementSchema = (name: ContentName): z.ZodType | null => (SCHEMAS[name] as z.ZodType & { element?: z.ZodType }).element ?? null

/** Checks one value against a schema as loading would (through JSON): its canonical form, or the error. */
function canonical(schema: z.ZodType, value: unknown): { ok: true; data: unknown } | { ok: false; path: PropertyKey[]; message: string } {
  const text = JSON.stringify(value)
  const raw = text === undefined ? undefined : JSON.parse(text)
  const result = schema.safeParse(raw)
  if (!result.success) {
    const issue = result.error.issues[0]!
    return { ok: false, path: issue.path, message: issue.message }
  }
  return { ok: true, data: inInputOrder(result.data, raw) }
}

const refuse = (name: ContentName, field: string, message: string): never => {
  throw new ContentRefused({ file: `${name}.json`, field, message })
}

/** Marks data that loading checked whole (start, a file picked up from disk): its entries are not checked again. */
export function markChecked(name: ContentName, data: unknown): void {
  if (elementSchema(name) && Array.isArray(data)) for (const e of data) if (isObject(e)) checked.add(e)
  if (isObject(data)) checked.add(data)
}
const isObject = (v: unknown): v is object => !!v && typeof v === 'object'

const isPlainObject = (v: unknown): v is Record<string, unknown> => isObject(v) && !Array.isArray(v)
const idOf = (v: unknown) => (isPlainObject(v) && typeof v.id === 'string' ? v.id : undefined)

/**
 * `value` with its keys in the order `model` (the stored version of the same entry) has them, new keys last, all
 * the way down (list items matched by id, else by position): a save that rebuilt an entry in another key order
 * rewrites only the lines whose values changed (issue 27).
 */
export function orderLike(value: unknown, model: unknown): unknown {
  if (Array.isArray(value)) {
    if (!Array.isArray(model)) return value
    const byId = new Map(model.map((m) => [idOf(m), m]))
    return value.map((v, i) => orderLike(v, idOf(v) !== undefined ? byId.get(idOf(v)) : model[i]))
  }
  if (!isPlainObject(value) || !isPlainObject(model)) return value
  const out: Record<string, unknown> = {}
  for (const key of Object.keys(model)) if (key in value) out[key] = orderLike(value[key], model[key])
  for (const key of Object.keys(value)) if (!(key in out)) out[key] = value[key]
  return out
}

/** Each entry of a list checked (only those not checked before), replaced by its canonical form where it differs. */
function checkEntries(name: ContentName, list: readonly unknown[], schema: z.ZodType, previous: unknown): unknown[] {
  let out: unknown[] | null = null
  let before: Map<string | undefined, unknown> | null = null
  list.forEach((entry, i) => {
    if (isObject(entry) && checked.has(entry)) return
    const result = canonical(schema, entry)
    // Named as loading names it ('[3].title'; '[3]' for an entry that is no object at all).
    if (!result.ok) return refuse(name, fieldOf([i, ...result.path]), result.message)
    before ??= new Map(Array.isArray(previous) ? previous.map((e) => [idOf(e), e]) : [])
    // An entry without an id (media: keyed by url) follows no stored entry; orderLike(x, undefined) is x.
    const data = orderLike(result.data, idOf(entry) !== undefined ? before.get(idOf(entry)) : undefined)
    if (differs(data, entry)) (out ??= [...list])[i] = data
  })
  return out ?? (list as unknown[])
}
/**
 * True when `data` is not `value` as the file and memory would have it: another value, or the same values with keys
 * in another order anywhere (isDeepStrictEqual ignores key order; the file does not. Equal values serialise alike
 * but for key order, so the texts differ exactly when the order does).
 */
const differs = (data: unknown, value: unknown) => !isDeepStrictEqual(data, value) || JSON.stringify(data) !== JSON.stringify(value)

/**
 * Ids and addresses of the next version: carried over from the previous version's index when the gate accepted that
 * version, with only the entries that left or arrived looked at; the first clash refuses the write. Returns the
 * index to carry to the version after (null: the file has no such rule).
 */
function checkClaims(name: ContentName, previous: unknown, next: unknown): { entries: object; index: Set<string> } | null {
  const ruledNext = ruledEntries(name, next)
  if (!ruledNext) return null
  const entries = ruledNext.entries as object[]
  const before = ruledEntries(name, previous)!.entries as object[] // the same file: ruled too
  const prevIndex = claims.get(before)
  const index = new Set(prevIndex)
  // The previous version's entries whose claims the index holds (none when it has no index).
  const was = new Set(prevIndex ? before : undefined)
  const now = new Set(entries)
  for (const e of was) if (!now.has(e)) for (const key of claimsOf(name, e)) index.delete(key)
  const seen = new Set<object>()
  entries.forEach((entry, i) => {
    // A kept entry's claims are in the index; it is looked at again only where it stands a second time (the same
    // entry twice is its id twice: loading refuses that).
    const kept = was.has(entry) && !seen.has(entry)
    seen.add(entry)
    if (kept) return
    for (const key of claimsOf(name, entry)) {
      // An entry claims each key once (addressesOf has no repeats): any owner is another entry, or this one again.
      if (index.has(key)) {
        const clash: Clash = clashAt(ruledNext.prefix, i, entry as Addressed, key)
        refuse(name, clash.field, clash.message)
      }
      index.add(key)
    }
  })
  return { entries, index }
}

/**
 * Checks the complete next version of a collection. Returns the data to keep (canonical: where an entry differs
 * from what loading its bytes would give, it is replaced) and the exact bytes to write; throws ContentRefused.
 * `maxBytes` is loading's limit; a parameter so that tests can reach it with small files.
 */
export function gateNext<T>(
  name: ContentName,
  next: T,
  previous: unknown,
  layout: Layout = SERVER_LAYOUT,
  maxBytes = MAX_CONTENT_FILE_BYTES,
): { data: T; bytes: readonly Buffer[] } {
  let data: unknown = next
  const element = elementSchema(name)
  if (element) {
    if (!Array.isArray(next)) refuse(name, '', 'Dosya bir liste olmalı')
    data = checkEntries(name, next as unknown[], element, previous)
  } else if (!(isObject(next) && checked.has(next))) {
    const result = canonical(SCHEMAS[name], next)
    if (!result.ok) refuse(name, fieldOf(result.path), result.message)
    else {
      const ordered = orderLike(result.data, previous)
      if (differs(ordered, next)) data = ordered
    }
  }
  const claimed = checkClaims(name, previous, data)
  // Frozen first: the entries' bytes are then cached, and the commit of this version records exactly these bytes.
  const bytes = collectionChunks(deepFreeze(data), layout)
  const size = bytes.reduce((n, b) => n + b.byteLength, 0)
  if (size > maxBytes) refuse(name, '', REFUSED.tooLarge(maxBytes))
  accept(name, data, claimed)
  return { data: data as T, bytes }
}

/**
 * The same check as gateNext for a collection stored as a folder (decision 333), returning the files to write
 * instead of one file's bytes: the item files of entries that are new objects (json-db shares every entry a save
 * did not touch, so a save of one post in 10,000 writes one file), `null` for the files of ids that left, and the
 * order file when the sequence of ids changed. Each item file gets loading's size limit. `inPlace`: the save changed
 * entries in place and only those were looked at (gateEditsInPlace).
 */
export function gateNextFolder<T>(
  name: FolderCollection,
  next: T,
  previous: unknown,
  maxBytes = MAX_CONTENT_FILE_BYTES,
): { data: T; files: FileWrite[]; inPlace: boolean } {
  if (!Array.isArray(next)) refuse(name, '', 'Dosya bir liste olmalı')
  const edited = editedInPlace(previous, next as unknown[])
  if (edited) return { ...(gateEditsInPlace(name, next as unknown[], previous as unknown[], edited, maxBytes) as { data: T; files: FileWrite[] }), inPlace: true }
  // The entry schemas require an id that can name a file (schema/common.ts `id`, as entryPath needs).
  // Frozen with their bodies written out (entry-bodies.ts: new objects for new entries): what memory keeps.
  const data = freezeEntries(checkEntries(name, next as unknown[], elementSchema(name)!, previous))
  const claimed = checkClaims(name, previous, data)
  const before = new Map((Array.isArray(previous) ? previous : []).map((e) => [idOf(e)!, e]))
  const files: FileWrite[] = []
  for (const entry of data) {
    const id = idOf(entry)!
    if (before.get(id) === entry) continue
    const bytes = Buffer.from(entryText(entry))
    if (bytes.byteLength > maxBytes) refuse(name, '', REFUSED.tooLarge(maxBytes))
    files.push({ path: entryPath(name, id), bytes })
  }
  const now = new Set(data.map((e) => idOf(e)!))
  for (const id of before.keys()) if (!now.has(id)) files.push({ path: entryPath(name, id), bytes: null })
  const sameOrder = before.size === data.length && [...before.keys()].every((id, i) => id === idOf(data[i]))
  if (!sameOrder) files.push({ path: orderPath(name), bytes: Buffer.from(orderText([...now])) })
  accept(name, data, claimed)
  return { data: data as T, files, inPlace: false }
}

/** At most this many entries changed in place take the short way (a save changes one; a sync merge a few). */
const IN_PLACE_MAX = 64

/**
 * The positions of the entries `next` changed in place: the same length, every other entry the same object at the
 * same place, each changed one keeping its id; and the previous version accepted with its id/address index. Null
 * otherwise (an entry added, removed or moved, or many changed): then the whole list is looked at.
 */
function editedInPlace(previous: unknown, next: readonly unknown[]): number[] | null {
  if (!Array.isArray(previous) || previous.length !== next.length || !claims.has(previous)) return null
  const out: number[] = []
  for (let i = 0; i < next.length; i++) {
    if (next[i] === previous[i]) continue
    const id = idOf(next[i])
    if (id === undefined || id !== idOf(previous[i]) || out.length === IN_PLACE_MAX) return null
    out.push(i)
  }
  return out
}

/**
 * gateNextFolder for a save that changed `edited` entries in place (issue 33: a save at 10,000 posts looked at
 * 10,000 entries and copied their index three times, 30–130 ms on the save's path): the same checks on those
 * entries only. Kept entries were checked when the previous version was accepted and own the rest of its index,
 * which moves to the next version (changed in place: the previous version is never written again; if this one is
 * not written either, the next save finds no index for it and rebuilds it).
 */
function gateEditsInPlace(
  name: FolderCollection,
  next: readonly unknown[],
  previous: readonly unknown[],
  edited: readonly number[],
  maxBytes: number,
): { data: unknown[]; files: FileWrite[] } {
  const schema = elementSchema(name)!
  let data: unknown[] | null = null
  for (const i of edited) {
    const entry = next[i]
    if (isObject(entry) && checked.has(entry)) continue
    const result = canonical(schema, entry)
    if (!result.ok) return refuse(name, fieldOf([i, ...result.path]), result.message)
    const canon = orderLike(result.data, previous[i])
    if (differs(canon, entry)) (data ??= [...next])[i] = canon
  }
  let list = data ?? (next as unknown[])
  // Frozen with their bodies written out (entry-bodies.ts: new objects), before anything records them.
  for (const i of edited) {
    const entry = freezeEntry(list[i])
    if (entry === list[i]) continue
    if (Object.isFrozen(list)) list = [...list]
    list[i] = entry
  }
  const index = claims.get(previous)!
  const released = new Set(edited.flatMap((i) => claimsOf(name, previous[i])))
  const taken = new Set<string>()
  for (const i of edited) {
    for (const key of claimsOf(name, list[i])) {
      if ((index.has(key) && !released.has(key)) || taken.has(key)) {
        const clash = clashAt('', i, list[i] as Addressed, key)
        refuse(name, clash.field, clash.message)
      }
      taken.add(key)
    }
  }
  const files: FileWrite[] = []
  for (const i of edited) {
    const entry = list[i]
    const bytes = Buffer.from(entryText(entry))
    if (bytes.byteLength > maxBytes) refuse(name, '', REFUSED.tooLarge(maxBytes))
    files.push({ path: entryPath(name, idOf(entry)!), bytes })
  }
  // Accepted: the index moves to this version, the changed entries are known checked.
  for (const key of released) index.delete(key)
  for (const key of taken) index.add(key)
  claims.delete(previous)
  claims.set(Object.freeze(list), index)
  for (const i of edited) checked.add(list[i] as object)
  // What this version replaced, for every later step that compares it with the previous one (the store's own
  // checks, the commit, the site's lists): none of them walks the 100,000 places again.
  noteReplaced(list, previous, edited)
  return { data: list, files }
}

/** Records a version as checked (it is about to be written): its entries and its id/address index. */
function accept(name: ContentName, data: unknown, claimed: ReturnType<typeof checkClaims>) {
  markChecked(name, data)
  if (claimed) claims.set(claimed.entries, claimed.index)
}

/**
 * Checks a whole file text from outside (the content remote): loading's full check plus the size limit. The same
 * result a start would reach on these bytes. `maxBytes` as in gateNext.
 */
export function gateText(
  name: ContentName,
  text: string | Buffer,
  maxBytes = MAX_CONTENT_FILE_BYTES,
): { ok: true; data: unknown } | { ok: false; error: ContentFileError } {
  // Buffer.byteLength: a string's UTF-8 bytes, a Buffer's own length.
  if (Buffer.byteLength(text) > maxBytes) return { ok: false, error: { file: `${name}.json`, field: '', message: REFUSED.tooLarge(maxBytes) } }
  return checkFile(name, String(text)) // a Buffer's String() is its UTF-8 text
}

/**
 * One content store's gate: the checks above, plus the layout each of its list files had when last read from
 * outside (a maintainer's, or the server's), so every write and every commit of that file uses the same bytes.
 */
export function createContentGate() {
  const layouts = new Map<ContentName, Layout>()
  const layoutOf = (name: ContentName) => layouts.get(name) ?? SERVER_LAYOUT
  /** Collections this store keeps as a folder of item files (decision 333): their writes are files. */
  const folders = new Set<FolderCollection>()
  /**
   * The items with a file (also) still in their old folder on disk (decision 336): each item file's path in its hash
   * folder, to the old one's path.
   */
  const oldFiles = new Map<string, string>()
  /** A folder write plus, for each item file it writes or removes whose item has a file in its old folder, that file's removal. */
  const removingOld = <T>(out: { data: T; files: FileWrite[] }) => ({
    ...out,
    files: [...out.files, ...out.files.flatMap((f) => (oldFiles.has(f.path) ? [{ path: oldFiles.get(f.path)!, bytes: null }] : []))],
  })
  return {
    next: <T>(name: ContentName, next: T, previous: T): { data: T; bytes: readonly Buffer[] } | { data: T; files: FileWrite[] } =>
      isFolderCollection(name) && folders.has(name) ? removingOld(gateNextFolder(name, next, previous)) : gateNext(name, next, previous, layoutOf(name)),
    /**
     * Whether item `id` of `name` has a file in its old folder on disk (decision 336), as found by the outside check,
     * or gone by a write: the id's next write removes it in the same write and commit.
     */
    oldFile: (name: FolderCollection, id: string, present: boolean) => {
      if (present) oldFiles.set(entryPath(name, id), oldEntryPath(name, id))
      else oldFiles.delete(entryPath(name, id))
    },
    remember: (name: ContentName, layout: Layout) => void layouts.set(name, layout),
    /** From now on `name` is written as a folder of item files. */
    storeAsFolder: (name: FolderCollection) => void folders.add(name),
    isFolder: (name: ContentName) => isFolderCollection(name) && folders.has(name),
    /** A collection's bytes as this store writes them (entries' cached bytes reused). */
    serialize: (name: ContentName, data: unknown) => collectionChunks(data, layoutOf(name)),
  }
}
export type ContentGate = ReturnType<typeof createContentGate>
