import { getHeapStatistics } from 'node:v8'

/**
 * Gives the garbage of publishes back before it piles up (issue 33, point 3). Each publish replaces its pages'
 * bodies and their brotli/gzip forms, Buffers outside V8's heap. V8 collects such memory only once it has grown by
 * about 64 MB since its last collection, so under steady saves RSS rose and fell by that much although nothing was
 * kept: heap snapshots after 100 and 1,100 demo saves held 54 and 60 MB of live objects, and external memory fell
 * back to 16–22 MB after each collection (bench/README.md, issue 33, eighth session). After a publish, once external
 * memory has grown by TRIM_BYTES since the last collection, one full collection is asked for, run by V8 as a task
 * of its own (not on the publish's or a request's path). Needs `--expose-gc` (api/node-flags.ts); without it, a
 * no-op.
 */
const TRIM_BYTES = 16 * 1024 * 1024

type Gc = (options: { type: 'major'; execution: 'async' }) => Promise<void>

export function createMemoryTrim(gc: Gc | undefined = (globalThis as { gc?: Gc }).gc, external = () => getHeapStatistics().external_memory) {
  let low = external()
  let running = false
  return {
    /** Called after each publish went live. */
    afterPublish(): void {
      if (!gc || running) return
      const now = external()
      // Lower than before: V8 collected on its own since; measure from there.
      if (now < low) low = now
      if (now - low < TRIM_BYTES) return
      running = true
      void gc({ type: 'major', execution: 'async' })
        .catch(() => {})
        .finally(() => {
          running = false
          low = external()
        })
    },
  }
}
