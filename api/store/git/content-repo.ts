import { readdir, realpath, rm } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { readContentFileSafely } from '../content-file.ts'
import { git, gitBytes, gitOrNull } from './git-exec.ts'
import { acceptableAuthor, blobId, oneLineMessage, type GitAuthor } from './git-text.ts'
import { log } from '../../lib/log.ts'

export type { GitAuthor } from './git-text.ts'

/** One commit that touched a content file. */
export type LogEntry = { commit: string; author: GitAuthor; date: string; message: string }

/** A file's bytes as a save hands them over: text, bytes, or pieces of bytes in order. */
export type FileBytes = string | Uint8Array | readonly Uint8Array[]

/**
 * A content file as one commit should record it: `name` is its path inside CONTENT_DIR, '/'-separated (nested for
 * a folder collection's files: `blogs/a/aB3.json`); `text` null: the commit removes it.
 */
export type FileSnapshot = { name: string; text: FileBytes | null }
/** A content file a save wrote (no removal): what the commit queue and the sync hand over. */
export type WrittenFile = { name: string; text: FileBytes }

/**
 * 'commit': every save is a commit (CONTENT_DIR is a repository of its own, or was in none and got `git init`).
 * 'local': CONTENT_DIR is a folder inside another repository (the project's checkout): the server writes the files
 * and reads their history, the developer commits them (decision 026).
 */
export type RepoMode = 'commit' | 'local'

/** The repository that versions CONTENT_DIR, driven with plumbing and a private index. */
export type ContentRepo = {
  /** The repository's top folder and CONTENT_DIR's path inside it ('' when they are the same). */
  root: string
  prefix: string
  /** The repository's git folder: the server's own state lives there (private index, sync conflicts). */
  gitDir: string
  mode: RepoMode
  /**
   * Commits exactly these files on top of HEAD; null when nothing changed. Leaves the repository clean.
   * `options.carry`: other paths of CONTENT_DIR (files that are no collection) taken as `mergeParent` has them, so a
   * merge never drops a maintainer's other files. `options.onto`: the commit's first parent instead of HEAD (the
   * branch is moved there: the remote rewrote its history, issue 27).
   */
  commit(
    files: FileSnapshot[],
    author: GitAuthor,
    message: string,
    mergeParent?: string,
    options?: { carry?: string[]; onto?: string },
  ): Promise<string | null>
  /**
   * Moves the branch to `target` when it is a descendant of HEAD (a fast-forward): false when HEAD moved. `names`:
   * the content files that changed; `others`: other changed paths of CONTENT_DIR, which the work tree and the
   * index follow too, so `git status` stays clean.
   */
  fastForward(target: string, names: string[], others?: string[]): Promise<boolean>
  /**
   * The blob ids HEAD records for these content files (a file HEAD lacks is absent from the map). A name ending in
   * '/' is a folder: every file under it (`blogs/`), asked with one argument however many files it holds.
   */
  headBlobs(names: string[]): Promise<Map<string, string>>
  /** The id git gives these bytes (sha1, or sha256 in such a repository). */
  blobOf(bytes: FileBytes): string
  /** Commits that touched a content file, newest first. */
  log(name: string): Promise<LogEntry[]>
  /** A content file as a commit recorded it, or null when it did not exist then. */
  show(commit: string, name: string): Promise<string | null>
  /** The same for several commits with one git process (`cat-file --batch`): a history reads 300 versions. */
  showMany(commits: string[], name: string): Promise<Map<string, string | null>>
  /** Pushes the current branch to `remote` (a URL or a path). */
  push(remote: string): Promise<void>
  /** Packs what the last commits wrote, when git's own thresholds say so (never while a commit runs). */
  maintain(): Promise<void>
  /** Removes the private index (the server stops). */
  close(): Promise<void>
}

