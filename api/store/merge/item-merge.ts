import { mergeContent, withValueAt, type MergeConflict, type Path, type PathStep } from './three-way-merge.ts'

/**
 * The three-way merge as a content item needs it: fields every save rewrites (`updatedAt`) or that are derived from
 * other fields (a post's `images` and `featuredImage` from its content fields, content fields' `order` from their
 * position) never conflict; they are recomputed from the merged item. Pure, like three-way-merge.ts.
 */

type Rec = Record<string, unknown>
const isRecord = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v)

/** A conflict's stable key, as the admin sends it back with its choice: 'title', 'contentStructure/#b-2/content'. */
export const conflictKey = (path: Path) =>
  path.map((step) => (typeof step === 'string' ? step : `#${step.id}`)).join('/')

/** A field every save rewrites. (Functions, not module-level sets: a mutation run can change them per test.) */
const isVolatile = (step: PathStep | undefined) => step === 'updatedAt'
/** A field a post or project derives from its content fields. */
const isDerived = (step: PathStep | undefined) => step === 'images' || step === 'featuredImage'

/** True for a conflict the merge settles itself (a volatile or derived field, or a content field's position). */
export function settles(conflict: Pick<MergeConflict, 'path'>, derives: boolean): boolean {
  const last = conflict.path[conflict.path.length - 1]
  if (isVolatile(last)) return true
  if (derives && conflict.path.length === 1 && isDerived(last)) return true
  return last === 'order' && conflict.path.includes('contentStructure')
}

/** Recomputes what a post or project derives from its content fields, as the save routes do. */
export function rederive(item: Rec): Rec {
  const blocks = Array.isArray(item.contentStructure) ? (item.contentStructure as Rec[]) : null
  if (!blocks) return item
  const structure: Rec[] = blocks.map((block, order) => (isRecord(block) ? { ...block, order } : block))
  const images = structure
    .filter((b) => isRecord(b) && b.type === 'image' && typeof b.src === 'string' && b.src !== '')
    .map((b) => b.src as string)
  const next: Rec = { ...item, contentStructure: structure }
  if ('images' in item) next.images = images
  if ('featuredImage' in item) next.featuredImage = images[0] ?? ''
  return next
}

/** True for an item whose images and content-field order are derived from its content fields (posts, projects). */
export const derivesFields = (item: unknown) => isRecord(item) && Array.isArray(item.contentStructure)

export type ItemMerge = {
  /** The merged item, with each conflict settled as chosen (this save's value unless 'theirs' was chosen). */
  merged: unknown
  /** Conflicts no choice covered: the save must not be written. */
  open: MergeConflict[]
  /** Every conflict, for the admin's side-by-side view. */
  all: MergeConflict[]
}

/**
 * Merges a save (`mine`, made on `base`, the version the editor loaded) with the item as stored now (`current`).
 * `choices` maps a conflict key to whose value to keep ('mine' or 'theirs'); a conflict without one stays open.
 */
export function mergeItem(
  base: unknown,
  mine: unknown,
  current: unknown,
  choices: Record<string, 'mine' | 'theirs'> = {},
): ItemMerge {
  const derives = derivesFields(mine)
  const { merged, conflicts } = mergeContent(base, mine, current)
  const all = conflicts.filter((c) => !settles(c, derives))
  let result: unknown = merged
  const open: MergeConflict[] = []
  for (const conflict of all) {
    const choice = choices[conflictKey(conflict.path)]
    if (choice === 'theirs') result = withValueAt(result, conflict.path, conflict.theirs)
    else if (choice !== 'mine') open.push(conflict)
  }
  if (derives && isRecord(result)) result = rederive(result)
  return { merged: result, open, all }
}
