import { isDeepStrictEqual } from 'node:util'
import { join } from 'node:path'
import type { ContentName } from '../content-types.ts'
import { readContentFileSafely } from '../content-file.ts'
import type { ContentRepo } from '../git/content-repo.ts'
import { checkContentFile, checkEntryFile, checkOrderFile, type ContentFileError } from '../gate/content-validation.ts'
import { markChecked } from '../gate/content-gate.ts'
import { keepEntryLayout, SERVER_LAYOUT, type Layout } from '../json-text.ts'
import { listEntryFiles } from '../folder-files.ts'
import { freezeEntries } from '../entry-bodies.ts'
import { claimsOf, clashAt } from '../gate/content-rules.ts'
import type { Addressed } from '#schema/address.ts'
import { collectionSource } from '#schema/content-folder-read.ts'
import { assembleOrder, isFolderCollection, onePerId, orderPath, pathInfo, type FolderCollection } from '#schema/content-layout.ts'

/**
 * A content file read and checked: its parsed data, missing, or refused (why, and its bytes when it had any). A
 * folder collection (decision 333) has no one file's bytes (`bytes` null): its `folder` report says which item
 * files were refused and left out, and which were appended or dropped by the order file.
 */
export type LoadedFile =
  | { kind: 'missing' }
  | { kind: 'ok'; data: unknown; bytes: Buffer | null; layout: Layout; folder?: FolderReport }
  | { kind: 'refused'; error: ContentFileError; bytes: Buffer | null }

/** What loading a folder collection found besides its items. */
export type FolderReport = {
  /**
   * Item files refused (each costs only its own item: it starts from its last valid version in history, else is left
   * out; `unreadable`: its bytes were not read) and an order file refused (the order is then by date).
   */
  refused: (ContentFileError & { unreadable?: boolean })[]
  /** Item files the order file did not name (appended by date), and ids it named that have no file. */
  added: string[]
  dropped: string[]
}

/** How many item files are read at once at start (10,000 one after the other would wait on each). */
const READ_AT_ONCE = 32

/**
 * A folder collection read as untrusted input: each item file as a content file is (regular file, size cap), checked
 * with the entry's schema and its id against its name; the list in the order file's order; then the collection rules
 * on the assembled list, where a clash refuses the later file. A refused file is left out and reported. An item
 * still in its old folder is read from there, unless its hash folder has its file too (decision 336).
 */
async function loadFolder(dir: string, name: FolderCollection, lastValid?: LastValidEntry): Promise<LoadedFile> {
  const files = onePerId(await listEntryFiles(dir, name))
  const refused: (ContentFileError & { unreadable?: boolean })[] = []
  const refusedFiles: { id: string; path: string; error: ContentFileError & { unreadable: boolean } }[] = []
  const entries = new Map<string, { id: string; createdAt?: string; data: unknown; path: string }>()
  for (let i = 0; i < files.length; i += READ_AT_ONCE) {
    const batch = files.slice(i, i + READ_AT_ONCE)
    const reads = await Promise.all(batch.map((f) => readContentFileSafely(join(dir, f.path))))
    batch.forEach(({ path, id }, j) => {
      const read = reads[j]!
      if (read.kind === 'missing') return // removed while listed
      if (read.kind === 'refused') return void refusedFiles.push({ id, path, error: { file: path, field: '', message: read.reason, unreadable: true } })
      const checked = checkEntryFile(name, id, path, read.bytes.toString('utf8'))
      if (!checked.ok) return void refusedFiles.push({ id, path, error: { ...checked.error, unreadable: false } })
      const createdAt = (checked.data as { createdAt?: unknown }).createdAt
      entries.set(id, { id, createdAt: typeof createdAt === 'string' ? createdAt : undefined, data: checked.data, path })
    })
  }
  // A refused item file costs only its own item, which starts from its last valid version in history (as a refused
  // one-file collection does), else is left out; either way the file is reported.
  for (const { id, path, error } of refusedFiles) {
    refused.push(error)
    const last = await lastValid?.(path).catch(() => undefined)
    if (last === undefined) continue
    const createdAt = (last as { createdAt?: unknown }).createdAt
    entries.set(id, { id, createdAt: typeof createdAt === 'string' ? createdAt : undefined, data: last, path })
  }
  let order: string[] | null = null
  const orderFile = orderPath(name)
  const orderRead = await readContentFileSafely(join(dir, orderFile))
  if (orderRead.kind === 'refused') refused.push({ file: orderFile, field: '', message: orderRead.reason })
  if (orderRead.kind === 'ok') {
    const checked = checkOrderFile(orderFile, orderRead.bytes.toString('utf8'))
    if (checked.ok) order = checked.ids
    else refused.push(checked.error)
  }
  const { list, added, dropped } = assembleOrder(order, entries)
  // Ids and addresses unique across files: the later file in the order is the one refused.
  const kept: typeof list = []
  const owned = new Set<string>()
  for (const entry of list) {
    const keys = claimsOf(name, entry.data)
    const taken = keys.find((key) => owned.has(key))
    if (taken === undefined) {
      for (const key of keys) owned.add(key)
      kept.push(entry)
      continue
    }
    // Named as in the item's own file: the field without the list position.
    const clash = clashAt('', kept.length, entry.data as Addressed, taken)
    refused.push({ file: entry.path, field: clash.field.replace(/^\[\d+\]\.?/, ''), message: clash.message })
  }
  // Each entry's body goes to the process's file (entry-bodies.ts): 100,000 posts' bodies stay out of memory.
  const data = freezeEntries(kept.map((e) => e.data))
  markChecked(name, data)
  return { kind: 'ok', data, bytes: null, layout: SERVER_LAYOUT, folder: { refused, added, dropped } }
}

