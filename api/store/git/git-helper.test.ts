import { execFileSync, spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { git } from './git-exec.ts'
import { gitViaHelper, shellWord, startGitHelper } from './git-helper.ts'
import { blobId } from './git-text.ts'
import { metrics } from '../../lib/metrics.ts'
import { testEnv } from '../../testing/env-vars.ts'

/**
 * The shell that forks git for a save's calls (decision 340, mutation group `git-helper`): what git sees and
 * answers is what `git` (git-exec.ts) gives it, the system's git in temporary folders.
 */
let repo: string
const folders: string[] = []
const sh = (args: string[], cwd = repo) => execFileSync('git', args, { cwd }).toString()
beforeEach(async () => {
  // A folder name the shell must quote: a space, a quote, a dollar, a backquote.
  const parent = await realpath(await mkdtemp(join(tmpdir(), 'git-helper-')))
  folders.push(parent)
  repo = join(parent, "dep o'$HOME`x`")
  await mkdir(repo)
  sh(['init', '-q'])
})
afterAll(() => Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true, maxRetries: 5 }))))

const setEnv = testEnv()

/** Two commits made with git itself, HEAD at the second. */
function twoCommits() {
  const commit = (message: string) => {
    sh([
      '-c',
      'user.name=Ayşe',
      '-c',
      'user.email=a@ornek.com',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      message,
    ])
    return sh(['rev-parse', 'HEAD']).trim()
  }
  return [commit('bir'), commit('iki')] as const
}

describe('shellWord', () => {
  it('quotes a word so the shell reads it back exactly', () => {
    for (const word of ['', 'düz', "o'nun", "''", 'a b', '$HOME', '`x`', 'a\nb', '\\', '"', '*'])
      expect(execFileSync('/bin/sh', ['-c', `printf %s ${shellWord(word)}`]).toString()).toBe(word)
  })
})

