/**
 * Where each content collection lives in CONTENT_DIR (decision 333). Most collections are one JSON file
 * (`home.json`); the two that grow with the site keep one file per item, so a save rewrites a few kilobytes
 * whatever the archive's size, as in the git-based CMSs:
 *
 *   blogs/_sira.json          the list order, as ids (the admin's order)
 *   blogs/3f/aB3x9….json      one post, in one of 256 folders named by two hex digits of a hash of its id
 *
 * Folders keep git's tree of a folder small (a flat folder of 10,000 files makes every commit rewrite a 450 KB
 * tree). The folder is a hash of the id (decision 336), not its first character (decision 333's first form): slug
 * ids (`blog-…`) all began alike and filled one folder. Hex digits in lowercase, so a clone on a case-insensitive
 * disk never sees two folders as one. A file still in its first-character folder (`blogs/b/blog-x.json`: an old
 * clone, a repository not yet moved) is read as that item too, and moved at the next start.
 * Pure: shared by the API (async readers), the site's build (sync reader) and tests; no node:fs here.
 */

/** Collections stored as a folder of one file per item. */
export const FOLDER_COLLECTIONS = ['blogs', 'social-projects'] as const
export type FolderCollection = (typeof FOLDER_COLLECTIONS)[number]

/** The order file's name inside a folder collection. */
export const ORDER_FILE = '_sira.json'

const ENTRY_ID = /^[A-Za-z0-9_-]{1,64}$/

export const isFolderCollection = (name: string): name is FolderCollection =>
  (FOLDER_COLLECTIONS as readonly string[]).includes(name)

/** The one-file form of a collection (`blogs.json`): every collection's before the move, the others' for good. */
export const legacyFile = (name: string) => `${name}.json`

/**
 * The sub-folder an item's file is in (decision 336): FNV-1a (32 bits) of the id, folded to 8 bits, as two lowercase
 * hex digits. Ids are ASCII (ENTRY_ID), so a character code is a byte. Any id scheme spreads over the 256 folders.
 */
export const bucketOf = (id: string): string => bucketName(bucketNumberOf(id))

/** The number (0–255) of an item's sub-folder: kept per item where a string each would cost memory. */
export function bucketNumberOf(id: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  return (hash ^ (hash >>> 8) ^ (hash >>> 16) ^ (hash >>> 24)) & 0xff
}

/** A sub-folder's name from its number: two lowercase hex digits. */
export const bucketName = (n: number): string => n.toString(16).padStart(2, '0')

/** The sub-folder of decision 333's first form: the id's first character, lowercased. Read, never written. */
export const oldBucketOf = (id: string) => id.charAt(0).toLowerCase()

/** Path of an item's file inside CONTENT_DIR, with `/` separators (as git names it). */
export function entryPath(name: FolderCollection, id: string): string {
  if (!ENTRY_ID.test(id)) throw new Error(`Geçersiz kimlik: ${JSON.stringify(id)}`)
  return `${name}/${bucketOf(id)}/${id}.json`
}

/** Where an item's file was before decision 336 (its first-character folder): read and moved, never written. */
export function oldEntryPath(name: FolderCollection, id: string): string {
  if (!ENTRY_ID.test(id)) throw new Error(`Geçersiz kimlik: ${JSON.stringify(id)}`)
  return `${name}/${oldBucketOf(id)}/${id}.json`
}

export const orderPath = (name: FolderCollection) => `${name}/${ORDER_FILE}`

export type PathInfo =
  | { kind: 'file'; name: string }
  | { kind: 'legacy'; name: FolderCollection }
  | { kind: 'order'; name: FolderCollection }
  /** `old`: in the id's first-character folder (before decision 336), not yet moved to its hash folder. */
  | { kind: 'entry'; name: FolderCollection; id: string; old?: true }

/**
 * What a path inside CONTENT_DIR (`/` separators) is to the store, or null for any other file (a README, a
 * temporary file, an item file in the wrong folder): such files are never read as content. An item file is in its
 * hash folder, or still in its old first-character folder (`old`, decision 336).
 */
export function pathInfo(path: string): PathInfo | null {
  const parts = path.split('/')
  if (parts.length === 1) {
    const match = /^([a-z][a-z-]*)\.json$/.exec(parts[0]!)
    if (!match) return null
    const name = match[1]!
    return isFolderCollection(name) ? { kind: 'legacy', name } : { kind: 'file', name }
  }
  const [name, second, third] = parts
  if (!isFolderCollection(name!)) return null
  if (parts.length === 2) return second === ORDER_FILE ? { kind: 'order', name } : null
  if (parts.length !== 3 || !third!.endsWith('.json')) return null
  const id = third!.slice(0, -'.json'.length)
  if (!ENTRY_ID.test(id)) return null
  if (second === bucketOf(id)) return { kind: 'entry', name, id }
  return second === oldBucketOf(id) ? { kind: 'entry', name, id, old: true } : null
}

/**
 * Of the item files found (any order), one per id: where an id has a file in its hash folder and one still in its
 * old folder, the hash folder's (the later: the old one is what the move left or an old clone brought back).
 */
export function onePerId<T extends { id: string; old?: boolean }>(files: Iterable<T>): T[] {
  const out = new Map<string, T>()
  for (const file of files) if (!(file.old && out.has(file.id))) out.set(file.id, file)
  return [...out.values()]
}

/** An item file's bytes: two-space JSON with a final newline, keys in their stored order (as the one-file form). */
export const entryText = (entry: unknown) => `${JSON.stringify(entry, null, 2)}\n`

/** The order file's bytes. */
export const orderText = (ids: readonly string[]) => `${JSON.stringify(ids, null, 2)}\n`

type Ordered = { id?: string; createdAt?: string }

/**
 * The list in its order from the order file's ids and the item files found. An item file the order file does not
 * name (a maintainer added it by hand, or a crash came between the item file and the order file) is appended,
 * oldest `createdAt` first, then by id; an id with no file is dropped. Both are returned, to be reported.
 */
export function assembleOrder<T extends Ordered>(
  orderIds: readonly string[] | null,
  entries: ReadonlyMap<string, T>,
): { list: T[]; added: string[]; dropped: string[] } {
  const list: T[] = []
  const placed = new Set<string>()
  const dropped: string[] = []
  for (const id of orderIds ?? []) {
    const entry = entries.get(id)
    if (!entry) dropped.push(id)
    else if (!placed.has(id)) {
      placed.add(id)
      list.push(entry)
    }
  }
  const rest = [...entries].filter(([id]) => !placed.has(id))
  rest.sort(([a, x], [b, y]) => (x.createdAt ?? '').localeCompare(y.createdAt ?? '') || (a < b ? -1 : a > b ? 1 : 0))
  for (const [, entry] of rest) list.push(entry)
  return { list, added: rest.map(([id]) => id), dropped }
}
