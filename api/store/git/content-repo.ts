import { mkdtemp, readdir, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { readContentFileSafely } from '../content-file.ts'
import { git, gitOrNull } from './git-exec.ts'

/** Who made a change: the admin's name and e-mail become the commit's author. */
export type GitAuthor = { name: string; email: string }

/** One commit that touched a content file. */
export type LogEntry = { commit: string; author: GitAuthor; date: string; message: string }

/** A content file as one commit should record it (`name` is the file name inside CONTENT_DIR). */
export type FileSnapshot = { name: string; text: string | Uint8Array | readonly Uint8Array[] }

/** The repository that versions CONTENT_DIR, driven with plumbing only (its index and work tree stay untouched). */
export type ContentRepo = {
  /** The repository's top folder and CONTENT_DIR's path inside it ('' when they are the same). */
  root: string
  prefix: string
  /** Commits exactly these files on top of HEAD; null when nothing changed. */
  commit(files: FileSnapshot[], author: GitAuthor, message: string): Promise<string | null>
  /** Commits that touched a content file, newest first. */
  log(name: string): Promise<LogEntry[]>
  /** A content file as a commit recorded it, or null when it did not exist then. */
  show(commit: string, name: string): Promise<string | null>
  /** Pushes the current branch to `remote` (a URL or a path). */
  push(remote: string): Promise<void>
  /** Every line added to a content file in the whole history (for the upload index). */
  addedText(): Promise<string>
}

/** The server's own identity for commits it makes itself (the first import of the files). */
export const SERVER_AUTHOR: GitAuthor = { name: 'Site sunucusu', email: 'sunucu@localhost' }

const authorEnv = (a: GitAuthor) => ({
  GIT_AUTHOR_NAME: a.name,
  GIT_AUTHOR_EMAIL: a.email,
  GIT_COMMITTER_NAME: a.name,
  GIT_COMMITTER_EMAIL: a.email,
})

/**
 * Opens the repository CONTENT_DIR lies in; when it lies in none, makes CONTENT_DIR one and commits its current
 * JSON files. Commits go through a private index file, so the user's staged changes are never included.
 */
export async function openContentRepo(dir: string): Promise<ContentRepo> {
  const top = await gitOrNull(['rev-parse', '--show-toplevel'], { cwd: dir })
  if (top === null) await git(['init', '-q'], { cwd: dir })
  const root = top === null ? await realpath(dir) : await realpath(top.trim())
  const prefix = relative(root, await realpath(dir))
    .split(sep)
    .join('/')
  const pathOf = (name: string) => (prefix ? `${prefix}/${name}` : name)
  const indexDir = await mkdtemp(join(tmpdir(), 'content-index-'))
  const indexEnv = { GIT_INDEX_FILE: join(indexDir, 'index') }
  const run = (args: string[], env: Record<string, string> = {}, input?: string | Uint8Array | readonly Uint8Array[]) =>
    git(args, { cwd: root, env: { ...indexEnv, ...env }, input })

  // What HEAD was after our last commit, with the private index matching it: a save then costs five git calls.
  // Someone else moving HEAD (a pull, a commit) makes update-ref's compare-and-swap fail, and the retry rereads.
  let known: { head: string | undefined; ref: string; tree: string | undefined } | null = null

  async function readHead() {
    const head = (await gitOrNull(['rev-parse', '--verify', '-q', 'HEAD^{commit}'], { cwd: root }))?.trim()
    const ref = (await gitOrNull(['symbolic-ref', '-q', 'HEAD'], { cwd: root }))?.trim() || 'HEAD'
    await rm(indexEnv.GIT_INDEX_FILE, { force: true })
    if (head) await run(['read-tree', head])
    const tree = head ? (await run(['rev-parse', `${head}^{tree}`])).trim() : undefined
    return { head, ref, tree }
  }

  async function commitOnce(files: FileSnapshot[], author: GitAuthor, message: string) {
    const { head, ref, tree: headTree } = (known ??= await readHead())
    const lines: string[] = []
    for (const file of files) {
      const blob = (await run(['hash-object', '-w', '--stdin'], {}, file.text)).trim()
      lines.push(`100644 ${blob}\t${pathOf(file.name)}`)
    }
    await run(['update-index', '--index-info'], {}, lines.join('\n') + '\n')
    const tree = (await run(['write-tree'])).trim()
    if (tree === headTree) return null
    const parents = head ? ['-p', head] : []
    const commit = (await run(['commit-tree', tree, ...parents], authorEnv(author), message)).trim()
    // Compare-and-swap: fails when someone committed in between (then the caller tries again on the new HEAD).
    await run(['update-ref', '-m', message, ref, commit, head ?? '0'.repeat(40)])
    known = { head: commit, ref, tree }
    return commit
  }

  const repo: ContentRepo = {
    root,
    prefix,
    async commit(files, author, message) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await commitOnce(files, author, message)
        } catch (err) {
          known = null // reread HEAD and the index before trying again
          if (attempt >= 3) throw err
        }
      }
    },
    async log(name) {
      const out = await gitOrNull(['log', '--format=%H%x1f%an%x1f%ae%x1f%aI%x1f%s%x1e', '--', pathOf(name)], {
        cwd: root,
      })
      return (out ?? '')
        .split('\x1e')
        .map((row) => row.trim())
        .filter(Boolean)
        .map((row) => {
          const [commit, name, email, date, message] = row.split('\x1f')
          return { commit, author: { name, email }, date, message }
        })
    },
    show: (commit, name) => gitOrNull(['show', `${commit}:${pathOf(name)}`], { cwd: root }),
    async push(remote) {
      const ref = (await gitOrNull(['symbolic-ref', '-q', 'HEAD'], { cwd: root }))?.trim()
      await git(['push', '-q', remote, ref ? `${ref}:${ref}` : 'HEAD'], { cwd: root })
    },
    addedText: async () =>
      (await gitOrNull(['log', '-p', '-U0', '--format=', '--no-color', '--', prefix || '.'], {
        cwd: root,
      })) ?? '',
  }
  if (top === null) await repo.commit(await jsonFilesOf(dir), SERVER_AUTHOR, 'İçerik deposu oluşturuldu')
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
