import { readdirSync, watch, type FSWatcher } from 'node:fs'
import { join } from 'node:path'
import { log } from '../../lib/log.ts'

/** How often the folder is checked even without a watch event (network folders, editors that miss events). */
const POLL_MS = 2000
/** A pull or checkout writes several files in a burst: check once it has settled. */
const SETTLE_MS = 150

export type WatchOptions = {
  /** The periodic check's interval (tests make it long to see what the watch alone notices). */
  pollMs?: number
  /** Collections stored a file per item (`blogs`): their folder and each sub-folder are watched too. */
  folders?: readonly string[]
  /** Told each file that changed in those folders (`blogs/26/x.json`), before the check it triggers. */
  onFile?: (path: string) => void
}

/**
 * Calls `check` soon after anything in `dir` changes (fs.watch), and every two seconds anyway (`sweep` true: that
 * check also turns over item files no event named; a save's own files raise events too). A watch is not
 * recursive on Linux: the folders of `folders` and their sub-folders get one each (up to 257 per collection: the
 * folder and its 256 hash folders, decision 336; inotify allows 8,192 or more per user), added as sub-folders appear, so an item file edited in place is named to `onFile`
 * and goes live at once. Returns a function that stops watching.
 */
export function watchContentDir(dir: string, check: (sweep: boolean) => Promise<unknown>, options: WatchOptions = {}): () => void {
  let timer: NodeJS.Timeout | null = null
  let running: Promise<unknown> | null = null
  let again = false
  /** Whether the check to run is the periodic one (it also sweeps item files for edits no event named). */
  let sweep = false
  const run = (periodic = false) => {
    timer = null
    sweep ||= periodic
    if (running) return void (again = true)
    const sweepNow = sweep
    sweep = false
    running = check(sweepNow)
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
    if (!timer) timer = setTimeout(() => run(), SETTLE_MS).unref()
  }
  /** Watches by relative folder ('' is `dir`; 'blogs', 'blogs/b'). */
  const watchers = new Map<string, FSWatcher>()
  let stopped = false
  function watchFolder(rel: string, onEvent: (file: string | null) => void): void {
    if (stopped || watchers.has(rel)) return
    try {
      const w = watch(rel ? join(dir, rel) : dir, { persistent: false }, (_event, file) => onEvent(file))
      // A folder removed (a checkout) ends its watch: forget it, so the folder gets a new one when it comes back.
      w.on('error', () => forget(rel))
      w.on('close', () => watchers.get(rel) === w && watchers.delete(rel))
      watchers.set(rel, w)
    } catch {
      // No fs.watch here (some network filesystems) or the folder is gone: the periodic check still notices.
    }
  }
  function forget(rel: string): void {
    const w = watchers.get(rel)
    watchers.delete(rel)
    w?.close()
  }
  const subFolders = (rel: string) => {
    try {
      return readdirSync(join(dir, rel), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    } catch {
      return []
    }
  }
  const bucket = (name: string, sub: string) =>
    watchFolder(`${name}/${sub}`, (file) => {
      if (file) options.onFile?.(`${name}/${sub}/${file}`)
      soon()
    })
  const collection = (name: string) => {
    watchFolder(name, (file) => {
      if (file) {
        options.onFile?.(`${name}/${file}`)
        // A new sub-folder (or one replaced by a checkout): watch it, and look at what it holds already.
        if (subFolders(name).includes(file)) {
          forget(`${name}/${file}`)
          bucket(name, file)
          for (const entry of readdirSafe(join(dir, name, file))) options.onFile?.(`${name}/${file}/${entry}`)
        }
      }
      soon()
    })
    for (const sub of subFolders(name)) bucket(name, sub)
  }
  const folders = new Set(options.folders ?? [])
  watchFolder('', (file) => {
    // The collection's folder made (the move at start) or replaced: watch it and its sub-folders anew.
    if (file && folders.has(file)) {
      for (const rel of [...watchers.keys()]) if (rel === file || rel.startsWith(`${file}/`)) forget(rel)
      collection(file)
    }
    soon()
  })
  for (const name of folders) collection(name)
  const poll = setInterval(() => run(true), options.pollMs ?? POLL_MS).unref()
  return () => {
    stopped = true
    for (const rel of [...watchers.keys()]) forget(rel)
    clearInterval(poll)
    if (timer) clearTimeout(timer)
  }
}

function readdirSafe(path: string): string[] {
  try {
    return readdirSync(path)
  } catch {
    return []
  }
}
