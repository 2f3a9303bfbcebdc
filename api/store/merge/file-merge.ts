import { derivesFields, rederive, settles } from './item-merge.ts'
import { mergeContent, type MergeConflict, type Path, type PathStep } from './three-way-merge.ts'

/**
 * A conflict of a sync with the content remote, as staff see it: which file and item, which field, both values.
 * The merged file keeps `live` (the value the site shows); `other` is kept here so staff can take it with a click.
 */
export type SyncConflict = {
  file: string
  /** The entry's id (lists), the home section, or undefined for a document's own field. */
  itemId?: string
  path: Path
  live: unknown
  other: unknown
}

const parse = (text: string | null): unknown => {
  if (text === null) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined // a broken version merges as absent; the result is validated before it is used
  }
}

/** The item a conflict's path is in: a list entry's id, the references' card, or a home section. */
function itemIdOf(file: string, path: Path): string | undefined {
  const [first, second] = path
  if (typeof first === 'object') return first.id
  if (file === 'references.json' && first === 'cards' && typeof second === 'object') return second.id
  if (file === 'references.json' && first === 'sliderImages') return '~slider'
  if (file === 'home.json' && typeof first === 'string') return first
  return undefined
}

/** How many leading steps of a conflict's path name its item (a list entry, a card, a home section). */
function itemDepth(file: string, path: Path): number {
  const [first, second] = path
  if (typeof first === 'object') return 1
  if (file === 'references.json' && first === 'cards' && typeof second === 'object') return 2
  if (file === 'home.json' && typeof first === 'string') return 1
  return 0
}

type Rec = Record<string, unknown>
const stepMatches = (element: unknown, step: PathStep) =>
  typeof step === 'string' ? false : !!element && typeof element === 'object' && ((element as Rec).id ?? (element as Rec).url) === step.id

/** The merged data with the item at `prefix` passed through `fn`. */
function updateItem(data: unknown, prefix: Path, fn: (item: Rec) => Rec): unknown {
  if (prefix.length === 0) return data && typeof data === 'object' && !Array.isArray(data) ? fn(data as Rec) : data
  const [step, ...rest] = prefix
  if (typeof step === 'string') {
    if (!data || typeof data !== 'object' || Array.isArray(data)) return data
    return { ...(data as Rec), [step]: updateItem((data as Rec)[step], rest, fn) }
  }
  return Array.isArray(data) ? data.map((e) => (stepMatches(e, step!) ? updateItem(e, rest, fn) : e)) : data
}

/**
 * Merges one content file changed on both sides since `base` (issue 19) with the rules of a staff save
 * (item-merge.ts): `updatedAt`, a post's `images`/`featuredImage` and content fields' `order` never conflict, and
 * are recomputed. `live` is the server's data, `other` the remote's, `base` the common ancestor's (all parsed, in
 * the stored form: the caller canonicalises them, so a field one side merely lacks is no change); undefined: the
 * file is missing on that side. Returns the merged data and the conflicts (live kept).
 */
export function mergeContentData(
  file: string,
  base: unknown,
  live: unknown,
  other: unknown,
): { data: unknown; conflicts: SyncConflict[] } {
  const result = mergeContent(base, live, other)
  let data = result.merged
  const conflicts: MergeConflict[] = []
  const rederived = new Set<string>()
  for (const c of result.conflicts) {
    const depth = itemDepth(file, c.path)
    const prefix = c.path.slice(0, depth)
    const item = depth > 0 ? valueAtPrefix(data, prefix) : data
    if (settles({ path: c.path.slice(depth) }, derivesFields(item))) {
      const key = JSON.stringify(prefix)
      if (!rederived.has(key) && derivesFields(item)) data = updateItem(data, prefix, rederive)
      rederived.add(key)
    } else conflicts.push(c)
  }
  return toSyncConflicts(file, data, conflicts)
}

function valueAtPrefix(data: unknown, prefix: Path): unknown {
  let node = data
  for (const step of prefix) {
    if (typeof step === 'string') node = node && typeof node === 'object' && !Array.isArray(node) ? (node as Rec)[step] : undefined
    else node = Array.isArray(node) ? node.find((e) => stepMatches(e, step)) : undefined
  }
  return node
}

/** mergeContentData on file texts (null: missing), parsed as they are. */
export function mergeContentFile(
  file: string,
  base: string | null,
  live: string | null,
  other: string | null,
): { data: unknown; conflicts: SyncConflict[] } {
  return mergeContentData(file, parse(base), parse(live), parse(other))
}

function toSyncConflicts(file: string, data: unknown, conflicts: MergeConflict[]): { data: unknown; conflicts: SyncConflict[] } {
  return {
    data,
    conflicts: conflicts.map((c: MergeConflict) => ({
      file,
      itemId: itemIdOf(file, c.path),
      path: c.path,
      live: c.ours,
      other: c.theirs,
    })),
  }
}
