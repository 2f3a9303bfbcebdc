import { mergeContent, type MergeConflict, type Path } from './three-way-merge.ts'

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

/**
 * Merges one content file changed on both sides since `base` (issue 19): `live` is the server's HEAD, `other` the
 * remote's. Null texts are files missing on that side. Returns the merged data, or undefined when the file is
 * gone on the side that wins, plus the conflicts (live kept).
 */
export function mergeContentFile(
  file: string,
  base: string | null,
  live: string | null,
  other: string | null,
): { data: unknown; conflicts: SyncConflict[] } {
  const { merged, conflicts } = mergeContent(parse(base), parse(live), parse(other))
  return {
    data: merged,
    conflicts: conflicts.map((c: MergeConflict) => ({
      file,
      itemId: itemIdOf(file, c.path),
      path: c.path,
      live: c.ours,
      other: c.theirs,
    })),
  }
}
