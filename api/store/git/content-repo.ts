import { readdir, realpath, rm } from 'node:fs/promises'
import { join, relative, resolve, sep } from 'node:path'
import { readContentFileSafely } from '../content-file.ts'
import { git, gitBytes, gitOrNull } from './git-exec.ts'
import { gitViaHelper, startGitHelper } from './git-helper.ts'
import { acceptableAuthor, blobId, oneLineMessage, type GitAuthor } from './git-text.ts'
import { commitBody, writeLooseObject } from './loose-objects.ts'
import { editTree, parseTreeRows, type PathChange, type TreeRow, type TreeWrite } from './tree-edit.ts'
import { isFolderCollection, pathInfo } from '#schema/content-layout.ts'
import { log } from '../../lib/log.ts'

export type { GitAuthor } from './git-text.ts'

/** One commit that touched a content file. */
export type LogEntry = { commit: string; author: GitAuthor; date: string; message: string }

/** A file's bytes as a save hands them over: text, bytes, or pieces of bytes in order. */
export type FileBytes = string | Uint8Array | readonly Uint8Array[]

/**
 * A content file as one commit should record it: `name` is its path inside CONTENT_DIR, '/'-separated (nested for
 * a folder collection's files: `blogs/d3/aB3.json`); `text` null: the commit removes it.
 */
export type FileSnapshot = { name: string; text: FileBytes | null }
/** A content file a save wrote (no removal): what the commit queue and the sync hand over. */
export type WrittenFile = { name: string; text: FileBytes }

/** A file of a folder as a commit records it (`lsTree`): its path inside CONTENT_DIR, blob id and size in bytes. */
export type TreeFile = { path: string; blob: string; size: number }

/**
 * 'commit': every save is a commit (CONTENT_DIR is a repository of its own, or was in none and got `git init`).
 * 'local': CONTENT_DIR is a folder inside another repository (the project's checkout): the server writes the files
 * and reads their history, the developer commits them (decision 026).
 */
export type RepoMode = 'commit' | 'local'

/** The repository that versions CONTENT_DIR, driven with plumbing: objects written directly, no index of its own. */
export type ContentRepo = {
  /** The repository's top folder and CONTENT_DIR's path inside it ('' when they are the same). */
  root: string
  prefix: string
  /** The repository's git folder: the server's own state lives there (sync conflicts). */
  gitDir: string
  mode: RepoMode
  /**
   * Commits exactly these files on top of HEAD (a file with `text` null is removed); null when nothing changed.
   * Leaves the repository clean.
   * `options.carry`: other paths of CONTENT_DIR (files that are no collection) taken as `mergeParent` has them, so a
   * merge never drops a maintainer's other files. `options.onto`: the commit's first parent instead of HEAD (the
   * branch is moved there: the remote rewrote its history, issue 27). `options.laterIndex`: the repository's own
   * index is brought to this commit by a later `syncIndex` (or commit) instead of now: a burst of saves' commits
   * then runs `git update-index` once, not once each (issue 33: a fork of the server per call).
   */
  commit(
    files: FileSnapshot[],
    author: GitAuthor,
    message: string,
    mergeParent?: string,
    options?: { carry?: string[]; onto?: string; laterIndex?: boolean },
  ): Promise<string | null>
  /** Brings the repository's own index to the commits made with `laterIndex` (nothing to do: no git process). */
  syncIndex(): Promise<void>
  /**
   * Moves the branch to `target` when it is a descendant of HEAD (a fast-forward): false when HEAD moved. `names`:
   * the content files that changed (the store has written them, or removed those `target` lacks); `others`: other
   * changed paths of CONTENT_DIR, which the work tree and the index follow too, so `git status` stays clean.
   */
  fastForward(target: string, names: string[], others?: string[]): Promise<boolean>
  /**
   * The blob ids HEAD records for these content files (a file HEAD lacks is absent from the map). A name ending in
   * '/' is a folder: every file under it (`blogs/`), asked with one argument however many files it holds.
   */
  headBlobs(names: string[]): Promise<Map<string, string>>
  /** The id git gives these bytes (sha1, or sha256 in such a repository). */
  blobOf(bytes: FileBytes): string
  /** Commits that touched any of these content files or folders, newest first. */
  log(paths: string | string[]): Promise<LogEntry[]>
  /** Every file under `folder` (inside CONTENT_DIR) as `commit` records it; none when there is no such folder. */
  lsTree(commit: string, folder: string): Promise<TreeFile[]>
  /** A content file as a commit recorded it, or null when it did not exist then. */
  show(commit: string, name: string): Promise<string | null>
  /** The same for several commits with one git process (`cat-file --batch`): a history reads 300 versions. */
  showMany(commits: string[], name: string): Promise<Map<string, string | null>>
  /**
   * A file at a commit for each pair, in order, with one `cat-file --batch`: null where the commit has no such
   * file, or is not a whole commit id (a history across the move to one file per post reads both forms).
   */
  showPairs(pairs: readonly { commit: string; path: string }[]): Promise<(string | null)[]>
  /** Pushes the current branch to `remote` (a URL or a path). */
  push(remote: string): Promise<void>
  /** Packs what the last commits wrote, when git's own thresholds say so (never while a commit runs). */
  maintain(): Promise<void>
  /** Removes the private index an older version kept in the git folder (the server stops). */
  close(): Promise<void>
}

