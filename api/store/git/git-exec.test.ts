import { mkdtemp, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { cleanEnv, git, gitBytes, gitOrNull } from './git-exec.ts'
import { blobId } from './git-text.ts'
import { metrics } from '../../lib/metrics.ts'
import { testEnv } from '../../testing/env-vars.ts'

/**
 * The one way the server runs git (issue 28, mutation group `git-exec`): the system's git in temporary folders, no
 * repository of the project's and no app. Each test runs a handful of git processes.
 */

// Made with the system git directly, never with the module under test in a hook: Stryker counts what a hook runs as
// covered by no test ("static") and runs every test, in a fresh process, for each such mutant.
let repo: string
let outside: string
const folders: string[] = []
async function newFolders() {
  repo = await realpath(await mkdtemp(join(tmpdir(), 'git-exec-')))
  outside = await realpath(await mkdtemp(join(tmpdir(), 'git-exec-none-')))
  folders.push(repo, outside)
  execFileSync('git', ['init', '-q'], { cwd: repo })
}
beforeEach(newFolders)
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 }))))

// Variables a git hook (or a developer's shell) may have set for the server's process: restored after each test.
const setEnv = testEnv()

describe('cleanEnv', () => {
  it('drops the caller’s GIT_* variables, keeps the others, never prompts, speaks C; the extra wins', () => {
    setEnv('GIT_DIR', '/yok/.git')
    setEnv('GIT_INDEX_FILE', '/yok/index')
    setEnv('BENIM_GIT_', 'kalir')
    setEnv('LC_ALL', 'tr_TR.UTF-8')
    const env = cleanEnv()
    expect(env).not.toHaveProperty('GIT_DIR')
    expect(env).not.toHaveProperty('GIT_INDEX_FILE')
    expect(env.BENIM_GIT_).toBe('kalir')
    expect(env.PATH).toBe(process.env.PATH)
    expect(env.GIT_TERMINAL_PROMPT).toBe('0')
    expect(env.LC_ALL).toBe('C')
    const extra = cleanEnv({ GIT_INDEX_FILE: '/ozel/index', LC_ALL: 'POSIX' })
    expect(extra.GIT_INDEX_FILE).toBe('/ozel/index')
    expect(extra.LC_ALL).toBe('POSIX')
    expect(extra.GIT_TERMINAL_PROMPT).toBe('0')
  })
})

describe('git', () => {
  it('runs in the given folder with the clean environment plus the extra (what git itself sees)', async () => {
    setEnv('GIT_DIR', join(outside, 'yok.git'))
    setEnv('GIT_WORK_TREE', outside)
    // A server started from a hook still finds its own repository.
    expect((await git(['rev-parse', '--show-toplevel'], { cwd: repo })).trim()).toBe(repo)
    // An alias that prints the environment git gives the commands it runs.
    const seen = await git(['-c', 'alias.ortam=!env', 'ortam'], { cwd: repo, env: { OZEL: 'değer' } })
    const vars = new Map(seen.split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]))
    expect(vars.get('GIT_TERMINAL_PROMPT')).toBe('0')
    expect(vars.get('LC_ALL')).toBe('C')
    expect(vars.get('OZEL')).toBe('değer')
    expect(vars.has('GIT_WORK_TREE')).toBe(false)
    const ident = await git(['var', 'GIT_AUTHOR_IDENT'], { cwd: repo, env: { GIT_AUTHOR_NAME: 'Ayşe', GIT_AUTHOR_EMAIL: 'ayse@ornek.com' } })
    expect(ident.startsWith('Ayşe <ayse@ornek.com> ')).toBe(true)
  })

  it('writes its input: a text, bytes or pieces in order; answers git’s output as text, however long', async () => {
    const text = 'İçerik ğüşöç\n'.repeat(200)
    const id = blobId(text, 'sha1')
    expect((await git(['hash-object', '-w', '--stdin'], { cwd: repo, input: text })).trim()).toBe(id)
    expect((await git(['hash-object', '--stdin'], { cwd: repo, input: new TextEncoder().encode(text) })).trim()).toBe(id)
    const bytes = new TextEncoder().encode(text)
    const pieces = [bytes.subarray(0, 7), bytes.subarray(7, 1000), bytes.subarray(1000)]
    expect((await git(['hash-object', '--stdin'], { cwd: repo, input: pieces })).trim()).toBe(id)
    expect(await git(['cat-file', 'blob', id], { cwd: repo })).toBe(text)
  })

  it('a failure rejects with the command and git’s own message, its exit alone when git said nothing', async () => {
    await expect(git(['status'], { cwd: outside })).rejects.toThrow(/^git status: fatal: not a git repository/)
    const silent = await git(['rev-parse', '--verify', '-q', 'yok'], { cwd: repo }).catch((err: Error) => err.message)
    expect(silent).toBe('git rev-parse: Command failed: git rev-parse --verify -q yok')
  })

  it('a password in what git says never reaches the error', async () => {
    const url = 'https://kullanici:gizli-parola@ornek.com/depo.git'
    const message = await git([url], { cwd: repo }).catch((err: Error) => err.message)
    expect(message).toContain('https://***@ornek.com/depo.git')
    expect(message).not.toContain('gizli-parola')
    const bytes = await gitBytes([url], { cwd: repo }).catch((err: Error) => err.message)
    expect(bytes).toContain('https://***@ornek.com/depo.git')
    expect(bytes).not.toContain('gizli-parola')
  })

  it('a git that exits before reading a large input rejects with its error (the closed pipe is not one)', async () => {
    const input = 'x'.repeat(4 * 1024 * 1024)
    await expect(git(['rev-parse', '--verify', 'yok-boyle-bir-sey'], { cwd: repo, input })).rejects.toThrow(/^git rev-parse: fatal: /)
    await expect(git(['rev-parse', '--verify', 'yok-boyle-bir-sey'], { cwd: repo, input: [new TextEncoder().encode(input)] })).rejects.toThrow(
      /^git rev-parse: fatal: /,
    )
    await expect(gitBytes(['rev-parse', '--verify', 'yok-boyle-bir-sey'], { cwd: repo, input })).rejects.toThrow(/^git rev-parse: fatal: /)
  })
})

