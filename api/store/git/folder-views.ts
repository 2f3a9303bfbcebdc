import { assembleOrder, legacyFile, oldEntryPath, orderPath, pathInfo, type FolderCollection } from '#schema/content-layout.ts'
import type { ContentRepo } from './content-repo.ts'
import { checkContentFile, checkEntryFile, type ContentFileError } from '../gate/content-validation.ts'

/**
 * A folder collection (decision 333) as one list at a commit, for the sync's three-way merge (the same merge and
 * conflicts as when it was one file): the items whose files the merge looks at (`wanted`) with their text from
 * git, every other item as a placeholder `{ id }` shared by both sides, so the merge keeps the live item for it
 * (an item changed on neither side is no change) without reading 10,000 files. A commit from before the move (no
 * order file, a `blogs.json`) is read whole from that file. `unreadable`: the first file read that is not JSON (or a
 * one file that is not a list), as loading names it: the sync refuses such a remote rather than merge a list without
 * it (a placeholder for a cut post file, an empty list for a cut `blogs.json`, would delete the live items).
 */
export type FolderView = { list: unknown[]; legacy: boolean; unreadable: ContentFileError | null } | null

const placeholders = new Map<string, { id: string }>()
/** One placeholder object per id: the base and the remote's views share it, so the merge sees no change there. */
const placeholder = (id: string) => {
  let p = placeholders.get(id)
  if (!p) placeholders.set(id, (p = Object.freeze({ id })))
  return p
}

const parse = (text: string | null): unknown => {
  if (text === null) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/**
 * `name` at `commit`: null when the commit has neither its folder nor its one file. `overrides` replaces texts of
 * paths at that commit (the force push's replayed saves); `wanted` are the ids whose items are read.
 */
export async function folderView(
  repo: ContentRepo,
  commit: string,
  name: FolderCollection,
  wanted: ReadonlySet<string>,
  overrides: ReadonlyMap<string, string | null> = new Map(),
): Promise<FolderView> {
  const files = await repo.lsTree(commit, name)
  const order = files.find((f) => f.path === orderPath(name))
  if (!order) {
    const text = overrides.has(legacyFile(name)) ? overrides.get(legacyFile(name))! : await repo.showPairs([{ commit, path: legacyFile(name) }]).then((t) => t[0]!)
    if (text === null) return files.length ? assembleView(repo, commit, name, files, null, wanted, overrides) : null
    const list = parse(text)
    if (Array.isArray(list)) return { list, legacy: true, unreadable: null }
    const checked = checkContentFile(name, text)
    const unreadable = checked.ok ? { file: legacyFile(name), field: '', message: 'Liste bekleniyordu' } : checked.error
    return { list: [], legacy: true, unreadable }
  }
  const orderText = overrides.has(order.path) ? overrides.get(order.path)! : (await repo.showPairs([{ commit, path: order.path }]))[0]!
  const ids = parse(orderText)
  return assembleView(repo, commit, name, files, Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : null, wanted, overrides)
}

async function assembleView(
  repo: ContentRepo,
  commit: string,
  name: FolderCollection,
  files: readonly { path: string }[],
  orderIds: string[] | null,
  wanted: ReadonlySet<string>,
  overrides: ReadonlyMap<string, string | null>,
): Promise<FolderView> {
  // Each id's file: its hash folder's, else one still in its old folder (an old clone's commit; decision 336).
  const present = new Map<string, { id: string; item: unknown; path: string; old?: boolean }>()
  const found = (path: string) => {
    const info = pathInfo(path)
    if (info?.kind !== 'entry' || (info.old && present.has(info.id) && !present.get(info.id)!.old)) return
    present.set(info.id, { id: info.id, item: placeholder(info.id), path, old: info.old })
  }
  for (const f of files) found(f.path)
  for (const [path, text] of overrides) {
    const info = pathInfo(path)
    if (info?.kind !== 'entry') continue
    if (text !== null) found(path)
    else if (present.get(info.id)?.path === path) {
      present.delete(info.id)
      // The hash folder's file removed: one left in the old folder is the item again.
      const other = oldEntryPath(name, info.id)
      if (!info.old && (overrides.has(other) ? overrides.get(other) !== null : files.some((f) => f.path === other))) found(other)
    }
  }
  const read = [...present.values()].filter((e) => wanted.has(e.id) && !overrides.has(e.path))
  const texts = await repo.showPairs(read.map((e) => ({ commit, path: e.path })))
  let unreadable: ContentFileError | null = null
  read.forEach((e, i) => {
    const item = parse(texts[i]!)
    if (item !== undefined) e.item = item
    else if (texts[i] != null && !unreadable) {
      const checked = checkEntryFile(name, e.id, e.path, texts[i]!)
      if (!checked.ok) unreadable = checked.error
    }
  })
  for (const e of present.values()) if (overrides.has(e.path)) e.item = parse(overrides.get(e.path)!)
  return { list: assembleOrder(orderIds, present).list.map((e) => e.item), legacy: false, unreadable }
}