/**
 * Reads `<dir>/<name>.json` as untrusted input: only a regular file within the size cap (content-file.ts), then
 * the shared schema. The data is the schema's output, so keys the schema does not know are never kept. With
 * `folders`, a collection stored as a folder (decision 333) is read from its item files.
 */
export async function loadContentFile(dir: string, name: ContentName, folders = false, lastValid?: LastValidEntry): Promise<LoadedFile> {
  if (folders && isFolderCollection(name) && collectionSource(dir, name)?.layout === 'folder') return loadFolder(dir, name, lastValid)
  const read = await readContentFileSafely(join(dir, `${name}.json`))
  if (read.kind === 'missing') return read
  if (read.kind === 'refused')
    return { kind: 'refused', error: { file: `${name}.json`, field: '', message: read.reason }, bytes: null }
  const text = read.bytes.toString('utf8')
  const checked = checkContentFile(name, text)
  // Checked whole: the write gate need not check these entries again when a later save keeps them.
  if (!checked.ok) return { kind: 'refused', error: checked.error, bytes: read.bytes }
  // A collection stored as a folder is moved out of its list file at start (folder-migration.ts) and never written
  // back into one: its entries' bytes in the list's layout would only be kept (~25 MB at 10,000 posts).
  const keepBytes = !(folders && isFolderCollection(name))
  const layout = keepEntryLayout(checked.data, text, isDeepStrictEqual, keepBytes)
  // Its entries' bodies go to the process's file as when they are read from their folder (entry-bodies.ts).
  const data = keepBytes ? checked.data : freezeEntries(checked.data)
  markChecked(name, data)
  return { kind: 'ok', data, bytes: read.bytes, layout }
}

/** The newest valid version in history of a refused item file (by its path), or undefined. */
export type LastValidEntry = (path: string) => Promise<unknown>

/**
 * The newest version of an item file in history that its checks accept (at most MAX_LOOKBACK versions back; before
 * the move, the item in the collection's one file is not looked for).
 */
export async function lastValidEntry(repo: ContentRepo, name: FolderCollection, path: string): Promise<unknown> {
  const info = pathInfo(path)
  if (info?.kind !== 'entry') return undefined
  const commits = (await repo.log(path)).slice(0, MAX_LOOKBACK).map((e) => e.commit)
  const texts = await repo.showPairs(commits.map((commit) => ({ commit, path })))
  for (const text of texts) {
    if (text === null) continue
    const checked = checkEntryFile(name, info.id, path, text)
    if (checked.ok) return checked.data
  }
  return undefined
}

/** How far back a start looks for a valid version of a refused file. */
const MAX_LOOKBACK = 100

/**
 * The newest version of a content file in history that the schema accepts: where a start with an invalid file on
 * disk begins, as a running server keeps the last valid content when a pull brings an invalid one.
 */
export async function lastValidVersion(
  repo: ContentRepo,
  name: ContentName,
): Promise<{ commit: string; date: string; data: unknown } | null> {
  const file = `${name}.json`
  for (const entry of (await repo.log(file)).slice(0, MAX_LOOKBACK)) {
    const text = await repo.show(entry.commit, file)
    if (text === null) continue
    const checked = checkContentFile(name, text)
    if (checked.ok) return { commit: entry.commit, date: entry.date, data: checked.data }
  }
  return null
}
