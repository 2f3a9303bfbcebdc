import { isDeepStrictEqual } from 'node:util'

/**
 * A three-way merge of content JSON by item and by field (issue 19): what people think of as "a change" survives
 * unless the other side changed the very same field differently. Pure: no I/O, used by staff saves and git sync.
 *
 * - objects merge key by key (documents → sections → fields → sub-fields such as a card's `socials`);
 * - arrays whose elements all carry an identity (`id`, or `url` for media records) merge by identity: items added
 *   or deleted on one side are added or deleted, items on both sides merge recursively (a post's content fields
 *   merge by content-field id), and an order change made on one side only is kept;
 * - a list of distinct URLs (the references' slider) merges the same way, each URL being its own identity;
 * - anything else (strings, numbers, tag lists) is one value: taken from the side that changed it.
 * Only a value changed differently on both sides is a conflict; the merged result keeps `ours` there.
 */

/** One step of a path into the content: an object key, or the identity of an element of an identity array. */
export type PathStep = string | { id: string }
export type Path = PathStep[]

/** The same value changed differently on both sides (`undefined` = absent, e.g. an item deleted on that side). */
export type MergeConflict = { path: Path; base: unknown; ours: unknown; theirs: unknown }

export type MergeResult<T> = { merged: T; conflicts: MergeConflict[] }

type Rec = Record<string, unknown>
const isRecord = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v)
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b)

