import { assembleOrder, entryPath, legacyFile, orderPath, pathInfo, type FolderCollection } from '#schema/content-layout.ts'
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
  const present = new Map<string, { id: string; item: unknown }>()
  for (const f of files) {
    const info = pathInfo(f.path)
    if (info?.kind === 'entry') present.set(info.id, { id: info.id, item: placeholder(info.id) })
  }
  for (const [path, text] of overrides) {
    const info = pathInfo(path)
    if (info?.kind !== 'entry') continue
    if (text === null) present.delete(info.id)
    else present.set(info.id, { id: info.id, item: placeholder(info.id) })
  }
  const read = [...present.keys()].filter((id) => wanted.has(id) && !overrides.has(entryPath(name, id)))
  const texts = await repo.showPairs(read.map((id) => ({ commit, path: entryPath(name, id) })))
  let unreadable: ContentFileError | null = null
  read.forEach((id, i) => {
    const item = parse(texts[i]!)
    if (item !== undefined) present.get(id)!.item = item
    else if (texts[i] != null && !unreadable) {
      const checked = checkEntryFile(name, id, entryPath(name, id), texts[i]!)
      if (!checked.ok) unreadable = checked.error
    }
  })
  for (const [path, text] of overrides) {
    const info = pathInfo(path)
    if (info?.kind === 'entry' && text !== null) present.get(info.id)!.item = parse(text)
  }
  return { list: assembleOrder(orderIds, present).list.map((e) => e.item), legacy: false, unreadable }
}