describe('standard input without input (issue 28, fourth session of 2026-11-28)', () => {
  it('is closed empty: a git that reads it gets nothing and never waits', async () => {
    expect((await git(['hash-object', '--stdin'], { cwd: repo })).trim()).toBe(blobId('', 'sha1'))
  })
})

describe('gitOrNull', () => {
  it('git’s output, or null for a failing call', async () => {
    expect(await gitOrNull(['rev-parse', '--show-toplevel'], { cwd: repo })).toBe(`${repo}\n`)
    expect(await gitOrNull(['rev-parse', '--verify', '-q', 'HEAD'], { cwd: repo })).toBeNull()
  })
})

describe('gitBytes', () => {
  it('answers the exact bytes (not UTF-8, however long); its input is a text, else nothing at all', async () => {
    const bytes = new Uint8Array(3000).map((_, i) => (i * 7 + 0xf0) % 256)
    const id = (await git(['hash-object', '-w', '--stdin'], { cwd: repo, input: bytes })).trim()
    const out = await gitBytes(['cat-file', 'blob', id], { cwd: repo })
    expect(Buffer.isBuffer(out)).toBe(true)
    expect(new Uint8Array(out)).toEqual(bytes)
    const batch = await gitBytes(['cat-file', '--batch'], { cwd: repo, input: `${id}\n` })
    expect(batch.subarray(0, batch.indexOf(10)).toString()).toBe(`${id} blob 3000`)
    // No input: standard input is closed empty (a git that reads it gets nothing, never waits).
    expect((await gitBytes(['hash-object', '--stdin'], { cwd: repo })).toString().trim()).toBe(blobId('', 'sha1'))
    expect((await gitBytes(['hash-object', '--stdin'], { cwd: repo, input: [bytes] as never })).toString().trim()).toBe(blobId('', 'sha1'))
  })

  it('answers an object larger than Node’s default 1 MB output buffer whole (a large blogs.json’s history is read so)', async () => {
    const bytes = new Uint8Array(1536 * 1024).map((_, i) => (i * 31 + 7) % 256)
    const id = (await git(['hash-object', '-w', '--stdin'], { cwd: repo, input: bytes })).trim()
    const out = await gitBytes(['cat-file', 'blob', id], { cwd: repo })
    expect(out.byteLength).toBe(bytes.byteLength)
    expect(new Uint8Array(out)).toEqual(bytes)
  })

  it('a failure rejects with the command and git’s message, its exit alone when git said nothing', async () => {
    await expect(gitBytes(['status'], { cwd: outside })).rejects.toThrow(/^git status: fatal: not a git repository/)
    const silent = await gitBytes(['rev-parse', '--verify', '-q', 'yok'], { cwd: repo }).catch((err: Error) => err.message)
    expect(silent).toBe('git rev-parse: Command failed: git rev-parse --verify -q yok')
  })
})

describe('site_git_processes_total', () => {
  it('counts every git process by its command, found after git’s own options and -c settings', async () => {
    const count = async (command: string) =>
      (await metrics.gitProcesses.get()).values.find((v) => v.labels.command === command)?.value ?? 0
    const [revParse, catFile] = [await count('rev-parse'), await count('cat-file')]
    await git(['-c', 'core.quotePath=false', 'rev-parse', '--git-dir'], { cwd: repo })
    await gitOrNull(['--no-pager', 'rev-parse', '--verify', '-q', 'yok'], { cwd: repo })
    await gitBytes(['cat-file', '--batch'], { cwd: repo, input: '' })
    expect(await count('rev-parse')).toBe(revParse + 2)
    expect(await count('cat-file')).toBe(catFile + 1)
    expect(await count('core.quotePath=false')).toBe(0)
    expect(await count('--no-pager')).toBe(0)
  })

  it('a git run with options only (no command) is counted under an empty command', async () => {
    const none = await (async () => (await metrics.gitProcesses.get()).values.find((v) => v.labels.command === '')?.value ?? 0)()
    await git(['--version'], { cwd: repo })
    expect((await metrics.gitProcesses.get()).values.find((v) => v.labels.command === '')?.value).toBe(none + 1)
  })
})
