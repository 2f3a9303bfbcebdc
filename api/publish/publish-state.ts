import { appendFile, chmod, readFile, rm } from 'node:fs/promises'
import { randomBytes } from 'node:crypto'
import { exportPaths, writeFileAtomic, type PageRecord } from './export-folder.ts'
import { PUBLIC_FILE_MODE } from './public-modes.ts'

/**
 * `publish-state.json` (every page's key, so a restart renders only what changed) written by what changed
 * (issue 33, decision 331): at 10,000 posts the whole state is 3.3 MB, and a save changes a few records. A full
 * publish (and every so often a compaction) writes the whole state as `publish-state.json` with a fresh `log` id;
 * an incremental publish appends one line to `publish-state.log` with the records it set, the pages it removed and
 * the tree now live. Reading applies the lines whose `log` id matches the base's, in order, and stops at a line
 * that does not parse (a crash mid-append): the state is then an older tree's, which a restart does not take over
 * (it renders every page: a restart's work, never a wrong page).
 */

/**
 * `tree`: the `site-*` tree these pages are in (a restart takes them over only when `live` still points there);
 * `files`: the site's other files in the live index (the code's client files; not what other modules added).
 */
export type PublishState = { code: string; tree: string; pages: Record<string, PageRecord>; files?: string[] }

type Base = PublishState & { log?: string }
type Line = { log: string; tree: string; set: Record<string, PageRecord>; removed: string[] }

const logPath = (buildRoot: string) => exportPaths(buildRoot).state.replace(/\.json$/, '.log')

/** The state of the last publish recorded (null: none, or unreadable). */
export async function readPublishState(buildRoot: string): Promise<PublishState | null> {
  let base: Base
  try {
    base = JSON.parse(await readFile(exportPaths(buildRoot).state, 'utf8')) as Base
  } catch {
    return null
  }
  const { log, ...state } = base
  if (!log) return state
  const text = await readFile(logPath(buildRoot), 'utf8').catch(() => '')
  for (const raw of text.split('\n')) {
    if (!raw) continue
    let line: Line
    try {
      line = JSON.parse(raw) as Line
    } catch {
      break
    }
    // Lines of an earlier base (a crash between a compaction and the log's removal) are not this state's.
    if (line.log !== log) continue
    Object.assign(state.pages, line.set)
    for (const path of line.removed) delete state.pages[path]
    state.tree = line.tree
  }
  return state
}

/**
 * Writes the publish state: `full` (a full publish, the first after a start) writes it whole; otherwise only the
 * records of `changed` pages and the `removed` ones are appended, until the log outgrows the base (then whole).
 */
export function createPublishStateWriter(buildRoot: string) {
  let log: string | null = null
  let baseBytes = 0
  let logBytes = 0
  return {
    async write(
      state: { code: string; tree: string; pages: ReadonlyMap<string, PageRecord>; files: () => string[] },
      change: { changed: string[]; removed: string[] } | 'full',
    ): Promise<void> {
      // A quarter of the base, at least 256 KB: at 10,000 posts one whole write per ~1,000 saves.
      if (change === 'full' || log === null || logBytes > Math.max(256 * 1024, baseBytes / 4)) {
        const next = randomBytes(6).toString('base64url')
        const text = JSON.stringify({ code: state.code, tree: state.tree, pages: Object.fromEntries(state.pages), files: state.files(), log: next })
        await writeFileAtomic(exportPaths(buildRoot).state, text)
        await rm(logPath(buildRoot), { force: true })
        ;[log, baseBytes, logBytes] = [next, Buffer.byteLength(text), 0]
        return
      }
      const set: Record<string, PageRecord> = {}
      for (const path of change.changed) {
        const r = state.pages.get(path)
        if (r) set[path] = r
      }
      const line = `${JSON.stringify({ log, tree: state.tree, set, removed: change.removed } satisfies Line)}\n`
      try {
        await appendFile(logPath(buildRoot), line)
        // Public like every file under SITE_BUILD_DIR, whatever the umask (decision 290).
        if (logBytes === 0) await chmod(logPath(buildRoot), PUBLIC_FILE_MODE)
      } catch (err) {
        // A line lost (a full disk): the next publish writes the whole state instead of a log with a gap.
        log = null
        throw err
      }
      logBytes += Buffer.byteLength(line)
    },
  }
}