// A call that never settles fails its test in seconds, not at the mutation run's three minutes.
describe('gitViaHelper', { timeout: 20_000 }, () => {
  it('answers git’s output as `git` does, in the given folder with its environment plus the extra', async () => {
    setEnv('GIT_DIR', '/yok/.git')
    setEnv('BENIM_DEGISKEN', "d'eğer $x")
    expect(await gitViaHelper(['rev-parse', '--show-toplevel'], { cwd: repo })).toBe(`${repo}\n`)
    const env = (out: string) => out.split('\n').filter(Boolean).sort()
    const alias = ['-c', 'alias.ortam=!env', 'ortam']
    const extra = { OZEL: 'değer\nikinci satır', GIT_AUTHOR_NAME: "Ay'şe" }
    expect(env(await gitViaHelper(alias, { cwd: repo, env: extra }))).toEqual(
      env(await git(alias, { cwd: repo, env: extra })),
    )
    // Output with no newline at its end comes back as it is.
    expect(await gitViaHelper(['-c', 'alias.yaz=!printf abc', 'yaz'], { cwd: repo })).toBe('abc')
    expect(await gitViaHelper(['-c', 'alias.yaz=!printf ""', 'yaz'], { cwd: repo })).toBe('')
  })

  it('writes its input, a text, bytes or pieces in order; without input git reads nothing', async () => {
    const text = 'İçerik ğüşöç\n'.repeat(300)
    const id = blobId(text, 'sha1')
    expect((await gitViaHelper(['hash-object', '--stdin'], { cwd: repo, input: text })).trim()).toBe(id)
    const bytes = new TextEncoder().encode(text)
    expect((await gitViaHelper(['hash-object', '--stdin'], { cwd: repo, input: bytes })).trim()).toBe(id)
    const pieces = [bytes.subarray(0, 5), bytes.subarray(5, 900), bytes.subarray(900)]
    expect((await gitViaHelper(['hash-object', '--stdin'], { cwd: repo, input: pieces })).trim()).toBe(id)
    expect((await gitViaHelper(['hash-object', '--stdin'], { cwd: repo })).trim()).toBe(blobId('', 'sha1'))
  })

  it('git is forked by the shell, not by the server, unless its input cannot be a here-document', async () => {
    // An alias's shell is git's child: its parent's parent is whoever forked git.
    const forker = async (input?: string | Uint8Array[]) => {
      const args = ['-c', 'alias.kim=!ps -o ppid= -p $PPID', 'kim']
      return Number((await gitViaHelper(args, { cwd: repo, input })).trim())
    }
    expect(await forker()).not.toBe(process.pid)
    expect(await forker('')).not.toBe(process.pid)
    // Bytes in pieces are joined as they are (pieces read as one text would hold NULs: a fork of the server).
    expect(await forker([Buffer.from('bir\n'), Buffer.from('iki\n')])).not.toBe(process.pid)
    expect(await forker('satır\n')).not.toBe(process.pid)
    expect(await forker('x'.repeat(1024 * 1024 - 1) + '\n')).not.toBe(process.pid)
    expect(await forker('x'.repeat(1024 * 1024) + '\n')).toBe(process.pid)
    expect(await forker('son satırsız')).toBe(process.pid)
    expect(await forker('a\0b\n')).toBe(process.pid)
    // The shell's own error output and output are a call's only up to its marks: the next call has its own.
    expect(await gitViaHelper(['rev-parse', '--git-dir'], { cwd: repo })).toBe('.git\n')
  })

  it('input a here-document cannot carry exactly (no newline at its end, a NUL, over 1 MB) goes to git as it is', async () => {
    for (const input of ['son satırsız', 'a\0b\n', 'x'.repeat(1024 * 1024) + '\n', 'satır\n\n', '\n', ''])
      expect((await gitViaHelper(['hash-object', '--stdin'], { cwd: repo, input })).trim()).toBe(
        blobId(input, 'sha1'),
      )
    const bytes = new Uint8Array([0xff, 0xfe, 10, 0x80, 10])
    expect((await gitViaHelper(['hash-object', '--stdin'], { cwd: repo, input: bytes })).trim()).toBe(
      (await git(['hash-object', '--stdin'], { cwd: repo, input: bytes })).trim(),
    )
  })

  it('moves a ref with the reflog line git writes itself (a message the shell must not read)', async () => {
    const [first, second] = twoCommits()
    const message = 'Ayşe\'nin yazısı: $HOME `id` "tırnak" \\ *'
    await gitViaHelper(['update-ref', '-m', message, 'HEAD', first, second], {
      cwd: repo,
      env: { GIT_COMMITTER_DATE: '1700000000 +0300' },
    })
    await git(['update-ref', '-m', message, 'HEAD', second, first], {
      cwd: repo,
      env: { GIT_COMMITTER_DATE: '1700000000 +0300' },
    })
    expect(sh(['rev-parse', 'HEAD']).trim()).toBe(second)
    const log = (await readFile(join(repo, '.git/logs/HEAD'), 'utf8')).trim().split('\n')
    const tail = (line: string) => line.slice(line.indexOf(' ', 82))
    expect(log.at(-2)!.startsWith(`${second} ${first} `)).toBe(true)
    expect(log.at(-1)!.startsWith(`${first} ${second} `)).toBe(true)
    expect(tail(log.at(-2)!)).toBe(tail(log.at(-1)!))
    expect(log.at(-1)!.endsWith(`\t${message}`)).toBe(true)
  })

  it('a failure rejects as `git` does: the command and git’s own message, its exit alone when git said nothing', async () => {
    const [first, second] = twoCommits()
    const refused = await gitViaHelper(['update-ref', 'HEAD', first, first], { cwd: repo }).catch(
      (err: Error) => err.message,
    )
    expect(refused).toBe(
      await git(['update-ref', 'HEAD', first, first], { cwd: repo }).catch((err: Error) => err.message),
    )
    expect(refused).toMatch(/^git update-ref: fatal: .*but expected/)
    expect(sh(['rev-parse', 'HEAD']).trim()).toBe(second)
    const silent = await gitViaHelper(['rev-parse', '--verify', '-q', 'yok'], { cwd: repo }).catch(
      (err: Error) => err.message,
    )
    expect(silent).toBe('git rev-parse: Command failed: git rev-parse --verify -q yok')
    // A folder that is not there: the call fails, the next one works.
    await expect(gitViaHelper(['status'], { cwd: join(repo, 'yok') })).rejects.toThrow(/^git status: /)
    expect(await gitViaHelper(['rev-parse', 'HEAD'], { cwd: repo })).toBe(`${second}\n`)
    // A password in what git says never reaches the error.
    const url = 'https://kullanici:gizli-parola@ornek.com/depo.git'
    const message = await gitViaHelper([url], { cwd: repo }).catch((err: Error) => err.message)
    expect(message).toContain('https://***@ornek.com/depo.git')
    expect(message).not.toContain('gizli-parola')
  })

  it('runs calls made at once one after another, each answered with its own output', async () => {
    const texts = Array.from({ length: 12 }, (_, i) => `metin ${i}\n`.repeat(i * 50 + 1))
    const ids = await Promise.all(
      texts.map((input) => gitViaHelper(['hash-object', '--stdin'], { cwd: repo, input })),
    )
    expect(ids.map((id) => id.trim())).toEqual(texts.map((t) => blobId(t, 'sha1')))
  })

  it('a shell that died fails the call it ran; the next call starts another', async () => {
    startGitHelper()
    const running = gitViaHelper(['-c', 'alias.bekle=!sleep 5', 'bekle'], { cwd: repo })
    await new Promise((resolve) => setTimeout(resolve, 200))
    // The shell's pid: the parent of the sleeping git.
    const shells = execFileSync('ps', ['-o', 'pid=,ppid=,args=', '-u', String(process.getuid!())]).toString()
    const ours = shells
      .split('\n')
      .find((line) => line.includes('/bin/sh') && line.trim().split(/\s+/)[1] === String(process.pid))
    expect(ours).toBeDefined()
    process.kill(Number(ours!.trim().split(/\s+/)[0]), 'SIGKILL')
    await expect(running).rejects.toThrow(/^git -c: git yardımcısı durdu$/)
    expect(await gitViaHelper(['rev-parse', '--git-dir'], { cwd: repo })).toBe('.git\n')
  })

  it('writes no file: nothing in the system’s temporary folder', async () => {
    const own = await realpath(await mkdtemp(join(tmpdir(), 'git-helper-tmp-')))
    folders.push(own)
    setEnv('TMPDIR', own)
    await gitViaHelper(['update-index', '--add', '--index-info'], {
      cwd: repo,
      input: `100644 ${blobId('', 'sha1')}\tbos.txt\n`,
    })
    expect(sh(['ls-files'])).toBe('bos.txt\n')
    expect(await readdir(own)).toEqual([])
  })

  it('holds the process (the shell and its three pipes) only while a call runs', async () => {
    await gitViaHelper(['rev-parse', '--git-dir'], { cwd: repo })
    const held = () =>
      process.getActiveResourcesInfo().filter((r) => r === 'ProcessWrap' || r === 'PipeWrap').length
    const idle = held()
    const running = gitViaHelper(['-c', 'alias.bekle=!sleep 0.5', 'bekle'], { cwd: repo })
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(held()).toBe(idle + 4)
    await running
    expect(held()).toBe(idle)
  })

  it('a shell that died while idle is replaced at the next call, quietly', async () => {
    await gitViaHelper(['rev-parse', '--git-dir'], { cwd: repo })
    const ours = execFileSync('ps', ['-o', 'pid=,ppid=,args=', '-u', String(process.getuid!())])
      .toString()
      .split('\n')
      .find((line) => line.includes('/bin/sh') && line.trim().split(/\s+/)[1] === String(process.pid))
    process.kill(Number(ours!.trim().split(/\s+/)[0]), 'SIGKILL')
    await new Promise((resolve) => setTimeout(resolve, 200))
    // A new shell holds nothing until a call runs.
    const held = () =>
      process.getActiveResourcesInfo().filter((r) => r === 'ProcessWrap' || r === 'PipeWrap').length
    const before = held()
    startGitHelper()
    expect(held()).toBe(before)
    expect(await gitViaHelper(['rev-parse', '--git-dir'], { cwd: repo })).toBe('.git\n')
  })

  it('keeps a script alive while a call runs, and not once the shell is idle', async () => {
    const module = JSON.stringify(new URL('./git-helper.ts', import.meta.url).href)
    const run = (body: string) =>
      spawnSync(
        process.execPath,
        ['--input-type=module', '-e', `import { gitViaHelper, startGitHelper } from ${module}\n${body}`],
        {
          cwd: repo,
          timeout: 15_000,
          encoding: 'utf8',
        },
      )
    // Only awaited promises: without the shell's handles held while it runs, Node would end before the answer.
    const answered = run(
      `process.stdout.write(await gitViaHelper(['rev-parse', '--git-dir'], { cwd: process.cwd() }))`,
    )
    expect(answered.stdout).toBe('.git\n')
    expect(answered.status).toBe(0)
    // An idle shell holds nothing: the script ends at once, not at the timeout.
    const ended = run(
      `startGitHelper(); await gitViaHelper(['rev-parse', '--git-dir'], { cwd: process.cwd() })`,
    )
    expect(ended.signal).toBeNull()
    expect(ended.status).toBe(0)
  })

  it('counts each call as a git process, by its command', async () => {
    const count = async () =>
      (await metrics.gitProcesses.get()).values.find((v) => v.labels.command === 'rev-parse')?.value ?? 0
    const before = await count()
    await gitViaHelper(['rev-parse', '--git-dir'], { cwd: repo })
    await gitViaHelper(['-c', 'core.quotePath=false', 'rev-parse', '--git-dir'], { cwd: repo }).catch(
      () => {},
    )
    expect(await count()).toBe(before + 2)
  })
})
