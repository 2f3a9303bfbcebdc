import { derivesFields, rederive, settles } from './item-merge.ts'
import { mergeContent, valueAt, withValueAt, type MergeConflict, type Path } from './three-way-merge.ts'

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
    // A broken version merges as absent (undefined, the function's end); the result is validated before it is used.
  }
}

/**
 * The item a conflict's path is in (a list entry's id, the references' card, a home section, the references' slider)
 * and how many leading steps of the path name it (0: the conflict is not inside one item's fields).
 */
function itemOf(file: string, path: Path): { id?: string; depth: number } {
  const [first, second] = path
  if (typeof first === 'object') return { id: first.id, depth: 1 }
  if (file === 'references.json' && first === 'cards' && typeof second === 'object') return { id: second.id, depth: 2 }
  if (file === 'references.json' && first === 'sliderImages') return { id: '~slider', depth: 0 }
  if (file === 'home.json' && typeof first === 'string') return { id: first, depth: 1 }
  return { depth: 0 }
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
  for (const c of result.conflicts) {
    const { depth } = itemOf(file, c.path)
    const prefix = c.path.slice(0, depth)
    const item = valueAt(data, prefix)
    if (!settles({ path: c.path.slice(depth) }, derivesFields(item))) conflicts.push(c)
    // Recomputing is idempotent: an item with several settled conflicts is simply recomputed once per conflict.
    else if (derivesFields(item)) data = withValueAt(data, prefix, rederive(item as Record<string, unknown>))
  }
  return toSyncConflicts(file, data, conflicts)
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
      itemId: itemOf(file, c.path).id,
      path: c.path,
      live: c.ours,
      other: c.theirs,
    })),
  }
}
