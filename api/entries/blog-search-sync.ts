import { setImmediate as nextTurn } from 'node:timers/promises'
import type { BlogPost } from '#schema/blog.ts'
import { replacedPositions } from '#schema/list-lineage.ts'
import type { BlogSearchIndex, IndexedPost } from '../store/private/blog-search-index.ts'
import { log } from '../lib/log.ts'
import { scanTest, searchSource, type WordTest } from './blog-search.ts'

/** More changed posts than this since the last list the index matched are checked by a build, in the background. */
const MAX_CHANGED = 256
/** Posts a build checks per turn of the event loop (one transaction each). */
const CHUNK = 250

/**
 * Keeps the blog search index (api/store/private/blog-search-index.ts) equal to the posts and answers the word test
 * from it (decision 344). It remembers the last list of posts the index matched: a search on another list writes what
 * changed first — the positions a save replaced (schema/list-lineage.ts notes them), or for a list that grew or shrank
 * the posts that are not the same objects — and only posts whose text's hash changed are folded and written. Without
 * such a list (the first search after a start) or after a bulk change, a build walks every post in the background,
 * reading each body once to compare its hash with the stored one. A search meanwhile waits for it when the index
 * held at least half as many posts as the list when it began (a check after a restart: ~20 µs a post, its body read
 * and hashed); else (a first build, ~250 µs a post with the fold and the write) it takes the index's answer for the posts the build has checked and folds the others on
 * the spot, keeping nothing. Either way it is right at every moment.
 */
export function createBlogSearch(index: BlogSearchIndex) {
  let synced: readonly BlogPost[] | null = null
  let build: { checked: WeakSet<BlogPost>; done: Promise<void>; wait: boolean } | null = null
  let written = 0
  let failures = 0
  // A failure resets the index: a build of the file before stops, as its checked posts are no longer in it.
  let generation = 0

  const indexed = (posts: readonly BlogPost[]): IndexedPost[] => {
    const out: IndexedPost[] = []
    for (const post of posts) {
      const source = searchSource(post)
      if (index.hashOf(post.id) !== source.hash)
        out.push({ id: post.id, hash: source.hash, text: source.text() })
    }
    written += out.length
    return out
  }

  /** The posts to write and ids to remove from `before` to `after`; null when too many or not comparable. */
  function changes(before: readonly BlogPost[] | null, after: readonly BlogPost[]) {
    if (!before) return null
    const positions = replacedPositions(before, after, MAX_CHANGED)
    if (positions) {
      const put = positions.map((i) => after[i]!)
      const kept = new Set(put.map((post) => post.id))
      return { put, remove: positions.map((i) => before[i]!.id).filter((id) => !kept.has(id)) }
    }
    const old = new Set(before)
    const put = after.filter((post) => !old.has(post))
    if (put.length > MAX_CHANGED) return null
    const ids = new Set(after.map((post) => post.id))
    return { put, remove: before.filter((post) => !ids.has(post.id)).map((post) => post.id) }
  }

  async function runBuild(list: readonly BlogPost[], checked: WeakSet<BlogPost>) {
    const known = synced ? new Set(synced) : null
    const mine = generation
    for (let at = 0; at < list.length; at += CHUNK) {
      if (generation !== mine) return
      const chunk = list.slice(at, at + CHUNK)
      const unknown = known ? chunk.filter((post) => !known.has(post)) : chunk
      index.write(indexed(unknown), [])
      for (const post of chunk) checked.add(post)
      await nextTurn()
    }
    if (generation !== mine) return
    const ids = new Set(list.map((post) => post.id))
    index.write(
      [],
      index.ids().filter((id) => !ids.has(id)),
    )
    synced = list
  }

  function startBuild(list: readonly BlogPost[]) {
    const checked = new WeakSet<BlogPost>()
    const wait = index.count() >= list.length / 2
    const done = runBuild(list, checked)
      .catch((err) => fail(err))
      .finally(() => {
        if (build?.checked === checked) build = null
      })
    build = { checked, done, wait }
  }

  function fail(err: unknown) {
    log.error({ err }, 'Blog arama dizini güncellenemedi; dizin yeniden kurulacak')
    synced = null
    build = null
    generation++
    try {
      index.reset()
    } catch {}
  }

  /** Brings the index to `posts`, or starts a build that will; a failed write resets the index (false). */
  function follow(posts: readonly BlogPost[]): boolean {
    if (build || synced === posts) return true
    try {
      const diff = changes(synced, posts)
      if (!diff) startBuild(posts)
      else {
        index.write(indexed(diff.put), diff.remove)
        synced = posts
      }
      return true
    } catch (err) {
      fail(err)
      return false
    }
  }

  return {
    /**
     * Resolves once a search may run: at once, or after a build that checks a full index (see above). `read` gives
     * the current posts; the caller reads them again afterwards (a save may have come meanwhile).
     */
    async ready(read: () => readonly BlogPost[]): Promise<void> {
      while (follow(read()) && build?.wait) await build.done
    },
    /** The word test for a search over `posts`: the index's answer, folding only posts a build has not checked yet. */
    testFor(posts: readonly BlogPost[]): (words: string[]) => WordTest {
      return (words) => {
        if (!follow(posts)) {
          failures++
          return scanTest(words)
        }
        let ids: Set<string>
        try {
          ids = index.matching(words)
        } catch (err) {
          // A lookup that failed (the file unreadable?): this search folds every post; the next tries again.
          log.error({ err }, 'Blog arama dizini okunamadı; arama dizinsiz yapıldı')
          failures++
          return scanTest(words)
        }
        const current = build
        if (!current) return (post) => ids.has(post.id)
        const scan = scanTest(words)
        return (post) => (current.checked.has(post) ? ids.has(post.id) : scan(post))
      }
    },
    /** Resolves when no build is running (tests, benchmarks); starts one for `posts` when the index does not match. */
    async settled(posts?: readonly BlogPost[]): Promise<void> {
      if (posts) follow(posts)
      while (build) await build.done
    },
    /** Posts folded and written since the start (tests: a restart writes only what changed). */
    written: () => written,
    /** Searches answered without the index because it failed (tests: none). */
    failures: () => failures,
  }
}

export type BlogSearch = ReturnType<typeof createBlogSearch>