/** How the elements of an array are told apart: by a key of theirs, or (a list of URLs) by the string itself. */
type Identity = 'id' | 'url' | 'self'
const isUrl = (v: unknown) => typeof v === 'string' && (v.startsWith('/') || /^https?:\/\//.test(v))

/** The key that identifies the elements of an array, or undefined when it is a plain value list. */
export function identityKey(...lists: unknown[][]): Identity | undefined {
  const all = lists.flat()
  if (all.length === 0) return undefined
  // A list of distinct image URLs (the references' slider) is a list of items, not one value.
  if (all.every(isUrl) && lists.every((l) => new Set(l).size === l.length)) return 'self'
  for (const key of ['id', 'url'] as const) {
    if (all.every((e) => isRecord(e) && typeof e[key] === 'string')) {
      // Duplicate identities on one side would make the merge ambiguous: such a list is one value.
      if (lists.every((l) => new Set(l.map((e) => (e as Rec)[key])).size === l.length)) return key
    }
  }
  return undefined
}

/** Merges `ours` and `theirs`, both edited from `base`. On a conflict the result keeps `ours`. */
export function mergeContent<T>(base: unknown, ours: T, theirs: unknown): MergeResult<T> {
  const conflicts: MergeConflict[] = []
  const merged = mergeValue(base, ours, theirs, [], conflicts) as T
  return { merged, conflicts }
}

function mergeValue(base: unknown, ours: unknown, theirs: unknown, path: Path, out: MergeConflict[]): unknown {
  if (same(ours, theirs)) return ours
  if (same(base, ours)) return theirs
  if (same(base, theirs)) return ours
  if (isRecord(ours) && isRecord(theirs) && (base === undefined || isRecord(base))) {
    return mergeRecords(base ?? {}, ours, theirs, path, out)
  }
  // A list both sides added (no base: a file new on both sides) merges item by item from an empty one.
  if (Array.isArray(ours) && Array.isArray(theirs) && (base === undefined || Array.isArray(base))) {
    const from = (base ?? []) as unknown[]
    const key = identityKey(from, ours, theirs)
    if (key) return mergeIdentityLists(key, from, ours, theirs, path, out)
  }
  out.push({ path, base, ours, theirs })
  return ours
}

function mergeRecords(base: Rec, ours: Rec, theirs: Rec, path: Path, out: MergeConflict[]): Rec {
  const result: Rec = {}
  // Ours' key order first, then keys only theirs has, so a merged file diffs quietly against ours.
  for (const key of new Set([...Object.keys(ours), ...Object.keys(theirs)])) {
    const value = mergeValue(base[key], ours[key], theirs[key], [...path, key], out)
    if (value !== undefined) result[key] = value
  }
  return result
}

/** The identity of an element of a list merged by identity. */
const idOf = (key: Identity, element: unknown) => (key === 'self' ? (element as string) : ((element as Rec)[key] as string))

function mergeIdentityLists(
  key: Identity,
  base: unknown[],
  ours: unknown[],
  theirs: unknown[],
  path: Path,
  out: MergeConflict[],
): unknown[] {
  const byId = (list: unknown[]) => new Map(list.map((e) => [idOf(key, e), e]))
  const [b, o, t] = [byId(base), byId(ours), byId(theirs)]
  const items = new Map<string, unknown>()
  for (const id of new Set([...o.keys(), ...t.keys(), ...b.keys()])) {
    const value = mergeValue(b.get(id), o.get(id), t.get(id), [...path, { id }], out)
    if (value !== undefined) items.set(id, value)
  }
  return orderItems(base, ours, theirs, key, items, path, out)
}

/** The merged order: the side that reordered wins (ours when both did differently: a conflict), additions slot in. */
function orderItems(
  base: unknown[],
  ours: unknown[],
  theirs: unknown[],
  key: Identity,
  items: Map<string, unknown>,
  path: Path,
  out: MergeConflict[],
): unknown[] {
  const ids = (list: unknown[]) => list.map((e) => idOf(key, e))
  const common = (list: string[]) => list.filter((id) => items.has(id) && baseIds.has(id))
  const baseIds = new Set(ids(base))
  const [bo, oo, to] = [common(ids(base)), common(ids(ours)), common(ids(theirs))]
  // oo and to hold only merged base ids (common). Ours holds every one of them: an item ours deleted is never merged
  // (deleted, or a conflict that keeps ours' absence); theirs may lack one (theirs deleted it, ours edited it).
  const oursMoved = !same(bo, oo)
  const theirsMoved = !same(bo.filter((id) => to.includes(id)), to)
  if (oursMoved && theirsMoved && !same(oo, to)) {
    out.push({ path: [...path, '#order'], base: bo, ours: oo, theirs: to })
  }
  const lead = theirsMoved && !oursMoved ? theirs : ours
  const other = lead === ours ? theirs : ours
  const order = ids(lead).filter((id) => items.has(id))
  // Items the lead side lacks (added on the other side, or kept by a conflict) go after their predecessor there.
  for (const side of [other, base]) {
    const sideIds = ids(side)
    sideIds.forEach((id, at) => {
      if (!items.has(id) || order.includes(id)) return
      const before = sideIds.slice(0, at).reverse().find((p) => order.includes(p))
      // No predecessor: indexOf gives -1, so the item goes first.
      order.splice(order.indexOf(before as string) + 1, 0, id)
    })
  }
  return order.map((id) => items.get(id)!)
}

/** The identity a path step names an element by: its `id`, its `url`, or the string itself. */
const elementId = (e: unknown) => (isRecord(e) ? (e.id ?? e.url) : e)

/** The value at `path` (undefined when any step is missing). */
export function valueAt(root: unknown, path: Path): unknown {
  let node = root
  for (const step of path) {
    if (typeof step === 'string') node = isRecord(node) ? node[step] : undefined
    else node = Array.isArray(node) ? node.find((e) => elementId(e) === step.id) : undefined
  }
  return node
}

/**
 * A copy of `root` with `value` at `path` (undefined removes it): how a listed conflict is resolved the other way.
 * An element that is missing is appended; an order conflict (`#order`) reorders the list to `value`'s ids.
 */
export function withValueAt(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value
  const [step, ...rest] = path
  if (step === '#order' && Array.isArray(root)) {
    const order = value as string[]
    const rank = (e: unknown) => {
      const at = order.indexOf(elementId(e) as string)
      return at < 0 ? order.length : at
    }
    return [...root].sort((a, b) => rank(a) - rank(b))
  }
  if (typeof step === 'string') {
    const rec: Rec = isRecord(root) ? { ...root } : {}
    const next = withValueAt(rec[step], rest, value)
    if (next === undefined) delete rec[step]
    else rec[step] = next
    return rec
  }
  const list = Array.isArray(root) ? [...root] : []
  const at = list.findIndex((e) => elementId(e) === step.id)
  const next = withValueAt(list[at], rest, value) // list[-1]: undefined, a missing element
  if (at >= 0 && next === undefined) list.splice(at, 1)
  else if (at >= 0) list[at] = next
  else if (next !== undefined) list.push(next)
  return list
}
