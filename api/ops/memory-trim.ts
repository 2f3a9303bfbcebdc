import { getHeapStatistics } from 'node:v8'

/**
 * Gives the garbage of publishes back before it piles up (issue 33, point 3). Each publish replaces its pages'
 * bodies and their brotli/gzip forms, Buffers outside V8's heap. V8 collects such memory only once it has grown by
 * about 64 MB since its last collection, so under steady saves RSS rose and fell by that much although nothing was
 * kept: heap snapshots after 100 and 1,100 demo saves held 54 and 60 MB of live objects, and external memory fell
 * back to 16–22 MB after each collection (bench/README.md, issue 33, eighth session). After a publish and every
 * CHECK_MS (cold pages read and compressed for a crawl are such Buffers too), once external memory has grown by
 * TRIM_BYTES since the last collection, one full collection is asked for, run by V8 as a task of its own (not on the
 * publish's or a request's path). Needs `--expose-gc` (api/node-flags.ts); without it, a no-op.
 *
 * V8 keeps the heap pages a collection emptied in a pool, resident, and gives them back only in a collection that
 * reduces memory, which its memory reducer never starts in a process that keeps allocating (a server): at 10,000
 * posts 87 MB of pooled pages after saves and a crawl (tenth session, decision 338). So once RSS has grown by
 * REDUCE_BYTES since the last such collection, and not too soon after it (below), the collection asked for is one
 * that reduces memory (`flavor: 'last-resort'`).
 */
const TRIM_BYTES = 16 * 1024 * 1024
const REDUCE_BYTES = 32 * 1024 * 1024
/**
 * A collection's pause grows with the heap in use, so the growth that asks for one grows with it too: at least an
 * eighth of the heap for either. Under ~128 MB of heap for the regular one, ~256 MB for the reducing one (the demo,
 * 10,000 posts) the fixed figures above apply. (A quarter for the reducing one while the heap at 100,000 posts was
 * ~0.7 GB; with the posts' bodies and the SEO texts out of it, ~0.3 GB, an eighth keeps RSS within ~40 MB of what
 * is live.)
 */
const TRIM_SHARE = 8
const REDUCE_SHARE = 8
/**
 * The reducing collection stops the server while it runs (~0.1 s at 10,000 posts, ~1.5 s at 100,000), so the next
 * one may come only after a hundred times the last one's duration (at most 1 % of the time), and not sooner than
 * REDUCE_MIN_GAP_MS; before the first, REDUCE_FIRST_GAP_MS. A fixed 30 s let a crawl of 10,000 posts' pages end
 * with one reduction behind it: RSS read then held tens of MB of pooled pages and garbage (issue 33, twelfth session).
 */
const REDUCE_FIRST_GAP_MS = 30_000
const REDUCE_MIN_GAP_MS = 5_000
const REDUCE_PAUSE_SHARE = 100
const CHECK_MS = 2_000

type GcOptions = { type: 'major'; execution: 'async'; flavor?: 'last-resort' }
type Gc = (options: GcOptions) => Promise<void>

/** What the trim reads: V8's external memory and heap in use, the process's RSS and the clock (tests pass their own). */
export type TrimProbes = { external?: () => number; rss?: () => number; heapUsed?: () => number; now?: () => number }

export function createMemoryTrim(
  gc: Gc | undefined = (globalThis as { gc?: Gc }).gc,
  probes: TrimProbes = {},
) {
  const external = probes.external ?? (() => getHeapStatistics().external_memory)
  const rss = probes.rss ?? (() => process.memoryUsage.rss())
  const heapUsed = probes.heapUsed ?? (() => getHeapStatistics().used_heap_size)
  const now = probes.now ?? Date.now
  let low = external()
  let rssLow = rss()
  let reducedAt = now()
  let reduceGap = REDUCE_FIRST_GAP_MS
  let running = false

  function collect(options: GcOptions): Promise<void> {
    running = true
    const asked = now()
    return gc!(options)
      .catch(() => {})
      .finally(() => {
        running = false
        low = external()
        if (!options.flavor) return
        ;[rssLow, reducedAt] = [rss(), now()]
        // From the ask to the end: the wait for V8's task too, so the gap errs long.
        reduceGap = Math.max(REDUCE_MIN_GAP_MS, REDUCE_PAUSE_SHARE * (reducedAt - asked))
      })
  }

  /** A collection that gives pooled pages back, when RSS grew enough since the last one and it is not too soon. */
  function reduceIfGrown(): boolean {
    const r = rss()
    // Lower than before (a collection gave memory back since): measure from there.
    if (r < rssLow) rssLow = r
    if (r - rssLow < Math.max(REDUCE_BYTES, heapUsed() / REDUCE_SHARE) || now() - reducedAt < reduceGap) return false
    void collect({ type: 'major', execution: 'async', flavor: 'last-resort' })
    return true
  }

  /** Either collection when due: the one that reduces memory first, else the regular one every TRIM_BYTES. */
  function check(): void {
    if (!gc || running || reduceIfGrown()) return
    const bytes = external()
    // Lower than before: V8 collected on its own since; measure from there.
    if (bytes < low) low = bytes
    if (bytes - low < Math.max(TRIM_BYTES, heapUsed() / TRIM_SHARE)) return
    void collect({ type: 'major', execution: 'async' })
  }

  return {
    /**
     * One collection that reduces memory now, and growth measured from after it: the start's loading and first
     * publish leave garbage and emptied pages (at 100,000 posts V8's heap was ~190 MB larger than what it used),
     * and their growth counts from the RSS after loading, so no reduction came. The server calls it before it
     * answers anything (the pause, ~1.5 s at 100,000 posts, is then no request's).
     */
    async reduceNow(): Promise<void> {
      if (!gc || running) return
      await collect({ type: 'major', execution: 'async', flavor: 'last-resort' })
    },
    /** Called after each publish went live. */
    afterPublish: check,
    /** The same check every CHECK_MS: reads without publishes (cold pages read and compressed) make garbage too. */
    start(): () => void {
      const timer = setInterval(check, CHECK_MS)
      timer.unref()
      return () => clearInterval(timer)
    },
  }
}