/** The server's own identity for commits it makes itself (the first import of the files, recovered changes). */
export const SERVER_AUTHOR: GitAuthor = { name: 'Site sunucusu', email: 'sunucu@localhost' }
/** The committer of every commit the server makes (the author is the staff member who saved). */
export const SERVER_COMMITTER = SERVER_AUTHOR

/** The message of a commit that records a content file's change no save accounts for (issue 18). */
export const recoveredMessage = (file: string) => `Kaydedilmemiş değişiklik kurtarıldı: ${file}`

/** The private index older versions committed through (decision 025); removed when found. */
const PRIVATE_INDEX = 'site-content-index'
/** Trees whose rows are kept in memory (a save reads the root, its collection's and its bucket's tree). */
const TREE_CACHE = 256
/** A whole commit id (sha1 or sha256), the only form the batch readers ask for. */
const FULL_ID = /^[0-9a-f]{40,64}$/

/**
 * The ref every commit and fast-forward moves: `update-ref HEAD` moves the branch HEAD points to (or HEAD itself when
 * detached), so a save lands on what is checked out now, never on a branch a maintainer has since left (the name
 * read once and kept did that); a compare-and-swap against another branch's tip fails and the retry rereads HEAD.
 */
const BRANCH = 'HEAD'

/** Up to this many blobs (a save) are written by the server itself; more go to one `fast-import`. */
const LOOSE_BLOBS = 16
const piecesOf = (text: FileBytes): readonly Uint8Array[] =>
  typeof text === 'string' ? [Buffer.from(text)] : text instanceof Uint8Array ? [text] : text

/** How often the real index is tried again when someone else holds its lock (a maintainer's git status). */
const INDEX_TRIES = 5
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref())

/**
 * Opens the repository CONTENT_DIR lies in; when it lies in none, makes CONTENT_DIR one and commits its current
 * content files. A folder inside another repository is opened in local mode unless `commits: 'always'`
 * (CONTENT_GIT=on). A commit's trees are built from its parent's, only along the changed paths, and written with its
 * blobs and the commit object by the server itself (loose-objects.ts), so
 * the user's staged changes are never included and no index of every file is rewritten; after each commit the
 * repository's own index is set to the committed blobs of those files, so `git status` shows nothing to commit for
 * them and `git commit -am` never records stale content (decisions 025, 333).
 */
