import { execFile } from 'node:child_process'
import { redactSecrets } from './git-text.ts'
import { metrics } from '../../lib/metrics.ts'

/** What one git call needs besides its arguments. */
export type GitCall = {
  cwd: string
  /** Extra environment (GIT_INDEX_FILE, author names). */
  env?: Record<string, string>
  /** Text or bytes (or pieces of them, in order) written to git's standard input. */
  input?: string | Uint8Array | readonly Uint8Array[]
}

/** Environment without the caller's own GIT_* variables, so a server started from a git hook still works alone. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value
  return { ...env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C', ...extra }
}

/** Counts a git process by its command (`site_git_processes_total`: each one forks the server). */
export const countGit = (args: readonly string[]) =>
  metrics.gitProcesses.inc({ command: args.find((a, i) => !a.startsWith('-') && args[i - 1] !== '-c') ?? '' })

/** Runs the system `git` and resolves with its standard output; rejects with git's own error text. */
export function git(args: string[], call: GitCall): Promise<string> {
  countGit(args)
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd: call.cwd, env: cleanEnv(call.env), maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        // A remote URL's user name and password never reach an error (the status, the log).
        if (err) reject(new Error(redactSecrets(`git ${args[0]}: ${(stderr || err.message).trim()}`)))
        else resolve(stdout)
      },
    )
    // A git that exits before reading its input (an error) closes the pipe: its exit status reports it, not EPIPE.
    child.stdin?.on('error', () => {})
    // No input: standard input is closed empty, so a git that reads it gets nothing and never waits (as in gitBytes).
    if (Array.isArray(call.input)) {
      for (const piece of call.input) child.stdin?.write(piece)
      child.stdin?.end()
    } else child.stdin?.end(call.input)
  })
}

/** Like `git`, but a failing call (e.g. no HEAD yet) resolves with null. */
export const gitOrNull = (args: string[], call: GitCall) => git(args, call).catch(() => null)

/** Like `git`, but resolves with the raw bytes of its standard output (object contents whose sizes are in bytes). */
export function gitBytes(args: string[], call: GitCall): Promise<Buffer> {
  countGit(args)
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      args,
      { cwd: call.cwd, env: cleanEnv(call.env), maxBuffer: 256 * 1024 * 1024, encoding: 'buffer' },
      (err, stdout, stderr) => {
        if (err)
          reject(new Error(redactSecrets(`git ${args[0]}: ${(stderr.toString() || err.message).trim()}`)))
        else resolve(stdout)
      },
    )
    child.stdin?.on('error', () => {})
    child.stdin?.end(typeof call.input === 'string' ? call.input : '')
  })
}
