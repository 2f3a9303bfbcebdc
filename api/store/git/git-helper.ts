import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { Socket } from 'node:net'
import { cleanEnv, countGit, git, type GitCall } from './git-exec.ts'
import { redactSecrets } from './git-text.ts'

/**
 * Runs git for the calls on a save's path (`update-ref`, `update-index`) through a shell started once, while the
 * server is small: the shell forks git, not the server. A fork copies the page tables of the process that forks,
 * ~25–30 ms for a server of 1–2 GB (100,000 posts), next to nothing for the shell (issue 33, decision 340). Git
 * itself does the work exactly as before (the same arguments, environment, folder and input): refs, reflog and
 * index are git's own.
 *
 * Each call is a few lines of the shell's input: `(cd DIR && exec env -i VARS git ARGS) <<'MARK'`, the input as
 * that here-document, then the mark printed on the shell's output with git's exit status and on its error output.
 * Git's output and error text are what comes on each before the mark (a random token no git output holds). Calls
 * run one at a time, in order. No file is written anywhere.
 */
type Pending = { args: string[]; resolve: (out: string) => void; reject: (err: Error) => void }
type Helper = {
  child: ChildProcess
  mark: string
  /** What the running call received so far on the shell's output and error output. */
  out: Buffer
  err: Buffer
  running: Pending | null
  dead: boolean
}

let helper: Helper | null = null
/** Calls run one after another: each waits for the one before it. */
let chain: Promise<unknown> = Promise.resolve()

/** Input larger than this goes to a git of its own (a first import): a here-document is held by the shell. */
const MAX_INPUT = 1024 * 1024

/** A word for the shell: single-quoted, a quote inside written as '\''. */
export const shellWord = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`

/** Starts the shell now (at start-up, while the process is small) unless it runs already. */
export function startGitHelper(): void {
  if (helper && !helper.dead) return
  // No environment of the server's beyond PATH: each call gives git its whole environment itself (env -i).
  const child = spawn('/bin/sh', [], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '' },
  })
  const mark = `site-git-${randomBytes(16).toString('hex')}`
  const h: Helper = { child, mark, out: Buffer.alloc(0), err: Buffer.alloc(0), running: null, dead: false }
  helper = h
  const stop = (why: string) => {
    if (h.dead) return
    h.dead = true
    if (helper === h) helper = null
    h.running?.reject(new Error(`git ${h.running.args[0]}: ${why}`))
    h.running = null
  }
  child.on('error', (err) => stop(err.message))
  child.on('exit', () => stop('git yardımcısı durdu'))
  child.stdin!.on('error', () => {})
  child.stdout!.on('data', (chunk: Buffer) => {
    h.out = Buffer.concat([h.out, chunk])
    settle(h)
  })
  child.stderr!.on('data', (chunk: Buffer) => {
    h.err = Buffer.concat([h.err, chunk])
    settle(h)
  })
  idle(h, true)
}

/** An idle shell keeps no process alive (tests, a script that ends); a running call does. */
function idle(h: Helper, yes: boolean) {
  for (const handle of [
    h.child,
    h.child.stdout as Socket,
    h.child.stderr as Socket,
    h.child.stdin as Socket,
  ]) {
    if (yes) handle.unref()
    else handle.ref()
  }
}

/** Answers the running call once both outputs carry the mark: "\n<mark> <status>\n" and "\n<mark>\n". */
function settle(h: Helper) {
  const outAt = h.out.indexOf(`\n${h.mark} `)
  const outEnd = outAt < 0 ? -1 : h.out.indexOf(10, outAt + 1)
  const errAt = h.err.indexOf(`\n${h.mark}\n`)
  if (outEnd < 0 || errAt < 0) return
  const status = Number(h.out.subarray(outAt + h.mark.length + 2, outEnd).toString())
  const stdout = h.out.subarray(0, outAt).toString('utf8')
  const stderr = h.err.subarray(0, errAt).toString('utf8')
  h.out = h.out.subarray(outEnd + 1)
  h.err = h.err.subarray(errAt + h.mark.length + 2)
  const call = h.running
  h.running = null
  idle(h, true)
  if (!call) return
  if (status === 0) return call.resolve(stdout)
  const text = stderr || `Command failed: git ${call.args.join(' ')}`
  call.reject(new Error(redactSecrets(`git ${call.args[0]}: ${text.trim()}`)))
}

/** The input as one buffer when a here-document carries it exactly (text ending in a newline, no NUL, no mark). */
function hereDocument(input: GitCall['input'], mark: string): Buffer | null {
  if (input === undefined) return Buffer.alloc(0)
  const bytes = Buffer.concat(
    typeof input === 'string' ? [Buffer.from(input)] : input instanceof Uint8Array ? [input] : input,
  )
  if (bytes.byteLength === 0) return bytes
  const fits =
    bytes.byteLength <= MAX_INPUT &&
    bytes[bytes.byteLength - 1] === 10 &&
    !bytes.includes(0) &&
    !bytes.includes(mark)
  return fits ? bytes : null
}

function runOne(args: string[], call: GitCall): Promise<string> {
  startGitHelper()
  const h = helper!
  const input = hereDocument(call.input, h.mark)
  // Input a here-document cannot carry exactly: a fork of the server, as before.
  if (input === null) return git(args, call)
  countGit(args)
  const env = Object.entries(cleanEnv(call.env)).flatMap(([key, value]) =>
    value === undefined ? [] : [shellWord(`${key}=${value}`)],
  )
  const command =
    `(cd -P -- ${shellWord(call.cwd)} && exec env -i ${env.join(' ')} git ${args.map(shellWord).join(' ')})` +
    ` <<'${h.mark}'; s=$?; printf '\\n%s %s\\n' ${h.mark} "$s"; printf '\\n%s\\n' ${h.mark} >&2\n`
  return new Promise<string>((resolve, reject) => {
    if (h.dead) return reject(new Error(`git ${args[0]}: git yardımcısı durdu`))
    h.running = { args, resolve, reject }
    idle(h, false)
    h.child.stdin!.write(Buffer.concat([Buffer.from(command), input, Buffer.from(`${h.mark}\n`)]))
  })
}

/**
 * Like `git` (git-exec.ts): resolves with git's standard output, rejects with git's own error text; run by the
 * shell started at start-up instead of a fork of the server.
 */
export function gitViaHelper(args: string[], call: GitCall): Promise<string> {
  const result = chain.then(() => runOne(args, call))
  chain = result.catch(() => {})
  return result
}
