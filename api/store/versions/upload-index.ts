import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { ContentRepo } from '../git/content-repo.ts'
import { cleanEnv, countGit, git } from '../git/git-exec.ts'
import type { UploadHistoryRef, UploadHistoryTable } from '../private/upload-history.ts'

/** The names our uploads have in content (same pattern as api/media/upload-usage.ts). */
const UPLOAD_URL = /\/uploads\/[A-Za-z0-9_-]+\.[A-Za-z0-9]+/g

/** History could not be read (git missing, repository broken): whoever deletes uploads must then delete nothing. */
export class HistoryUnreadable extends Error {}

/** media.json lists every upload of the library: its history says nothing about what content used. */
const SKIPPED_FILES = new Set(['media.json'])

/** Runs git and hands its output to `onLine` line by line: never held whole, so any history size works. */
function gitLines(args: string[], cwd: string, onLine: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    countGit(args)
    const child = spawn('git', args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d) => void (stderr = (stderr + d).slice(-2000)))
    const lines = createInterface({ input: child.stdout, crlfDelay: Infinity })
    lines.on('line', onLine)
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git ${args[0]}: ${stderr.trim()}`))))
  })
}

/**
 * Every /uploads/ URL any version of the content refers to, for the one check every upload delete asks
 * (api/media/upload-keep.ts). Committed versions: the lines each commit added, scanned once per commit and kept in
 * the database (`table`), so a start reads only the commits made since the last scan, never the whole history.
 * Saves not yet committed (the commit queue runs behind the answer) and loaded outside edits: a set in memory.
 */
export function createUploadIndex(repo: Promise<ContentRepo>, table: UploadHistoryTable) {
  const seen = new Set<string>()
  let chain: Promise<unknown> = Promise.resolve()
  const stats = { lastScanCommits: 0 }

  /** Brings the table up to HEAD; throws HistoryUnreadable when git or the repository fails. */
  async function scan(): Promise<void> {
    let r: ContentRepo
    try {
      r = await repo
    } catch (err) {
      throw new HistoryUnreadable(`Git deposu açılamadı: ${(err as Error).message}`)
    }
    const key = `${r.root}\n${r.prefix}`
    const run = (args: string[]) => git(args, { cwd: r.root })
    let head: string
    try {
      head = (await run(['rev-parse', '--verify', '-q', 'HEAD^{commit}']).catch(async (err) => {
        // No commit yet is an empty history, not a broken one: the repository itself must answer.
        await run(['rev-parse', '--git-dir'])
        if ((await run(['rev-list', '-n', '1', '--all'])).trim() === '') return ''
        throw err
      })).trim()
    } catch (err) {
      throw new HistoryUnreadable((err as Error).message)
    }
    stats.lastScanCommits = 0
    if (head === '' || head === table.tip(key)) return
    const tip = table.tip(key)
    const fromTip =
      tip !== null && (await run(['merge-base', '--is-ancestor', tip, head]).then(() => true, () => false))
    const refs = new Map<string, UploadHistoryRef>()
    let commit = ''
    let file = ''
    let inHunk = false
    let commits = 0
    const prefix = r.prefix ? `${r.prefix}/` : ''
    try {
      await gitLines(
        [
          'log',
          '-p',
          '-U0',
          '--no-color',
          '--no-ext-diff',
          '--no-textconv',
          '--no-renames',
          '--diff-merges=first-parent',
          '--format=%x00%H',
          head,
          // A history rewritten under us (the old tip gone from it) is scanned whole again; rows are only added.
          ...(fromTip ? ['--not', tip!] : []),
          '--',
          r.prefix || '.',
        ],
        r.root,
        (line) => {
          if (line.startsWith('\0')) {
            commit = line.slice(1)
            inHunk = false
            commits++
          } else if (line.startsWith('diff --git ')) inHunk = false
          else if (!inHunk && line.startsWith('+++ ')) {
            const path = line.slice(4).replace(/^b\//, '')
            file = path.startsWith(prefix) ? path.slice(prefix.length) : path
          } else if (line.startsWith('@@')) inHunk = true
          else if (inHunk && line.startsWith('+') && !SKIPPED_FILES.has(file)) {
            for (const url of line.match(UPLOAD_URL) ?? []) {
              if (!refs.has(`${url}\n${file}`)) refs.set(`${url}\n${file}`, { url, file, commit })
            }
          }
        },
      )
    } catch (err) {
      throw new HistoryUnreadable((err as Error).message)
    }
    table.record(key, head, refs.values())
    stats.lastScanCommits = commits
  }

  /** One scan at a time; each call scans what was committed before it started. */
  const catchUp = (): Promise<void> => {
    const run = chain.then(scan, scan)
    chain = run.catch(() => {})
    return run
  }

  const addText = (text: string) => {
    for (const url of text.match(UPLOAD_URL) ?? []) seen.add(url)
  }
  return {
    /** Records the uploads a version saved or loaded now refers to (its commit may still be queued). */
    add: (value: unknown) => addText(typeof value === 'string' ? value : JSON.stringify(value ?? null)),
    catchUp,
    /**
     * Where history refers to the upload (after `catchUp`): committed versions by file and commit; a version held
     * only by the server so far counts as `{ file: '', commit: '' }`.
     */
    refs(url: string): UploadHistoryRef[] {
      const found = table.find(url)
      return found.length || !seen.has(url) ? found : [{ url, file: '', commit: '' }]
    },
    /** True when some version in history (or held by the server) refers to the upload; throws HistoryUnreadable. */
    async has(url: string): Promise<boolean> {
      await catchUp()
      return this.refs(url).length > 0
    },
    stats,
  }
}

export type UploadIndex = ReturnType<typeof createUploadIndex>
