import { watch, type FSWatcher } from 'node:fs'
import { log } from '../../lib/log.ts'

/** How often the folder is checked even without a watch event (network folders, editors that miss events). */
const POLL_MS = 2000
/** A pull or checkout writes several files in a burst: check once it has settled. */
const SETTLE_MS = 150

/**
 * Calls `check` soon after anything in `dir` changes (fs.watch), and every two seconds anyway.
 * Returns a function that stops watching.
 */
export function watchContentDir(dir: string, check: () => Promise<unknown>): () => void {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null
  let again = false
  const run = () => {
    timer = null
    if (running) return void (again = true)
    running = check()
      .catch((err) =>
        log.error(`İçerik klasörü denetlenemedi: ${err instanceof Error ? err.message : err}`),
      )
      .finally(() => {
        running = null
        if (again) {
          again = false
          run()
        }
      })
  }
  const soon = () => {
    if (!timer) timer = setTimeout(run, SETTLE_MS).unref()
  }
  let watcher: FSWatcher | null = null
  try {
    watcher = watch(dir, { persistent: false }, soon)
    watcher.on('error', () => {})
  } catch {
    // No fs.watch here (some network filesystems): the periodic check still notices changes.
  }
  const poll = setInterval(run, POLL_MS).unref()
  return () => {
    watcher?.close()
    clearInterval(poll)
    if (timer) clearTimeout(timer)
  }
}
