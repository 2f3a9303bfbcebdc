import type { ContentRepo, GitAuthor } from '../git/content-repo.ts'
import { itemOf, versionOf, type ItemRef } from '../content-items.ts'
import { diffFields, type FieldChange } from './field-diff.ts'
import type { ItemIndex } from './item-index.ts'
import { entryPath, isFolderCollection, legacyFile, oldEntryPath, type FolderCollection } from '#schema/content-layout.ts'

const parseOrNull = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** One version of an item in its history: who made it, when, and which fields it changed. */
export type HistoryEntry = {
  commit: string
  author: GitAuthor
  date: string
  message: string
  /** The item's version fingerprint at that commit ('' when the item did not exist then: deleted). */
  version: string
  deleted: boolean
  changes: FieldChange[]
}

/**
 * How many commits a history looks at: with the item index, the item's own last commits (decision 272); without it
 * (or before its first scan ends) the file's last commits. Older ones stay in git, out of the admin's list.
 */
const MAX_COMMITS = 300
/** Versions read per git process: a few dozen MB at most with a 2 MB collection. */
const BATCH = 20
/** Parsed files by commit: commits never change, so the cache never goes stale. */
const CACHE_SIZE = 64

/**
 * Reads items' histories from the content repository. `caughtUp` resolves once the saves already answered are
 * committed (commits are queued off the request path): a history opened right after a save then lists it.
 */
export function createContentHistory(
  repo: Promise<ContentRepo>,
  caughtUp: () => Promise<unknown> = async () => {},
  index?: ItemIndex,
  /** True for a collection stored as a folder of item files (decision 333): its items have files of their own. */
  isFolder: (name: string) => boolean = () => false,
) {
  const cache = new Map<string, unknown>()
  async function fileAt(
    commit: string,
    file: string,
    fetched?: Map<string, string | null>,
  ): Promise<unknown> {
    const key = `${commit}:${file}`
    if (cache.has(key)) return cache.get(key)
    const text = fetched?.has(commit) ? fetched.get(commit)! : await (await repo).show(commit, file)
    let data: unknown = null
    try {
      data = text === null ? null : JSON.parse(text)
    } catch {
      data = null // a broken file in history: the item did not exist in it
    }
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!)
    cache.set(key, data)
    return data
  }

  /**
   * An item of a folder collection at each of `commits`: its own file, else its file in its old folder (before
   * decision 336's move), else (before decision 333's move) its entry in the collection's one file then. One git
   * process for the item files, one more for the commits without one, one per BATCH of the one-file versions.
   */
  async function folderItems(name: FolderCollection, id: string, commits: readonly string[]): Promise<unknown[]> {
    const path = entryPath(name, id)
    const texts = await (await repo).showPairs(commits.map((commit) => ({ commit, path })))
    const unmoved = commits.flatMap((_, i) => (texts[i] === null ? [i] : []))
    const oldPath = oldEntryPath(name, id)
    const oldTexts = unmoved.length ? await (await repo).showPairs(unmoved.map((i) => ({ commit: commits[i]!, path: oldPath }))) : []
    unmoved.forEach((at, j) => (texts[at] = oldTexts[j]!))
    const items: unknown[] = texts.map((text: string | null) => (text === null ? undefined : parseOrNull(text) ?? undefined))
    const before = commits.filter((_, i) => texts[i] === null)
    const legacy = legacyFile(name)
    for (let i = 0; i < before.length; i += BATCH) {
      const batch = before.slice(i, i + BATCH).filter((c) => !cache.has(`${c}:${legacy}`))
      const fetched = await (await repo).showMany(batch, legacy)
      for (const commit of before.slice(i, i + BATCH)) {
        const at = commits.indexOf(commit)
        items[at] = itemOf({ name, id }, await fileAt(commit, legacy, fetched))
      }
    }
    return items
  }

  /** The item's versions from its commits (oldest first) and the item at each: the ones that changed it, newest first. */
  function versionsOf(commits: readonly Omit<HistoryEntry, 'version' | 'deleted' | 'changes'>[], items: readonly unknown[]): HistoryEntry[] {
    const entries: HistoryEntry[] = []
    let previous: unknown = undefined
    commits.forEach((entry, i) => {
      const item = items[i]
      if (JSON.stringify(item) === JSON.stringify(previous)) return
      if (item === undefined && previous === undefined) return
      const changes = item === undefined ? [] : diffFields(previous, item)
      // Another item's commit that only renumbered this one's blocks or stamps (issue 30): not a version of it.
      if (previous !== undefined && item !== undefined && changes.length === 0) {
        previous = item
        return
      }
      entries.push({ ...entry, version: item === undefined ? '' : versionOf(item), deleted: item === undefined, changes })
      previous = item
    })
    return entries.reverse()
  }

  return {
    /** The versions of an item, newest first; only commits that changed it. */
    async list(ref: ItemRef): Promise<HistoryEntry[]> {
      const file = `${ref.name}.json`
      await caughtUp()
      if (isFolderCollection(ref.name) && isFolder(ref.name) && ref.id) {
        // Its own file's commits, and before the moves its old folder's file's and the one file's (oldest first).
        const paths = [legacyFile(ref.name), oldEntryPath(ref.name, ref.id), entryPath(ref.name, ref.id)]
        const commits = (await (await repo).log(paths)).slice(0, MAX_COMMITS).reverse()
        return versionsOf(commits, await folderItems(ref.name, ref.id, commits.map((c) => c.commit)))
      }
      // The item's own commits from the index; the file's last ones until its first scan has ended (or if it fails).
      const indexed = index?.ready ? await index.commits(ref, MAX_COMMITS).catch(() => null) : null
      const commits = indexed
        ? indexed.map(({ commit, author, date, message }) => ({ commit, author, date, message }))
        : (await (await repo).log(file)).slice(0, MAX_COMMITS).reverse()
      const items: unknown[] = []
      let fetched = new Map<string, string | null>()
      for (const [i, entry] of commits.entries()) {
        // Versions are read BATCH at a time with one git process each (not one `git show` per commit).
        if (i % BATCH === 0) {
          const next = commits.slice(i, i + BATCH).map((c) => c.commit)
          fetched = await (await repo).showMany(
            next.filter((c) => !cache.has(`${c}:${file}`)),
            file,
          )
        }
        items.push(itemOf(ref, await fileAt(entry.commit, file, fetched)))
      }
      return versionsOf(commits, items)
    },
    /** A content file as a commit recorded it (parsed JSON), or null. */
    fileAt: (commit: string, file: string) => fileAt(commit, file),
    /** The item as a commit recorded it, or undefined. */
    async itemAt(ref: ItemRef, commit: string): Promise<unknown> {
      if (!/^[0-9a-f]{40}$/.test(commit)) return undefined
      if (isFolderCollection(ref.name) && isFolder(ref.name) && ref.id) return (await folderItems(ref.name, ref.id, [commit]))[0]
      return itemOf(ref, await fileAt(commit, `${ref.name}.json`))
    },
  }
}

export type ContentHistory = ReturnType<typeof createContentHistory>
