import type { ContentRepo, GitAuthor } from '../git/content-repo.ts'
import { itemOf, versionOf, type ItemRef } from '../content-items.ts'
import { diffFields, type FieldChange } from './field-diff.ts'
import type { ItemIndex } from './item-index.ts'

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

  return {
    /** The versions of an item, newest first; only commits that changed it. */
    async list(ref: ItemRef): Promise<HistoryEntry[]> {
      const file = `${ref.name}.json`
      await caughtUp()
      // The item's own commits from the index; the file's last ones until its first scan has ended (or if it fails).
      const indexed = index?.ready ? await index.commits(ref, MAX_COMMITS).catch(() => null) : null
      const commits = indexed
        ? indexed.map(({ commit, author, date, message }) => ({ commit, author, date, message }))
        : (await (await repo).log(file)).slice(0, MAX_COMMITS).reverse()
      const entries: HistoryEntry[] = []
      let previous: unknown = undefined
      let fetched = new Map<string, string | null>()
      for (const [i, entry] of commits.entries()) {
        // Versions are read BATCH at a time with one git process each (not one `git show` per commit).
        if (i % BATCH === 0) {
          const next = commits.slice(i, i + BATCH).map((c) => c.commit)
          fetched = await (
            await repo
          ).showMany(
            next.filter((c) => !cache.has(`${c}:${file}`)),
            file,
          )
        }
        const item = itemOf(ref, await fileAt(entry.commit, file, fetched))
        if (JSON.stringify(item) === JSON.stringify(previous)) continue
        if (item === undefined && previous === undefined) continue
        const changes = item === undefined ? [] : diffFields(previous, item)
        // Another item's commit that only renumbered this one's blocks or stamps (issue 30): not a version of it.
        if (previous !== undefined && item !== undefined && changes.length === 0) {
          previous = item
          continue
        }
        entries.push({
          ...entry,
          version: item === undefined ? '' : versionOf(item),
          deleted: item === undefined,
          changes,
        })
        previous = item
      }
      return entries.reverse()
    },
    /** A content file as a commit recorded it (parsed JSON), or null. */
    fileAt: (commit: string, file: string) => fileAt(commit, file),
    /** The item as a commit recorded it, or undefined. */
    async itemAt(ref: ItemRef, commit: string): Promise<unknown> {
      if (!/^[0-9a-f]{40}$/.test(commit)) return undefined
      return itemOf(ref, await fileAt(commit, `${ref.name}.json`))
    },
  }
}

export type ContentHistory = ReturnType<typeof createContentHistory>