/** The server's own identity for commits it makes itself (the first import of the files, recovered changes). */
export const SERVER_AUTHOR: GitAuthor = { name: 'Site sunucusu', email: 'sunucu@localhost' }
/** The committer of every commit the server makes (the author is the staff member who saved). */
export const SERVER_COMMITTER = SERVER_AUTHOR

/** The message of a commit that records a content file's change no save accounts for (issue 18). */
export const recoveredMessage = (file: string) => `Kaydedilmemiş değişiklik kurtarıldı: ${file}`

/** The private index's file name inside the repository's git folder (never the system's temporary folder). */
const PRIVATE_INDEX = 'site-content-index'

/**
 * The ref every commit and fast-forward moves: `update-ref HEAD` moves the branch HEAD points to (or HEAD itself when
 * detached), so a save lands on what is checked out now, never on a branch a maintainer has since left (the name
 * read once and kept did that); a compare-and-swap against another branch's tip fails and the retry rereads HEAD.
 */
const BRANCH = 'HEAD'

/** How often the real index is tried again when someone else holds its lock (a maintainer's git status). */
const INDEX_TRIES = 5
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

/**
 * The staff member is the author; the server is always the committer, as git means it (who recorded the commit).
 * That is how the sync tells the server's own commits from a maintainer's when a force push drops some (issue 27).
 */
const authorEnv = (a: GitAuthor) => ({
  GIT_AUTHOR_NAME: a.name,
  GIT_AUTHOR_EMAIL: a.email,
  GIT_COMMITTER_NAME: SERVER_COMMITTER.name,
  GIT_COMMITTER_EMAIL: SERVER_COMMITTER.email,
})

/**
 * Opens the repository CONTENT_DIR lies in; when it lies in none, makes CONTENT_DIR one and commits its current
 * JSON files. A folder inside another repository is opened in local mode unless `commits: 'always'`
 * (CONTENT_GIT=on). Commits go through a private index in the git folder, so the user's staged changes are never
 * included; after each commit the repository's own index is set to the committed blobs of those files, so
 * `git status` shows nothing to commit for them and `git commit -am` never records stale content (decision 025).
 */
