import { isDeepStrictEqual } from 'node:util'
import type { z } from 'zod'
import type { Addressed } from '#schema/address.ts'
import { MAX_CONTENT_FILE_BYTES, REFUSED } from '../content-file.ts'
import type { ContentName } from '../content-types.ts'
import { deepFreeze } from '../durable-file.ts'
import { collectionChunks, SERVER_LAYOUT, type Layout } from '../json-text.ts'
import { claimsOf, clashAt, ruledEntries, type Clash } from './content-rules.ts'
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
/** For a checked version of a list: which entry index claims each id/address. */
const claims = new WeakMap<object, Map<string, object>>()

const elementSchema = (name: ContentName): z.ZodType | null => {
  const schema = SCHEMAS[name] as z.ZodType & { element?: z.ZodType }
  return name === 'references' ? null : (schema.element ?? null)
}

/** Checks one value against a schema as loading would (through JSON): its canonical form, or the error. */
function canonical(schema: z.ZodType, value: unknown): { ok: true; data: unknown } | { ok: false; field: string; message: string } {
  const text = JSON.stringify(value)
  const raw = text === undefined ? undefined : JSON.parse(text)
  const result = schema.safeParse(raw)
  if (!result.success) {
    const issue = result.error.issues[0]!
    return { ok: false, field: fieldOf(issue.path), message: issue.message }
  }
  return { ok: true, data: inInputOrder(result.data, raw) }
}

const refuse = (name: ContentName, field: string, message: string): never => {
  throw new ContentRefused({ file: `${name}.json`, field, message })
}
const joinField = (prefix: string, field: string) => (field.startsWith('[') || !prefix ? `${prefix}${field}` : `${prefix}.${field}`)

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
    if (!result.ok) return refuse(name, joinField(`[${i}]`, result.field), result.message)
    before ??= new Map(Array.isArray(previous) ? previous.map((e) => [idOf(e), e]) : [])
    const stored = idOf(entry) !== undefined ? before.get(idOf(entry)) : undefined
    const data = stored === undefined ? result.data : orderLike(result.data, stored)
    if (!isDeepStrictEqual(data, entry) || keyOrder(data) !== keyOrder(entry)) (out ??= [...list])[i] = data
  })
  return out ?? (list as unknown[])
}
/** The keys of a value, all the way down, in order (isDeepStrictEqual ignores key order; the file does not). */
const keyOrder = (v: unknown): string =>
  Array.isArray(v)
    ? `[${v.map(keyOrder).join(',')}]`
    : isPlainObject(v)
      ? `{${Object.keys(v).map((k) => `${k}:${keyOrder(v[k])}`).join(',')}}`
      : ''

/**
 * Ids and addresses of the next version: carried over from the previous version's index, with only the entries
 * that left or arrived looked at; the first clash refuses the write.
 */
function checkClaims(name: ContentName, previous: unknown, next: unknown): Map<string, object> | null {
  const ruledNext = ruledEntries(name, next)
  if (!ruledNext) return null
  const before = ruledEntries(name, previous)
  const prevIndex = before && isObject(before.entries) ? claims.get(before.entries) : undefined
  const entries = ruledNext.entries as object[]
  let index: Map<string, object>
  let arrived: number[]
  if (prevIndex && before) {
    const now = new Set(entries)
    const was = new Set(before.entries as object[])
    index = new Map(prevIndex)
    for (const e of was) if (!now.has(e)) for (const key of claimsOf(name, e)) if (index.get(key) === e) index.delete(key)
    arrived = entries.flatMap((e, i) => (was.has(e) ? [] : [i]))
  } else {
    index = new Map()
    arrived = entries.map((_, i) => i)
  }
  for (const i of arrived) {
    const entry = entries[i]!
    for (const key of claimsOf(name, entry)) {
      const owner = index.get(key)
      if (owner !== undefined && owner !== entry) {
        const clash: Clash = clashAt(ruledNext.prefix, i, entry as Addressed, key)
        refuse(name, clash.field, clash.message)
      }
      index.set(key, entry)
    }
  }
  return index
}

/**
 * Checks the complete next version of a collection. Returns the data to keep (canonical: where an entry differs
 * from what loading its bytes would give, it is replaced) and the exact bytes to write; throws ContentRefused.
 */
export function gateNext<T>(
  name: ContentName,
  next: T,
  previous: unknown,
  layout: Layout = SERVER_LAYOUT,
): { data: T; bytes: readonly Buffer[] } {
  let data: unknown = next
  const element = elementSchema(name)
  if (element) {
    if (!Array.isArray(next)) refuse(name, '', 'Dosya bir liste olmalı')
    data = checkEntries(name, next as unknown[], element, previous)
  } else if (!(isObject(next) && checked.has(next))) {
    const result = canonical(SCHEMAS[name], next)
    if (!result.ok) refuse(name, result.field, result.message)
    else {
      const ordered = orderLike(result.data, previous)
      if (!isDeepStrictEqual(ordered, next) || keyOrder(ordered) !== keyOrder(next)) data = ordered
    }
  }
  const index = checkClaims(name, previous, data)
  // Frozen first: the entries' bytes are then cached, and the commit of this version records exactly these bytes.
  const bytes = collectionChunks(deepFreeze(data), layout)
  const size = bytes.reduce((n, b) => n + b.byteLength, 0)
  if (size > MAX_CONTENT_FILE_BYTES) refuse(name, '', REFUSED.tooLarge(MAX_CONTENT_FILE_BYTES))
  accept(name, data, index)
  return { data: data as T, bytes }
}

/** Records a version as checked (it is about to be written): its entries and its id/address index. */
function accept(name: ContentName, data: unknown, index: Map<string, object> | null) {
  markChecked(name, data)
  const ruled = ruledEntries(name, data)
  if (ruled && index) claims.set(ruled.entries as object, index)
}

/**
 * Checks a whole file text from outside (the content remote): loading's full check plus the size limit. The same
 * result a start would reach on these bytes.
 */
export function gateText(name: ContentName, text: string | Buffer): { ok: true; data: unknown } | { ok: false; error: ContentFileError } {
  const size = typeof text === 'string' ? Buffer.byteLength(text) : text.byteLength
  if (size > MAX_CONTENT_FILE_BYTES) return { ok: false, error: { file: `${name}.json`, field: '', message: REFUSED.tooLarge(MAX_CONTENT_FILE_BYTES) } }
  return checkFile(name, typeof text === 'string' ? text : text.toString('utf8'))
}

/**
 * One content store's gate: the checks above, plus the layout each of its list files had when last read from
 * outside (a maintainer's, or the server's), so every write and every commit of that file uses the same bytes.
 */
export function createContentGate() {
  const layouts = new Map<ContentName, Layout>()
  const layoutOf = (name: ContentName) => layouts.get(name) ?? SERVER_LAYOUT
  return {
    next: <T>(name: ContentName, next: T, previous: T) => gateNext(name, next, previous, layoutOf(name)),
    remember: (name: ContentName, layout: Layout) => void layouts.set(name, layout),
    /** A collection's bytes as this store writes them (entries' cached bytes reused). */
    serialize: (name: ContentName, data: unknown) => collectionChunks(data, layoutOf(name)),
  }
}
export type ContentGate = ReturnType<typeof createContentGate>