export async function openContentRepo(
  dir: string,
  options: { commits?: 'auto' | 'always' } = {},
): Promise<ContentRepo> {
  // One call for where the repository is, its git folder and its hash (a fork costs ~100 ms on a busy machine).
  const where = ['rev-parse', '--show-toplevel', '--absolute-git-dir', '--show-object-format', '--git-path', 'objects']
  let found = await gitOrNull(where, { cwd: dir })
  const created = found === null
  if (created) {
    await git(['init', '-q'], { cwd: dir })
    found = await git(where, { cwd: dir })
  }
  const [top = '', gitDir = '', format = 'sha1', objectsPath = 'objects'] = found!.split('\n')
  // Where git keeps objects (a linked worktree's are its main repository's): relative to `dir` unless absolute.
  const objectsDir = resolve(dir, objectsPath)
  const hash = format === 'sha256' ? 'sha256' : 'sha1'
  const root = await realpath(top)
  const prefix = relative(root, await realpath(dir))
    .split(sep)
    .join('/')
  const mode: RepoMode = prefix && options.commits !== 'always' ? 'local' : 'commit'
  // The id update-ref takes for "no such ref yet" (and an index line's "no object"): as long as the repository's ids.
  const noCommit = hash === 'sha256' ? '0'.repeat(64) : '0'.repeat(40)
  const pathOf = (name: string) => (prefix ? `${prefix}/${name}` : name)
  const nameOf = (path: string) => path.slice(prefix ? prefix.length + 1 : 0)
  const run = (args: string[], env: Record<string, string> = {}, input?: FileBytes) => git(args, { cwd: root, env, input })
  // The two git calls of every save (update-ref, update-index) are forked by a shell started now, while the server
  // is small: a fork of a server of 1–2 GB costs ~25–30 ms (git-helper.ts, decision 340).
  const runOnSave = (args: string[], input?: FileBytes) => gitViaHelper(args, { cwd: root, env: {}, input })
  if (mode === 'commit') startGitHelper()
  // gc.auto=0 in the repository's config means its owner packs by hand: the server then never does.
  let packing: boolean | undefined
  await rm(join(gitDir, PRIVATE_INDEX), { force: true })

  // What HEAD and its tree were after our last commit: a save then costs one git process (update-ref) and the
  // index's. Someone else moving HEAD (a pull, a commit) makes update-ref's compare-and-swap fail, and the retry
  // rereads.
  let known: { head: string | undefined; tree: string | undefined } | null = null
  // Content paths whose committed blob (null: removed) the real index does not hold yet (its lock was busy).
  const unsynced = new Map<string, string | null>()
  // Whether the real index is split (git's split index); asked once the folder layout is in use.
  let split: boolean | undefined
  // Rows of trees read or written (an id names the same rows forever), oldest dropped first.
  const trees = new Map<string, readonly TreeRow[]>()

  async function readHead() {
    const out = await gitOrNull(['rev-parse', 'HEAD^{commit}', 'HEAD^{tree}'], { cwd: root })
    const [head, tree] = out ? out.split('\n') : []
    return { head, tree }
  }

  function remember(tree: string, rows: readonly TreeRow[]) {
    trees.delete(tree)
    trees.set(tree, rows)
    if (trees.size > TREE_CACHE) trees.delete(trees.keys().next().value!)
  }
  async function listTree(tree: string) {
    const rows = trees.get(tree) ?? parseTreeRows(await run(['ls-tree', '-z', tree]))
    remember(tree, rows)
    return rows
  }

  /**
   * Writes these blobs. A few (a save: a post, maybe its order file): by the server itself, as loose objects
   * (loose-objects.ts: no process). More (the first import of 10,000 post files, a migration): one `fast-import`
   * for all, fed the very bytes the commit records (`hash-object --stdin-paths` would hash what the files on disk
   * hold by then, following a link); it writes a pack from 100 objects on. A stream cut short leaves at most unused
   * blobs (no commit names them before this resolves).
   */
  async function writeBlobs(blobs: FileBytes[]) {
    if (blobs.length <= LOOSE_BLOBS) {
      for (const text of blobs) await writeLooseObject(objectsDir, 'blob', piecesOf(text), hash)
      return
    }
    const input: Uint8Array[] = []
    for (const text of blobs) {
      const pieces = piecesOf(text)
      const size = pieces.reduce((sum, piece) => sum + piece.byteLength, 0)
      input.push(Buffer.from(`blob\ndata ${size}\n`), ...pieces)
    }
    await run(['-c', 'core.looseCompression=1', '-c', 'pack.compression=1', 'fast-import', '--quiet'], {}, input)
  }

  /** Writes a commit's new trees, children first (their ids computed by `editTree`), and answers the root's id. */
  async function writeTrees(writes: TreeWrite[], unchanged: string) {
    if (writes.length === 0) return unchanged
    for (const w of writes) {
      await writeLooseObject(objectsDir, 'tree', [w.body], hash)
      remember(w.id, w.rows)
    }
    return writes[writes.length - 1]!.id
  }

  /**
   * The files `commit` has at `paths` (full paths inside the repository), with one `ls-tree -r`: several paths of
   * one folder are asked through it (`blogs/d3/`), so the arguments grow with folders, never with files (10,000
   * paths are 250 KB of arguments, past the system's limit at 100,000); a lone path is asked itself (a file at
   * the top of a CONTENT_DIR inside a project is not read through a listing of every post). A path ending in '/'
   * is a folder. Every file of the folders asked is answered; a path with no file there is absent.
   */
  async function blobsAt(commit: string, paths: string[]) {
    const found = new Map<string, NonNullable<PathChange>>()
    if (paths.length === 0) return found
    const byFolder = new Map<string, Set<string>>()
    for (const path of paths) {
      const folder = path.slice(0, path.lastIndexOf('/') + 1)
      byFolder.set(folder, (byFolder.get(folder) ?? new Set()).add(path))
    }
    const asked = [...byFolder].flatMap(([folder, inside]) => (folder && inside.size > 1 ? [folder] : [...inside]))
    const out = await gitOrNull(['ls-tree', '-r', '-z', commit, '--', ...asked], { cwd: root })
    for (const row of (out ?? '').split('\0')) {
      const match = /^(\d+) blob ([0-9a-f]+)\t(.*)$/s.exec(row)
      if (match) found.set(match[3]!, { mode: match[1]!, type: 'blob', id: match[2]! })
    }
    return found
  }

  /** A path of a folder collection's (an entry or its order file): the sign the index holds an entry per post. */
  function inFolderLayout(path: string) {
    const kind = pathInfo(nameOf(path))?.kind
    return kind === 'entry' || kind === 'order'
  }

  /** Sets the repository's own index entries of the committed files to their committed blobs (or removes them). */
  async function syncRealIndex() {
    if (unsynced.size === 0) return
    const lines = [...unsynced].map(([path, blob]) => (blob ? `100644 ${blob}\t${path}` : `0 ${noCommit}\t${path}`))
    // With a folder collection the index holds an entry per post (about 1 MB at 10,000 posts), written whole at
    // every save unless split: git's split index then writes only the changed entries. Turned on once; git keeps it
    // (core.splitIndex unset). A one-file layout's index of a dozen entries stays as maintainers know it.
    if ([...unsynced.keys()].some(inFolderLayout)) split ??= (await readdir(gitDir)).some((name) => name.startsWith('sharedindex.'))
    const splitting = split === false ? ['--split-index'] : []
    for (let attempt = 1; ; attempt++) {
      try {
        await runOnSave(['update-index', ...splitting, '--add', '--index-info'], lines.join('\n') + '\n')
        unsynced.clear()
        if (splitting.length) split = true
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

  /** The work tree and the real index of `paths` as `commit` has them (other files a merge carried). */
  async function followInWorkTree(commit: string, paths: string[]) {
    if (paths.length === 0) return
    const theirs = await blobsAt(commit, paths.map(pathOf))
    const present = paths.filter((p) => theirs.has(pathOf(p)))
    const gone = paths.filter((p) => !theirs.has(pathOf(p)))
    if (present.length) await run(['checkout', commit, '--', ...present.map(pathOf)]).catch((err) => log.warn(`${(err as Error).message}`))
    for (const path of gone) {
      await run(['rm', '-q', '--cached', '--ignore-unmatch', '--', pathOf(path)]).catch(() => {})
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
    // The first parent is `onto`: the new tree starts from its tree, so every path the files do not name is as the
    // new history has it, never as the old HEAD had it.
    const base = options.onto ? (await run(['rev-parse', `${options.onto}^{tree}`])).trim() : headTree
    const changes = new Map<string, PathChange>()
    if (mergeParent && options.carry?.length) {
      const carried = options.carry.map(pathOf)
      const theirs = await blobsAt(mergeParent, carried)
      for (const path of carried) changes.set(path, theirs.get(path) ?? null)
    }
    const blobs = files.map((file): [string, string | null] => [pathOf(file.name), file.text === null ? null : repo.blobOf(file.text)])
    for (const [path, id] of blobs) changes.set(path, id === null ? null : { mode: '100644', type: 'blob', id })
    const bytes = new Map(files.map((file, i) => [blobs[i]![1], file.text]))
    const edit = await editTree(base, changes, listTree, hash)
    // Only the blobs the new trees hold in place of others (not carried ones): the same bytes again write nothing.
    await writeBlobs([...edit.placed].filter((id) => bytes.has(id)).map((id) => bytes.get(id) as FileBytes))
    const tree = await writeTrees(edit.writes, edit.tree)
    const first = options.onto ?? head
    // A merge with the content remote is a commit even when the tree stays: it records the remote's commits.
    if (tree === headTree && !mergeParent && !options.onto) return null
    if (options.onto && tree === base) {
      // Nothing of ours on top of the new history: the branch simply moves there.
      await runOnSave(['update-ref', '-m', message, BRANCH, options.onto, head ?? noCommit])
      known = null
      for (const [path, blob] of blobs) unsynced.set(path, blob)
      return options.onto
    }
    const parents = [...(first ? [first] : []), ...(mergeParent ? [mergeParent] : [])]
    // The staff member is the author; the server is always the committer, as git means it (who recorded the
    // commit): that is how the sync tells the server's own commits from a maintainer's after a force push (issue 27).
    const body = commitBody({ tree, parents, author, committer: SERVER_COMMITTER, at: new Date(), message })
    const commit = await writeLooseObject(objectsDir, 'commit', [body], hash)
    // Compare-and-swap: fails when someone committed in between (then the caller tries again on the new HEAD).
    await runOnSave(['update-ref', '-m', message, BRANCH, commit, head ?? noCommit])
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
          if (!options.laterIndex) await syncRealIndex()
          if (sha && options.carry?.length) await followInWorkTree(sha, options.carry)
          return sha
        } catch (err) {
          known = null // reread HEAD before trying again
          if (attempt >= 3) throw err
        }
      }
    },
    syncIndex: () => syncRealIndex(),
    async fastForward(target, names, others = []) {
      if (mode === 'local') return false
      const { head } = (known ??= await readHead())
      try {
        await runOnSave(['update-ref', '-m', 'İçerik uzak depodan alındı (ileri sarma)', BRANCH, target, head ?? noCommit])
      } catch {
        known = null
        return false
      }
      known = null // HEAD is read again at the next commit
      // The repository's own index follows, so `git status` stays clean for the files that moved (or went).
      const paths = names.map(pathOf)
      const theirs = await blobsAt(target, paths)
      for (const path of paths) unsynced.set(path, theirs.get(path)?.id ?? null)
      await syncRealIndex()
      await followInWorkTree(target, others)
      return true
    },
    async headBlobs(names) {
      const paths = names.map(pathOf)
      const folders = paths.filter((p) => p.endsWith('/'))
      const wanted = new Set(paths)
      const blobs = new Map<string, string>()
      for (const [path, row] of await blobsAt('HEAD', paths)) {
        if (wanted.has(path) || folders.some((f) => path.startsWith(f))) blobs.set(nameOf(path), row.id)
      }
      return blobs
    },
    blobOf: (bytes) => blobId(bytes, hash),
    async log(paths) {
      const list = [paths].flat()
      if (list.length === 0) return []
      // NUL-separated (-z, %x00): no title or author can contain a NUL, so none can forge another entry.
      const out = await gitOrNull(['log', '-z', '--format=%H%x00%an%x00%ae%x00%aI%x00%s', '--', ...list.map(pathOf)], {
        cwd: root,
      })
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
    async lsTree(commit, folder) {
      const out = await gitOrNull(['ls-tree', '-r', '-l', '-z', commit, '--', `${pathOf(folder.replace(/\/$/, ''))}/`], {
        cwd: root,
      })
      const files: TreeFile[] = []
      for (const row of (out ?? '').split('\0')) {
        // "<mode> blob <id> <size, padded>\t<path>"
        const match = /^\d+ blob ([0-9a-f]+) +(\d+)\t(.*)$/s.exec(row)
        if (match) files.push({ path: nameOf(match[3]!), blob: match[1]!, size: Number(match[2]) })
      }
      return files
    },
    show: (commit, name) => gitOrNull(['show', `${commit}:${pathOf(name)}`], { cwd: root }),
    async showMany(commits, name) {
      const wanted = commits.filter((c) => FULL_ID.test(c))
      const texts = await repo.showPairs(wanted.map((commit) => ({ commit, path: name })))
      return new Map(wanted.map((commit, i) => [commit, texts[i]!]))
    },
    async showPairs(pairs) {
      const texts: (string | null)[] = pairs.map(() => null)
      // cat-file reads one name a line (and drops a CR before the line's end): a path with either is never asked.
      const asked = [...pairs.keys()].filter((i) => FULL_ID.test(pairs[i]!.commit) && !/[\r\n]/.test(pairs[i]!.path))
      if (asked.length === 0) return texts
      const input = asked.map((i) => `${pairs[i]!.commit}:${pathOf(pairs[i]!.path)}\n`).join('')
      const out = await gitBytes(['cat-file', '--batch'], { cwd: root, input })
      // Each answer: "<id> <type> <size>\n<bytes>\n", or "<name> missing\n" (the file did not exist then).
      let at = 0
      for (const i of asked) {
        const end = out.indexOf(10, at)
        if (end < 0) break
        const header = out.subarray(at, end).toString('utf8')
        at = end + 1
        const found = /^[0-9a-f]+ (\w+) (\d+)$/.exec(header)
        if (!found) continue
        const size = Number(found[2])
        if (found[1] === 'blob') texts[i] = out.subarray(at, at + size).toString('utf8')
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
    close: () => rm(join(gitDir, PRIVATE_INDEX), { force: true }),
  }
  if (created) await repo.commit(await contentFilesOf(dir), SERVER_AUTHOR, 'İçerik deposu oluşturuldu')
  return repo
}

/**
 * The content files in CONTENT_DIR as they are now, for the first commit: the JSON files at its top, and the
 * entry and order files of the folder collections (`blogs/_sira.json`, `blogs/d3/aB3.json`: what `pathInfo` names;
 * anything else there is no content). Regular files only: a link or FIFO is never read, a linked folder never
 * entered.
 */
async function contentFilesOf(dir: string): Promise<FileSnapshot[]> {
  const top = await readdir(dir, { withFileTypes: true })
  const names = top.filter((entry) => entry.name.endsWith('.json')).map((entry) => entry.name)
  for (const folder of top.filter((entry) => entry.isDirectory() && isFolderCollection(entry.name))) {
    for (const inner of await readdir(join(dir, folder.name), { withFileTypes: true })) {
      const path = `${folder.name}/${inner.name}`
      if (!inner.isDirectory()) names.push(path)
      else for (const file of await readdir(join(dir, path))) names.push(`${path}/${file}`)
    }
  }
  const files: FileSnapshot[] = []
  for (const name of names.sort()) {
    if (name.includes('/') && !pathInfo(name)) continue
    const read = await readContentFileSafely(join(dir, name))
    if (read.kind === 'ok') files.push({ name, text: read.bytes })
  }
  return files
}