export async function openContentRepo(
  dir: string,
  options: { commits?: 'auto' | 'always' } = {},
): Promise<ContentRepo> {
  // One call for where the repository is, its git folder and its hash (a fork costs ~100 ms on a busy machine).
  const where = ['rev-parse', '--show-toplevel', '--absolute-git-dir', '--show-object-format']
  let found = await gitOrNull(where, { cwd: dir })
  const created = found === null
  if (created) {
    await git(['init', '-q'], { cwd: dir })
    found = await git(where, { cwd: dir })
  }
  const [top = '', gitDir = '', format = 'sha1'] = found!.split('\n')
  const root = await realpath(top)
  const prefix = relative(root, await realpath(dir))
    .split(sep)
    .join('/')
  const mode: RepoMode = prefix && options.commits !== 'always' ? 'local' : 'commit'
  // The id update-ref takes for "no such ref yet": as long as the repository's ids (sha256: 64 digits).
  const noCommit = format === 'sha256' ? '0'.repeat(64) : '0'.repeat(40)
  const pathOf = (name: string) => (prefix ? `${prefix}/${name}` : name)
  const indexEnv = { GIT_INDEX_FILE: join(gitDir, PRIVATE_INDEX) }
  const run = (
    args: string[],
    env: Record<string, string> = {},
    input?: string | Uint8Array | readonly Uint8Array[],
  ) => git(args, { cwd: root, env: { ...indexEnv, ...env }, input })
  // The repository's own index (no GIT_INDEX_FILE): only ever given the blobs just committed.
  const runReal = (args: string[], input?: string) => git(args, { cwd: root, input })
  // gc.auto=0 in the repository's config means its owner packs by hand: the server then never does.
  let packing: boolean | undefined

  // What HEAD was after our last commit, with the private index matching it: a save then costs five git calls.
  // Someone else moving HEAD (a pull, a commit) makes update-ref's compare-and-swap fail, and the retry rereads.
  let known: { head: string | undefined; tree: string | undefined } | null = null
  // Content paths whose committed blob the real index does not hold yet (its lock was busy): tried again later.
  const unsynced = new Map<string, string | null>()

  async function readHead() {
    const head = (await gitOrNull(['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { cwd: root }))?.trim()
    await rm(indexEnv.GIT_INDEX_FILE, { force: true })
    if (head) await run(['read-tree', head])
    const tree = head ? (await run(['rev-parse', `${head}^{tree}`])).trim() : undefined
    return { head, tree }
  }

  /** Sets the repository's own index entries of the committed files to their committed blobs. */
  async function syncRealIndex() {
    if (unsynced.size === 0) return
    // A removed path (null) leaves the index too (mode 0).
    const lines = [...unsynced].map(([path, blob]) => (blob ? `100644 ${blob}\t${path}` : `0 ${noCommit}\t${path}`)).join('\n') + '\n'
    for (let attempt = 1; ; attempt++) {
      try {
        await runReal(['update-index', '--add', '--index-info'], lines)
        unsynced.clear()
        return
      } catch (err) {
        // index.lock held by a maintainer's git for a moment: wait; a stale lock is reported, the commit stands.
        if (attempt >= INDEX_TRIES) {
          log.error(`Git dizini güncellenemedi (sonra yeniden denenecek): ${(err as Error).message}`)
          return
        }
        await wait(50 * 2 ** attempt)
      }
    }
  }

  /** Index lines that set `paths` as `source` has them (mode 0: removed where it has none). */
  async function linesFrom(source: string, paths: string[]): Promise<string[]> {
    if (paths.length === 0) return []
    const out = await gitOrNull(['ls-tree', '-z', source, '--', ...paths.map(pathOf)], { cwd: root })
    const found = new Map<string, string>()
    for (const row of (out ?? '').split('\0')) {
      const match = /^(\d+) blob ([0-9a-f]+)\t(.*)$/s.exec(row)
      if (match) found.set(match[3]!, `${match[1]} ${match[2]}\t${match[3]}`)
    }
    return paths.map((p) => found.get(pathOf(p)) ?? `0 ${noCommit}\t${pathOf(p)}`)
  }

  /** The work tree and the real index of `paths` as `commit` has them (other files a merge carried). */
  async function followInWorkTree(commit: string, paths: string[]) {
    if (paths.length === 0) return
    const lines = await linesFrom(commit, paths)
    const present = paths.filter((_, i) => !lines[i]!.startsWith('0 '))
    const gone = paths.filter((_, i) => lines[i]!.startsWith('0 '))
    if (present.length) await runReal(['checkout', commit, '--', ...present.map(pathOf)]).catch((err) => log.warn(`${(err as Error).message}`))
    for (const path of gone) {
      await runReal(['rm', '-q', '--cached', '--ignore-unmatch', '--', pathOf(path)]).catch(() => {})
      await rm(join(root, pathOf(path)), { force: true })
    }
  }

  async function commitOnce(
    files: FileSnapshot[],
    author: GitAuthor,
    message: string,
    mergeParent?: string,
    options: { carry?: string[]; onto?: string } = {},
  ) {
    if (options.onto) known = null
    const { head, tree: headTree } = (known ??= await readHead())
    // The first parent is `onto`: the private index starts from its tree (after readHead, which reads HEAD's), so
    // every path the files do not name is as the new history has it, never as the old HEAD had it.
    if (options.onto) await run(['read-tree', options.onto])
    const lines: string[] = []
    if (mergeParent && options.carry?.length) lines.push(...(await linesFrom(mergeParent, options.carry)))
    const blobs: [string, string | null][] = []
    for (const file of files) {
      // A removed path: mode 0 takes it out of the private index, so the tree lacks it.
      if (file.text === null) {
        lines.push(`0 ${noCommit}\t${pathOf(file.name)}`)
        blobs.push([pathOf(file.name), null])
        continue
      }
      // zlib's fastest level for the loose object: a 20 MB blogs.json (10,000 posts) took 0.5 s at git's default,
      // 0.35 s so, and every save's commit must keep up with saves a second apart. Packing recompresses it.
      const blob = (await run(['-c', 'core.looseCompression=1', 'hash-object', '-w', '--stdin'], {}, file.text)).trim()
      lines.push(`100644 ${blob}\t${pathOf(file.name)}`)
      blobs.push([pathOf(file.name), blob])
    }
    // No line at all (a merge that only records the remote's commits): git refuses an empty --index-info.
    if (lines.length > 0) await run(['update-index', '--index-info'], {}, lines.join('\n') + '\n')
    const tree = (await run(['write-tree'])).trim()
    const first = options.onto ?? head
    // A merge with the content remote is a commit even when the tree stays: it records the remote's commits.
    if (tree === headTree && !mergeParent && !options.onto) return null
    if (options.onto && tree === (await run(['rev-parse', `${options.onto}^{tree}`])).trim()) {
      // Nothing of ours on top of the new history: the branch simply moves there.
      await run(['update-ref', '-m', message, BRANCH, options.onto, head ?? noCommit])
      known = null
      for (const file of files) unsynced.set(pathOf(file.name), file.text === null ? null : repo.blobOf(file.text))
      return options.onto
    }
    const parents = [...(first ? ['-p', first] : []), ...(mergeParent ? ['-p', mergeParent] : [])]
    const commit = (await run(['commit-tree', tree, ...parents], authorEnv(author), message)).trim()
    // Compare-and-swap: fails when someone committed in between (then the caller tries again on the new HEAD).
    await run(['update-ref', '-m', message, BRANCH, commit, head ?? noCommit])
    known = { head: commit, tree }
    for (const [path, blob] of blobs) unsynced.set(path, blob)
    return commit
  }

  const repo: ContentRepo = {
    root,
    prefix,
    gitDir,
    mode,
    async commit(files, author, message, mergeParent, options = {}) {
      if (mode === 'local') return null
      const who = acceptableAuthor(author)
      const text = oneLineMessage(message)
      for (let attempt = 1; ; attempt++) {
        try {
          const sha = await commitOnce(files, who, text, mergeParent, options)
          await syncRealIndex()
          if (sha && options.carry?.length) await followInWorkTree(sha, options.carry)
          return sha
        } catch (err) {
          known = null // reread HEAD and the index before trying again
          if (attempt >= 3) throw err
        }
      }
    },
    async fastForward(target, names, others = []) {
      if (mode === 'local') return false
      const { head } = (known ??= await readHead())
      try {
        await run(['update-ref', '-m', 'İçerik uzak depodan alındı (ileri sarma)', BRANCH, target, head ?? noCommit])
      } catch {
        known = null
        return false
      }
      known = null // the private index is read again from the new HEAD at the next commit
      // The repository's own index follows, so `git status` stays clean for the files that moved.
      const out = names.length ? await gitOrNull(['ls-tree', '-z', target, '--', ...names.map(pathOf)], { cwd: root }) : ''
      for (const row of (out ?? '').split('\0')) {
        const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(row)
        if (match) unsynced.set(match[2]!, match[1]!)
      }
      await syncRealIndex()
      await followInWorkTree(target, others)
      return true
    },
    async headBlobs(names) {
      // -r: a folder named ('blogs/') lists every file under it, with one argument however many it holds.
      const out = await gitOrNull(['ls-tree', '-r', '-z', 'HEAD', '--', ...names.map(pathOf)], { cwd: root })
      const blobs = new Map<string, string>()
      const folders = names.filter((n) => n.endsWith('/'))
      for (const row of (out ?? '').split('\0')) {
        const match = /^\d+ blob ([0-9a-f]+)\t(.*)$/s.exec(row)
        const name = match?.[2]!.slice(prefix ? prefix.length + 1 : 0)
        // A file name asked for that is a folder in HEAD is no file: only what was asked as a folder is listed.
        if (match && (names.includes(name!) || folders.some((f) => name!.startsWith(f)))) blobs.set(name!, match[1]!)
      }
      return blobs
    },
    blobOf: (bytes) => blobId(bytes, format === 'sha256' ? 'sha256' : 'sha1'),
    async log(name) {
      // NUL-separated (-z, %x00): no title or author can contain a NUL, so none can forge another entry.
      const out = await gitOrNull(
        ['log', '-z', '--format=%H%x00%an%x00%ae%x00%aI%x00%s', '--', pathOf(name)],
        {
          cwd: root,
        },
      )
      const fields = (out ?? '').split('\0')
      const entries: LogEntry[] = []
      for (let i = 0; i + 4 < fields.length; i += 5) {
        const [commit, authorName, email, date, message] = fields.slice(i, i + 5) as [
          string,
          string,
          string,
          string,
          string,
        ]
        if (!/^[0-9a-f]{40,64}$/.test(commit)) break
        entries.push({ commit, author: { name: authorName, email }, date, message })
      }
      return entries
    },
    show: (commit, name) => gitOrNull(['show', `${commit}:${pathOf(name)}`], { cwd: root }),
    async showMany(commits, name) {
      const texts = new Map<string, string | null>()
      const wanted = commits.filter((c) => /^[0-9a-f]{40,64}$/.test(c))
      if (wanted.length === 0) return texts
      const input = wanted.map((c) => `${c}:${pathOf(name)}`).join('\n') + '\n'
      const out = await gitBytes(['cat-file', '--batch'], { cwd: root, input })
      // Each answer: "<id> <type> <size>\n<bytes>\n", or "<name> missing\n" (the file did not exist then).
      let at = 0
      for (const commit of wanted) {
        const end = out.indexOf(10, at)
        if (end < 0) break
        const header = out.subarray(at, end).toString('utf8')
        at = end + 1
        const found = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header)
        if (!found) {
          texts.set(commit, null)
          continue
        }
        const size = Number(found[2])
        texts.set(commit, found[1] === 'blob' ? out.subarray(at, at + size).toString('utf8') : null)
        at += size + 1
      }
      return texts
    },
    async push(remote) {
      const ref = (await gitOrNull(['symbolic-ref', '-q', 'HEAD'], { cwd: root }))?.trim()
      await git(['push', '-q', remote, ref ? `${ref}:${ref}` : 'HEAD'], { cwd: root })
    },
    async maintain() {
      packing ??= (await gitOrNull(['config', '--get', 'gc.auto'], { cwd: root }))?.trim() !== '0'
      if (mode === 'local' || !packing) return
      // Loose objects into a pack (deltas between the versions of a file), then git's own gc when packs pile up.
      // In the foreground (autoDetach off), so the queue knows when it ends; on one thread, so the publishes and
      // commits it runs beside keep the other core.
      await run(['-c', 'pack.threads=1', 'repack', '-d', '-q'])
      await run(['-c', 'pack.threads=1', '-c', 'gc.autoDetach=false', '-c', 'gc.autoPackLimit=4', 'gc', '--auto', '--quiet'])
    },
    close: () => rm(indexEnv.GIT_INDEX_FILE, { force: true }),
  }
  if (created) await repo.commit(await jsonFilesOf(dir), SERVER_AUTHOR, 'İçerik deposu oluşturuldu')
  return repo
}

/** The JSON files directly in CONTENT_DIR, as they are now: regular files only (a link or FIFO is never read). */
async function jsonFilesOf(dir: string): Promise<FileSnapshot[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort()
  const files: FileSnapshot[] = []
  for (const name of names) {
    const read = await readContentFileSafely(join(dir, name))
    if (read.kind === 'ok') files.push({ name, text: read.bytes })
  }
  return files
}
