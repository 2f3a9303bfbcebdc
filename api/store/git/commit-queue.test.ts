import { execFileSync } from 'node:child_process'
import { renameSync } from 'node:fs'
import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoryJournal, type CommitIntent, type CommitJournal } from './commit-journal.ts'
import { createCommitQueue } from './commit-queue.ts'
import { openContentRepo, type ContentRepo } from './content-repo.ts'
import { blobId } from './git-text.ts'
import { gitErrorKind, gitFailureAdvice } from '#schema/git-sync.ts'
import { createLogger, log, setLogger } from '../../lib/log.ts'
import { metrics, registry } from '../../lib/metrics.ts'

/**
 * The commit queue on its own (issue 28, mutation group `commit-queue`): a real repository in a temporary folder,
 * the in-memory journal, no app. A save is answered once its intent is in the journal; commits follow in order.
 * Waits are on conditions (vi.waitFor until the queue reports a state), never on time.
 */

const cleanups: (() => Promise<unknown> | void)[] = []
afterEach(async () => {
  vi.restoreAllMocks()
  for (const c of cleanups.splice(0)) await c()
})
async function temp() {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'commit-queue-')))
  cleanups.push(() => rm(dir, { recursive: true, force: true, maxRetries: 5 }))
  return dir
}
const git = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim()
const AYSE = { name: 'Ayşe', email: 'ayse@ornek.com' }
const job = (text: string, message = `Kayıt ${text}`, name = 'blogs.json') => ({ file: { name, text }, author: AYSE, message })
/** A promise and its resolve: holds a step until the test lets it go. */
function gate() {
  let open!: () => void
  const held = new Promise<void>((resolve) => (open = resolve))
  return { held, open }
}
/** The journal, with every `record` call seen (its intent and kept bytes, as text). */
function watchedJournal() {
  const inner = memoryJournal()
  const calls: { intent: string | null; keep: [string, string][] }[] = []
  const journal: CommitJournal = {
    async record(intent, keep) {
      calls.push({ intent: intent?.id ?? null, keep: keep.map((k) => [k.id, Buffer.from(k.bytes).toString()]) })
      await inner.record(intent, keep)
    },
    done: (id) => inner.done(id),
    pending: () => inner.pending(),
  }
  return { journal, calls }
}
async function repoIn() {
  const dir = await temp()
  await writeFile(join(dir, 'blogs.json'), '[]')
  const repo = await openContentRepo(dir)
  return { dir, repo }
}
const subjects = (dir: string) => git(dir, 'log', '--format=%an|%s').split('\n')
/** How many `git update-index` processes the server ran so far (/metrics' count by command). */
const updateIndexCalls = async () =>
  (await metrics.gitProcesses.get()).values.find((v) => v.labels.command === 'update-index')?.value ?? 0

/** What the queue logs from now until the test ends, one parsed line each (the server logs through pino, api/lib/log.ts). */
function captureLog() {
  const lines: { level: string; msg: string; [field: string]: unknown }[] = []
  const original = log
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  setLogger(createLogger(sink, 'debug'))
  cleanups.push(() => setLogger(original))
  return lines
}
/** The messages of the logged lines (level: message). */
const said = (lines: { level: string; msg: string }[]) => lines.map((l) => `${l.level}: ${l.msg}`)

/**
 * Every wait the queue starts (setTimeout's delay), each let go at once (or once `held` resolves): the back-off a
 * failing commit or push follows, seen without waiting for it.
 */
function recordWaits(held: Promise<void> = Promise.resolve()) {
  const real = globalThis.setTimeout
  const waits: number[] = []
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number, ...args: unknown[]) => {
    // Only the queue's own waits (others, e.g. of streams, run as asked).
    if (!new Error().stack?.includes('commit-queue.ts')) return real(run, ms, ...args)
    waits.push(ms ?? 0)
    const timer = real(() => {}, 0)
    void held.then(() => real(run, 0))
    return timer
  }) as never)
  return waits
}

/** What /metrics would show of the git queue now (the gauges read the queue created last). */
async function gitGauges() {
  const value = async (name: string) => (await registry.getSingleMetric(name)!.get()).values[0]!.value
  return {
    pending: await value('site_git_commits_pending'),
    commitLag: await value('site_git_commit_lag_seconds'),
    pushLag: await value('site_git_push_lag_seconds'),
    failing: await value('site_git_failing'),
  }
}
/** A counter's value for one result label. */
async function counted(counter: typeof metrics.gitCommits, result: 'ok' | 'failed') {
  return (await counter.get()).values.find((v) => v.labels.result === result)?.value ?? 0
}
/** The real repository, told each time the queue asks it to pack (before it packs). */
function watchPacking(repo: ContentRepo, told: () => void): ContentRepo {
  return {
    ...repo,
    maintain() {
      told()
      return repo.maintain()
    },
  }
}
/** Date.now() stands still at `at` (the queue's lag clocks) until the next call. */
const clockAt = (at: number) => vi.spyOn(Date, 'now').mockReturnValue(at)

describe('commits in order, answered once the intent is durable', () => {
  it('each save its own commit in order; the journal empties; the status counts and names the last commit', async () => {
    const { dir, repo } = await repoIn()
    const journal = memoryJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    await queue.enqueue(job('[1]'))
    await queue.enqueue(job('[1,2]'))
    // Both intents are durable before any commit was made.
    // The first save's bytes were kept when the second save of its file came (the file no longer holds them).
    expect(journal.pending().map((i) => [i.file, i.message, i.blob, i.bytes && Buffer.from(i.bytes).toString()])).toEqual([
      ['blogs.json', 'Kayıt [1]', blobId('[1]'), '[1]'],
      ['blogs.json', 'Kayıt [1,2]', blobId('[1,2]'), null],
    ])
    expect(queue.status()).toMatchObject({ mode: 'commit', pending: 2, lastCommit: null, error: null, push: null })
    hold.open()
    await queue.idle()
    expect(subjects(dir)).toEqual(['Ayşe|Kayıt [1,2]', 'Ayşe|Kayıt [1]', 'Site sunucusu|İçerik deposu oluşturuldu'])
    expect(journal.pending()).toEqual([])
    const status = queue.status()
    expect(status).toMatchObject({ pending: 0, error: null, lastCommit: { commit: git(dir, 'rev-parse', 'HEAD'), message: 'Kayıt [1,2]' } })
    expect(Date.parse(status.lastCommit!.at)).toBeGreaterThan(Date.now() - 600_000)
    // A save that changes nothing makes no commit and keeps the last one.
    await queue.enqueue(job('[1,2]', 'aynı'))
    await queue.idle()
    expect(queue.status().lastCommit!.message).toBe('Kayıt [1,2]')
    expect(journal.pending()).toEqual([])
  })

  it('a burst of saves: the repository’s own index follows their commits once, at the end; a lone save’s at once', async () => {
    const { dir, repo } = await repoIn()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal(), { first: () => hold.held })
    await writeFile(join(dir, 'blogs.json'), '[3]')
    for (const text of ['[1]', '[1,2]', '[3]']) await queue.enqueue(job(text))
    const before = await updateIndexCalls()
    hold.open()
    await queue.idle()
    expect(subjects(dir).slice(0, 3)).toEqual(['Ayşe|Kayıt [3]', 'Ayşe|Kayıt [1,2]', 'Ayşe|Kayıt [1]'])
    expect((await updateIndexCalls()) - before).toBe(1)
    // The index holds the last commit: nothing staged, nothing modified.
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(git(dir, 'ls-files', '-s', 'blogs.json').split(/\s+/)[1]).toBe(blobId('[3]'))
    await writeFile(join(dir, 'blogs.json'), '[4]')
    await queue.enqueue(job('[4]'))
    await queue.idle()
    expect((await updateIndexCalls()) - before).toBe(2)
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })

  it('enqueue resolves only once the journal has recorded the intent', async () => {
    const { repo } = await repoIn()
    const inner = memoryJournal()
    const slow = gate()
    const recording = gate()
    const journal: CommitJournal = {
      ...inner,
      record: async (i, k) => {
        recording.open()
        await slow.held
        await inner.record(i, k)
      },
    }
    const queue = createCommitQueue(Promise.resolve(repo), journal)
    let answered = false
    const save = queue.enqueue(job('[3]')).then(() => (answered = true))
    await recording.held
    await queue.idle() // the commit itself is made meanwhile
    expect(subjects(repo.root)[0]).toBe('Ayşe|Kayıt [3]')
    expect(answered).toBe(false)
    slow.open()
    await save
    expect(answered).toBe(true)
  })

  it('a journal that fails to record does not stop the commit; each failure is logged for the operator', async () => {
    const { dir, repo } = await repoIn()
    const lines = captureLog()
    const inner = memoryJournal()
    const journal: CommitJournal = { ...inner, record: async () => Promise.reject(new Error('disk dolu')) }
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    await queue.enqueue(job('[4]'))
    // The file moved on before the commit: keeping its bytes fails too, and is logged.
    await queue.fileMovedOn('blogs.json')
    hold.open()
    await queue.idle()
    expect(subjects(dir)[0]).toBe('Ayşe|Kayıt [4]')
    expect(said(lines)).toEqual(['error: Kayıt günlüğüne yazılamadı: disk dolu', 'error: disk dolu'])
  })

  it('a journal that fails to mark a commit done: the commit stands, no error in the status, the failure logged', async () => {
    const { dir, repo } = await repoIn()
    const lines = captureLog()
    const inner = memoryJournal()
    const journal: CommitJournal = { ...inner, done: async () => Promise.reject(new Error('günlük kilitli')) }
    const queue = createCommitQueue(Promise.resolve(repo), journal)
    await queue.enqueue(job('[4,5]'))
    await queue.idle()
    expect(subjects(dir)[0]).toBe('Ayşe|Kayıt [4,5]')
    expect(queue.status()).toMatchObject({ pending: 0, error: null, lastCommit: { message: 'Kayıt [4,5]' } })
    // Its intent stays in the journal: the next start finds the commit made and drops it (recovery).
    expect(journal.pending().map((i) => i.message)).toEqual(['Kayıt [4,5]'])
    expect(said(lines)).toEqual(['error: Kayıt günlüğü güncellenemedi: günlük kilitli'])
  })

  it('waits (at most 2 s) for the publish the save started before each commit', async () => {
    const { dir, repo } = await repoIn()
    const waits = recordWaits()
    // A publish that never ends: the commit goes after the 2 s wait all the same.
    const quiet = vi.fn(() => new Promise<void>(() => {}))
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal(), { quiet })
    await queue.enqueue(job('[8]'))
    await queue.enqueue(job('[8,9]'))
    await queue.idle()
    expect(subjects(dir).slice(0, 2)).toEqual(['Ayşe|Kayıt [8,9]', 'Ayşe|Kayıt [8]'])
    expect(quiet).toHaveBeenCalledTimes(2)
    expect(waits).toEqual([2000, 2000])
  })
})

describe('bytes kept in the journal once the file moves on', { timeout: 240_000 }, () => {
  it('a second save of the same file keeps the first’s bytes; fileMovedOn keeps the newest’s; each only once', async () => {
    const { repo } = await repoIn()
    const { journal, calls } = watchedJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    await queue.enqueue(job('[1]'))
    await queue.enqueue(job('{"p":1}', 'sayfa', 'pages.json'))
    await queue.enqueue(job('[1,2]'))
    const [a, p, b] = journal.pending().map((i) => i.id)
    expect(calls).toEqual([
      { intent: a, keep: [] },
      { intent: p, keep: [] },
      { intent: b, keep: [[a, '[1]']] },
    ])
    await queue.fileMovedOn('blogs.json')
    await queue.fileMovedOn('blogs.json') // already kept: nothing more
    await queue.fileMovedOn('yok.json')
    expect(calls.slice(3)).toEqual([{ intent: null, keep: [[b, '[1,2]']] }])
    // A third save after fileMovedOn: the second's bytes are kept already, nothing to keep again.
    await queue.enqueue(job('[1,2,3]'))
    expect(calls[4]!.keep).toEqual([])
    expect(journal.pending().map((i) => i.bytes && Buffer.from(i.bytes).toString())).toEqual(['[1]', null, '[1,2]', null])
    hold.open()
    await queue.idle()
    // Committed: the next save keeps nothing.
    await queue.enqueue(job('[9]'))
    expect(calls.at(-1)!.keep).toEqual([])
    await queue.idle()
  })

  it('an older save committed in its turn leaves the newer one the file’s newest: the file moving on then keeps the newer’s bytes', async () => {
    const { repo } = await repoIn()
    const { journal, calls } = watchedJournal()
    const hold = gate()
    // The second commit waits for the publish (quiet) and its 2 s limit, both held: the test acts between the turns.
    const second = gate()
    recordWaits(second.held)
    let quietCalls = 0
    const queue = createCommitQueue(Promise.resolve(repo), journal, {
      first: () => hold.held,
      quiet: () => (++quietCalls === 1 ? Promise.resolve() : second.held),
    })
    await queue.enqueue(job('[1]'))
    await queue.enqueue(job('[1,2]'))
    const [, b] = journal.pending().map((i) => i.id)
    hold.open()
    await vi.waitFor(() => expect(queue.status().pending).toBe(1))
    const before = calls.length
    await queue.fileMovedOn('blogs.json')
    // The first's bytes were kept when the second was queued; now the second's, which the file no longer holds.
    expect(calls.slice(before)).toEqual([{ intent: null, keep: [[b, '[1,2]']] }])
    second.open()
    await queue.idle()
  })

  it('keepBytes: the bytes go into the journal with the intent (an outside edit about to be overwritten)', async () => {
    const { repo } = await repoIn()
    const { journal, calls } = watchedJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    await queue.enqueue(job('["dış"]'), { keepBytes: true })
    expect(journal.pending().map((i) => Buffer.from(i.bytes!).toString())).toEqual(['["dış"]'])
    // Its bytes are kept already: the next save of the file does not keep them again.
    await queue.enqueue(job('[2]'))
    expect(calls[1]!.keep).toEqual([])
    hold.open()
    await queue.idle()
  })
})

describe('local mode and a repository that cannot be opened', () => {
  it('local mode: no commits, no journal rows, the notice in the status', async () => {
    const top = await temp()
    git(top, 'init', '-q')
    const dir = join(top, 'content')
    await mkdir(dir)
    const repo = await openContentRepo(dir)
    const { journal, calls } = watchedJournal()
    const first = vi.fn(async () => {})
    const queue = createCommitQueue(Promise.resolve(repo), journal, { localNotice: 'Yerel kip', remote: join(top, 'x.git'), first })
    await queue.enqueue(job('[1]'))
    await queue.fileMovedOn('blogs.json')
    await queue.idle()
    expect(calls).toEqual([])
    expect(first).not.toHaveBeenCalled()
    expect(queue.status()).toMatchObject({ mode: 'local', notice: 'Yerel kip', pending: 0, push: null })
    // No notice given: none shown.
    const plain = createCommitQueue(Promise.resolve(repo), journal)
    await plain.idle()
    expect(plain.status()).toMatchObject({ mode: 'local', notice: null })
  })

  it('a repository that cannot be opened is reported; saves are not queued', async () => {
    const { journal, calls } = watchedJournal()
    const lines = captureLog()
    const queue = createCommitQueue(Promise.reject(new Error('git yok')), journal)
    await queue.enqueue(job('[1]'))
    await queue.idle()
    expect(calls).toEqual([])
    expect(queue.status()).toMatchObject({ pending: 0, error: 'Git deposu açılamadı: git yok' })
    expect(lines).toMatchObject([{ level: 'error', msg: 'Git deposu açılamadı: git yok', detail: 'git yok' }])
    // /metrics says git is failing.
    expect(await gitGauges()).toEqual({ pending: 0, commitLag: 0, pushLag: 0, failing: 1 })
    // No repository: a file moving on has nothing to keep.
    await queue.fileMovedOn('blogs.json')
    expect(calls).toEqual([])
    // A failure that is not an Error object (a rejected text) is reported as it is.
    const other = createCommitQueue(Promise.reject('izin yok'), journal)
    await other.idle()
    expect(other.status().error).toBe('Git deposu açılamadı: izin yok')
  })

  it('a failing recovery is reported, and the saves after it are still committed', async () => {
    const { dir, repo } = await repoIn()
    const lines = captureLog()
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal(), {
      first: async () => Promise.reject(new Error('bozuk günlük')),
    })
    await vi.waitFor(() => expect(queue.status().error).toBe("Yarım kalan kayıtlar git'e eklenemedi: bozuk günlük"))
    expect(lines).toMatchObject([{ level: 'error', msg: "Yarım kalan kayıtlar git'e eklenemedi: bozuk günlük", detail: 'bozuk günlük' }])
    await queue.enqueue(job('[5]'))
    await queue.idle()
    expect(subjects(dir)[0]).toBe('Ayşe|Kayıt [5]')
    expect(queue.status().error).toBeNull()
  })
})

describe('a commit that fails is retried, never skipped', { timeout: 240_000 }, () => {
  it('while the branch is locked: tried again after 1, 2, 4 … 32 s, then every minute; the error in the status and on /metrics, each try counted and logged; the intent stays; once unlocked, committed and cleared', async () => {
    const { dir, repo } = await repoIn()
    const journal = memoryJournal()
    const lock = join(dir, '.git', `${git(dir, 'symbolic-ref', 'HEAD')}.lock`)
    await writeFile(lock, '')
    const lines = captureLog()
    const [failedBefore, okBefore] = [await counted(metrics.gitCommits, 'failed'), await counted(metrics.gitCommits, 'ok')]
    const waits = recordWaits()
    const queue = createCommitQueue(Promise.resolve(repo), journal)
    await queue.enqueue(job('[7]', 'Sabırlı kayıt'))
    await vi.waitFor(() => expect(waits.length).toBeGreaterThanOrEqual(7), { timeout: 180_000, interval: 50 })
    const message = `Değişiklik git'e kaydedilemedi (Sabırlı kayıt): ${gitFailureAdvice.other}`
    expect(queue.status()).toMatchObject({ error: message, pending: 1 })
    expect(journal.pending()).toHaveLength(1)
    expect(await gitGauges()).toMatchObject({ pending: 1, failing: 1 })
    await rm(lock)
    await queue.idle()
    expect(waits.slice(0, 7)).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000])
    expect(waits.slice(6).every((ms) => ms === 60_000)).toBe(true)
    expect(subjects(dir)[0]).toBe('Ayşe|Sabırlı kayıt')
    expect(queue.status()).toMatchObject({ error: null, pending: 0 })
    expect(journal.pending()).toEqual([])
    expect(await counted(metrics.gitCommits, 'failed')).toBe(failedBefore + waits.length)
    expect(await counted(metrics.gitCommits, 'ok')).toBe(okBefore + 1)
    expect(lines).toHaveLength(waits.length)
    for (const line of lines) {
      expect(line).toMatchObject({ level: 'error', msg: message })
      expect(line.detail).toContain('.lock')
    }
    expect(await gitGauges()).toMatchObject({ pending: 0, failing: 0 })
  })
})

describe('exclusive tasks and pushes', { timeout: 240_000 }, () => {
  it('a task runs after the commits queued before it and before those after; a push follows; the status names the remote without its password', async () => {
    const { dir, repo } = await repoIn()
    const bare = join(await temp(), 'uzak.git')
    git(dir, 'init', '-q', '--bare', bare)
    const hold = gate()
    const results: string[] = []
    const pushedBefore = await counted(metrics.gitPushes, 'ok')
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal(), { remote: bare, first: () => hold.held })
    queue.onPush((r) => results.push(r))
    await queue.enqueue(job('[1]'))
    const task = queue.exclusive(async (r: ContentRepo) => {
      results.push(`task: ${git(r.root, 'log', '-1', '--format=%s')}`)
      return 42
    })
    await queue.enqueue(job('[2]'))
    hold.open()
    expect(await task).toBe(42)
    await queue.idle()
    // (the push of the start comes first, then the task; every push heard is 'ok')
    expect(results.filter((r) => r.startsWith('task'))).toEqual(['task: Kayıt [1]'])
    expect(results.filter((r) => !r.startsWith('task')).every((r) => r === 'ok')).toBe(true)
    expect(results.length).toBeGreaterThan(1)
    expect(await counted(metrics.gitPushes, 'ok')).toBe(pushedBefore + results.length - 1)
    const branch = git(dir, 'symbolic-ref', 'HEAD')
    expect(git(bare, 'rev-parse', branch)).toBe(git(dir, 'rev-parse', 'HEAD'))
    expect(subjects(dir)[0]).toBe('Ayşe|Kayıt [2]')
    const push = queue.status().push!
    expect(push).toMatchObject({ remote: bare, pending: false, error: null, errorKind: null })
    expect(Date.parse(push.lastPushedAt!)).toBeGreaterThan(Date.now() - 600_000)
    // A task that fails rejects its caller; the queue goes on.
    await expect(queue.exclusive(async () => Promise.reject(new Error('görev')))).rejects.toThrow('görev')
    await queue.enqueue(job('[3]'))
    await queue.idle()
    expect(git(bare, 'rev-parse', branch)).toBe(git(dir, 'rev-parse', 'HEAD'))
    // The status is a copy.
    queue.status().push!.remote = 'x'
    expect(queue.status().push!.remote).toBe(bare)
    // Everything pushed: no push lag on /metrics.
    expect(await gitGauges()).toEqual({ pending: 0, commitLag: 0, pushLag: 0, failing: 0 })
  })

  it('a remote that cannot be reached: six tries (1, 2, 4, 8, 16 s apart), then it stops; each logged; /metrics shows the push lag', async () => {
    const { repo } = await repoIn()
    const missing = join(await temp(), 'yok.git')
    const lines = captureLog()
    const failedBefore = await counted(metrics.gitPushes, 'failed')
    const waits = recordWaits()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal(), { remote: missing, first: () => hold.held })
    const heard: string[] = []
    queue.onPush((r) => heard.push(r))
    // Nothing tried yet.
    expect(queue.status().push).toEqual({ remote: missing, pending: false, error: null, errorKind: null, lastPushedAt: null })
    hold.open()
    // The push of the start (nothing new to push, but the remote is not there).
    await vi.waitFor(() => expect(queue.status().push!.error).not.toBeNull(), { timeout: 180_000, interval: 50 })
    await queue.idle()
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000])
    expect(await counted(metrics.gitPushes, 'failed')).toBe(failedBefore + 6)
    const push = queue.status().push!
    // A remote that is not there: 'unreachable', with its advice (git's English stays in the log).
    const kind = push.errorKind
    expect(kind).toBe('unreachable')
    expect(gitErrorKind(String(lines[0]!.detail))).toBe('unreachable')
    expect(push).toMatchObject({ pending: false, error: `Uzak depoya gönderilemedi: ${gitFailureAdvice.unreachable}`, lastPushedAt: null })
    expect(lines.map((l) => [l.level, l.msg, l.kind, l.attempt])).toEqual(
      [0, 1, 2, 3, 4, 5].map((attempt) => ['error', push.error, kind, attempt]),
    )
    expect(String(lines[0]!.detail)).toContain('yok.git')
    // Not 'refused': the listeners hear nothing.
    expect(heard).toEqual([])
    // A save: committed; its push fails the same way and stops again; the commit waits for a push on /metrics.
    const at = Date.now()
    clockAt(at)
    await queue.enqueue(job('[1]'))
    await queue.idle()
    expect(waits).toHaveLength(10)
    clockAt(at + 30_000)
    expect(await gitGauges()).toEqual({ pending: 0, commitLag: 0, pushLag: 30, failing: 1 })
    expect(queue.status()).toMatchObject({ error: null, pending: 0, push: { pending: false } })
  })

  it('a push asked for while one runs follows it (its tries counted from the first again); a task’s own commit is pushed after it', async () => {
    const { dir, repo } = await repoIn()
    const bare = join(await temp(), 'uzak.git')
    git(dir, 'init', '-q', '--bare', bare)
    const waits = recordWaits()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal(), { remote: bare, first: () => hold.held })
    const heard: string[] = []
    queue.onPush((r) => {
      heard.push(r)
      if (heard.length > 1) return
      // Asked again while the first push is still running; the remote is gone by then.
      renameSync(bare, `${bare}.taşındı`)
      queue.push()
    })
    hold.open()
    await vi.waitFor(() => expect(queue.status().push!.error).not.toBeNull(), { timeout: 180_000, interval: 50 })
    await queue.idle()
    expect(heard).toEqual(['ok'])
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000])
    expect(queue.status().push).toMatchObject({ pending: false, lastPushedAt: expect.any(String) })
    // Back: a sync's merge commit (made inside its task) goes out right after the task.
    renameSync(`${bare}.taşındı`, bare)
    await queue.exclusive((r) => r.commit([{ name: 'blogs.json', text: '["birleşik"]' }], AYSE, 'Birleştirme'))
    await queue.idle()
    const branch = git(dir, 'symbolic-ref', 'HEAD')
    expect(git(bare, 'log', '-1', '--format=%s', branch)).toBe('Birleştirme')
    expect(heard).toEqual(['ok', 'ok'])
    expect(queue.status().push).toMatchObject({ pending: false, error: null, errorKind: null })
  })

  it('commits recovered at start are pushed at once; a remote that refuses (it moved) is reported as push-refused and told to the listeners', async () => {
    const { dir, repo } = await repoIn()
    const bare = join(await temp(), 'uzak.git')
    git(dir, 'init', '-q', '--bare', bare)
    // The remote has a commit the server lacks: the push is refused.
    const clone = join(await temp(), 'klon')
    git(dir, 'clone', '-q', dir, clone)
    await writeFile(join(clone, 'blogs.json'), '["uzak"]')
    execFileSync('git', ['-c', 'user.name=B', '-c', 'user.email=b@o.com', 'commit', '-qam', 'uzak'], { cwd: clone })
    const branch = git(dir, 'symbolic-ref', 'HEAD')
    git(clone, 'push', '-q', bare, `HEAD:${branch}`)
    await repo.commit([{ name: 'blogs.json', text: '["yerel"]' }], AYSE, 'yerel')
    const heard: string[] = []
    const secretRemote = `file://kullanici:gizli-parola@localhost${bare}`
    // The retries wait until the test has read the status, then go at once (so none outlives the test).
    const retries = gate()
    const waits = recordWaits(retries.held)
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal(), { remote: bare })
    queue.onPush((r) => heard.push(r))
    await vi.waitFor(() => expect(heard[0]).toBe('refused'), { timeout: 180_000, interval: 50 })
    const push = queue.status().push!
    expect(push.errorKind).toBe('push-refused')
    // Staff read the advice for the kind, not git's English (decision 276).
    expect(push.error).toBe(`Uzak depoya gönderilemedi: ${gitFailureAdvice['push-refused']}`)
    expect(push.pending).toBe(true)
    // The password of a remote URL is never in the status.
    const other = createCommitQueue(Promise.resolve(repo), memoryJournal(), { remote: secretRemote })
    expect(other.status().push!.remote).toBe(`file://***@localhost${bare}`)
    await vi.waitFor(() => expect(other.status().push!.error).not.toBeNull(), { timeout: 180_000, interval: 50 })
    expect(other.status().push!.error).not.toContain('gizli-parola')
    // Refused each time: six tries each, then the queues stop (the sync is what resolves it).
    retries.open()
    await Promise.all([queue.idle(), other.idle()])
    expect(heard).toEqual(Array(6).fill('refused'))
    expect([...waits].sort((a, b) => a - b)).toEqual([1000, 1000, 2000, 2000, 4000, 4000, 8000, 8000, 16_000, 16_000])
    expect(queue.status().push).toMatchObject({ pending: false, errorKind: 'push-refused' })
  })
})

describe('saves a sync commits before it reads their file (commitWritten, issue 27)', { timeout: 240_000 }, () => {
  it('inside an exclusive task: the file’s saves queued after it, in order, under their authors; other files wait their turn; none twice', async () => {
    const { dir, repo } = await repoIn()
    const { journal, calls } = watchedJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    // Two saves committed in their own turns before the task: never committed again by it.
    await queue.enqueue(job('[0]'))
    await queue.enqueue(job('[1]'))
    const seen: string[][] = []
    const task = queue.exclusive(async () => {
      seen.push(subjects(dir))
      await queue.commitWritten('blogs.json')
      seen.push(subjects(dir))
      // Committed: no longer the file's newest uncommitted save, so the file moving on keeps none of its bytes.
      const recorded = calls.length
      await queue.fileMovedOn('blogs.json')
      expect(calls.length).toBe(recorded)
      // Nothing left of that file: a second call commits nothing.
      await queue.commitWritten('blogs.json')
      seen.push(subjects(dir))
      // A save queued while the task commits another is not one it commits, and stays the file's newest: the file
      // moving on keeps its bytes.
      await queue.enqueue(job('[1,2,3,4]'))
      const committing = queue.commitWritten('blogs.json')
      await queue.enqueue(job('[1,2,3,4,5]'))
      await committing
      seen.push(subjects(dir).slice(0, 2))
      const before = calls.length
      await queue.fileMovedOn('blogs.json')
      expect(calls.slice(before)).toEqual([{ intent: null, keep: [[expect.any(String), '[1,2,3,4,5]']] }])
      return queue.status().pending
    })
    await queue.enqueue(job('[1,2]'))
    await queue.enqueue(job('{}', 'Ayarlar', 'home.json'))
    await queue.enqueue({ ...job('[1,2,3]'), author: { name: 'Mehmet', email: 'mehmet@ornek.com' } })
    hold.open()
    // Their turns have not come yet: still counted as pending while the task runs.
    expect(await task).toBe(5)
    const start = ['Ayşe|Kayıt [1]', 'Ayşe|Kayıt [0]', 'Site sunucusu|İçerik deposu oluşturuldu']
    expect(seen).toEqual([
      start,
      ['Mehmet|Kayıt [1,2,3]', 'Ayşe|Kayıt [1,2]', ...start],
      ['Mehmet|Kayıt [1,2,3]', 'Ayşe|Kayıt [1,2]', ...start],
      ['Ayşe|Kayıt [1,2,3,4]', 'Mehmet|Kayıt [1,2,3]'],
    ])
    expect(journal.pending().map((i) => i.message)).toEqual(['Ayarlar', 'Kayıt [1,2,3,4,5]'])
    await queue.idle()
    // Their own turns found them done: no second commit; the others in their turns.
    expect(subjects(dir)).toEqual([
      'Ayşe|Kayıt [1,2,3,4,5]',
      'Ayşe|Ayarlar',
      'Ayşe|Kayıt [1,2,3,4]',
      'Mehmet|Kayıt [1,2,3]',
      'Ayşe|Kayıt [1,2]',
      ...start,
    ])
    expect(queue.status()).toMatchObject({ pending: 0, error: null, lastCommit: { message: 'Kayıt [1,2,3,4,5]' } })
    expect(journal.pending()).toEqual([])
  })

  it('a save the task committed was its file’s last: its own turn finds nothing to do, and the queue goes on', async () => {
    const { dir, repo } = await repoIn()
    const journal = memoryJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    const task = queue.exclusive(() => queue.commitWritten('blogs.json'))
    await queue.enqueue(job('[7]', 'Eşitlemede'))
    await queue.enqueue(job('{}', 'Ayarlar', 'home.json'))
    hold.open()
    await task
    await queue.idle()
    expect(subjects(dir).slice(0, 2)).toEqual(['Ayşe|Ayarlar', 'Ayşe|Eşitlemede'])
    expect(queue.status()).toMatchObject({ pending: 0, error: null })
    expect(journal.pending()).toEqual([])
  })

  it('outside an exclusive task it refuses (it would commit beside the queue); after a task that failed too', async () => {
    const { repo } = await repoIn()
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal())
    await expect(queue.commitWritten('blogs.json')).rejects.toThrow('yalnız bir eşitleme görevinin içinden')
    await expect(queue.exclusive(async () => Promise.reject(new Error('görev')))).rejects.toThrow('görev')
    await expect(queue.commitWritten('blogs.json')).rejects.toThrow('yalnız bir eşitleme görevinin içinden')
    expect(await queue.exclusive(async () => 'bitti')).toBe('bitti')
    await expect(queue.commitWritten('blogs.json')).rejects.toThrow('yalnız bir eşitleme görevinin içinden')
  })

  it('a commit that fails there fails the task at once, reported; the save is committed in its own turn once git works', async () => {
    const { dir, repo } = await repoIn()
    const journal = memoryJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    const lock = join(dir, '.git', `${git(dir, 'symbolic-ref', 'HEAD')}.lock`)
    const task = queue.exclusive(async () => {
      await writeFile(lock, '')
      try {
        await queue.commitWritten('blogs.json')
      } finally {
        await rm(lock)
      }
    })
    await queue.enqueue(job('[9]', 'Kilitte'))
    hold.open()
    await expect(task).rejects.toThrow()
    expect(queue.status().error).toBe(`Değişiklik git'e kaydedilemedi (Kilitte): ${gitFailureAdvice.other}`)
    await queue.idle()
    expect(subjects(dir)[0]).toBe('Ayşe|Kilitte')
    expect(queue.status()).toMatchObject({ pending: 0, error: null })
    expect(journal.pending()).toEqual([])
  })
})

describe('/metrics: the queue’s lag', () => {
  it('pending saves, the age of the oldest, nothing once committed; no push lag without a remote', async () => {
    const { repo } = await repoIn()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal(), { first: () => hold.held })
    expect(await gitGauges()).toEqual({ pending: 0, commitLag: 0, pushLag: 0, failing: 0 })
    const at = Date.now()
    clockAt(at)
    await queue.enqueue(job('[1]'))
    clockAt(at + 10_000)
    await queue.enqueue(job('[1,2]'))
    clockAt(at + 90_000)
    // The oldest waits 90 s.
    expect(await gitGauges()).toEqual({ pending: 2, commitLag: 90, pushLag: 0, failing: 0 })
    hold.open()
    await queue.idle()
    clockAt(at + 120_000)
    expect(await gitGauges()).toEqual({ pending: 0, commitLag: 0, pushLag: 0, failing: 0 })
  })
})

describe('packing', { timeout: 240_000 }, () => {
  /** Loose objects in the repository (0 right after a packing). */
  const looseIn = (dir: string) => Number(/^count: (\d+)$/m.exec(git(dir, 'count-objects', '-v'))![1])
  /** A file of exactly 300,004 bytes, different each time. */
  const big = (letter: string) => JSON.stringify([letter.repeat(300_000)])
  it('once the commits since the last packing wrote four times the content and at least 1 MB, loose objects are packed', async () => {
    const { dir, repo } = await repoIn()
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal())
    // 3 × 300,004 bytes: under 1 MB, no packing. Their bytes in each form a save hands over (text, bytes, pieces).
    const bytes = (text: string) => new TextEncoder().encode(text)
    const forms = [big('a'), bytes(big('b')), [bytes(big('c').slice(0, 1000)), bytes(big('c').slice(1000))]]
    for (const [i, text] of forms.entries()) {
      await queue.enqueue({ ...job('', `büyük ${i}`), file: { name: 'blogs.json', text } })
      await queue.idle()
    }
    expect(git(dir, 'show', 'HEAD:blogs.json')).toBe(big('c'))
    expect(queue.status().error).toBeNull()
    expect(looseIn(dir)).toBeGreaterThan(0)
    // The fourth: 1,200,016 bytes written, exactly four times the content (one file of 300,004 bytes): packed.
    await queue.enqueue(job(big('d'), 'büyük d'))
    await queue.idle()
    expect(looseIn(dir)).toBe(0)
    // The count starts again: one more commit is not packed.
    await queue.enqueue(job(big('e'), 'büyük e'))
    await queue.idle()
    expect(looseIn(dir)).toBeGreaterThan(0)
  })

  it('a small content is not packed before 1 MB was written, however many times its size that is', async () => {
    const { dir, repo } = await repoIn()
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal())
    // Four saves of 3 bytes: twelve bytes, four times the content.
    for (const n of [1, 2, 3, 4]) {
      await queue.enqueue(job(`[${n}]`))
      await queue.idle()
    }
    expect(looseIn(dir)).toBeGreaterThan(0)
  })

  it('the content’s size raises the bar: 1.2 MB of commits is not four times a content of 1.3 MB', async () => {
    const { dir, repo } = await repoIn()
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal(), { sizes: new Map([['pages.json', 1_000_000]]) })
    for (const letter of ['a', 'b', 'c', 'd']) {
      await queue.enqueue(job(big(letter), `büyük ${letter}`))
      await queue.idle()
    }
    expect(looseIn(dir)).toBeGreaterThan(0)
  })
  it('a file’s committed size raises the bar: three commits of a 400 kB file (1.2 MB) are not four times it; the fourth is', async () => {
    const { repo } = await repoIn()
    const packedAt: number[] = []
    const queue = createCommitQueue(Promise.resolve(watchPacking(repo, () => packedAt.push(queue.status().pending))), memoryJournal())
    const large = (letter: string) => JSON.stringify([letter.repeat(400_000)])
    for (const letter of ['a', 'b', 'c']) {
      await queue.enqueue(job(large(letter), `büyük ${letter}`))
      await queue.idle()
    }
    expect(packedAt).toEqual([])
    await queue.enqueue(job(large('d'), 'büyük d'))
    await queue.idle()
    expect(packedAt).toEqual([0])
  })

  it('packs only once no save waits: five saves queued together are packed once, after the last', async () => {
    const { dir, repo } = await repoIn()
    const packedAt: number[] = []
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(watchPacking(repo, () => packedAt.push(queue.status().pending))), memoryJournal(), {
      first: () => hold.held,
    })
    // After the fourth, four times the content (1,200,016 bytes) is written, but the fifth still waits.
    for (const letter of ['a', 'b', 'c', 'd', 'e']) await queue.enqueue(job(big(letter), `büyük ${letter}`))
    hold.open()
    await queue.idle()
    expect(packedAt).toEqual([0])
    expect(looseIn(dir)).toBe(0)
  })

  it('packCommits: packed after that many commits whatever their bytes (a save that commits nothing not counted); the count starts again', async () => {
    // Decision 333: with one file per post a save adds loose trees and a commit but few blob bytes.
    const { dir, repo } = await repoIn()
    const packedAt: string[] = []
    const queue = createCommitQueue(
      Promise.resolve(watchPacking(repo, () => packedAt.push(git(dir, 'log', '-1', '--format=%s')))),
      memoryJournal(),
      { packCommits: 2 },
    )
    for (const n of [1, 2, 2, 3, 4]) {
      await queue.enqueue(job(`[${n}]`))
      await queue.idle()
    }
    // [2] again is no commit: after the first packing only [3] and [4] count.
    expect(packedAt).toEqual(['Kayıt [2]', 'Kayıt [4]'])
    expect(looseIn(dir)).toBe(0)
  })

  it('a packing that fails is logged; the commits go on', async () => {
    const { dir, repo } = await repoIn()
    const lines = captureLog()
    // git cannot write a pack where its pack folder should be (loose objects are written all the same).
    await rm(join(dir, '.git', 'objects', 'pack'), { recursive: true })
    await writeFile(join(dir, '.git', 'objects', 'pack'), '')
    const queue = createCommitQueue(Promise.resolve(repo), memoryJournal())
    for (const letter of ['a', 'b', 'c', 'd']) {
      await queue.enqueue(job(big(letter), `büyük ${letter}`))
      await queue.idle()
    }
    expect(subjects(dir)[0]).toBe('Ayşe|büyük d')
    expect(queue.status().error).toBeNull()
    expect(said(lines)).toHaveLength(1)
    expect(said(lines)[0]).toMatch(/^error: Git deposu paketlenemedi: .*pack/)
  })
})

// Decision 333 (step 2b): a save of a folder collection writes a post's file and the order file, or removes a
// post's file; one save is still one commit, its journal intent lists each path.
describe('a save of several paths, removals too (decision 333)', { timeout: 240_000 }, () => {
  const ORDER = 'blogs/_sira.json'
  const A1 = 'blogs/a/a1.json'
  const B1 = 'blogs/b/b1.json'
  const C1 = 'blogs/c/c1.json'
  const many = (files: { name: string; text: string | null }[], message: string, collection?: string) => ({
    files,
    author: AYSE,
    message,
    ...(collection ? { collection } : {}),
  })
  /** A repository whose HEAD has the folder (a1, b1, the order file) beside blogs.json, the work tree alike. */
  async function folderRepo() {
    const { dir, repo } = await repoIn()
    const start = [
      { name: A1, text: '{"id":"a1"}' },
      { name: B1, text: '{"id":"b1"}' },
      { name: ORDER, text: '["a1","b1"]' },
    ]
    for (const f of start) {
      await mkdir(join(dir, f.name, '..'), { recursive: true })
      await writeFile(join(dir, f.name), f.text)
    }
    await repo.commit(start, AYSE, 'Klasör')
    return { dir, repo }
  }
  /** The journal, with every `record` call seen: intent id, and each kept bytes as [id, path or null, text]. */
  function pathJournal() {
    const inner = memoryJournal()
    const calls: { intent: string | null; keep: [string, string | null, string][] }[] = []
    const journal: CommitJournal = {
      async record(intent, keep) {
        calls.push({ intent: intent?.id ?? null, keep: keep.map((k) => [k.id, k.path ?? null, Buffer.from(k.bytes).toString()]) })
        await inner.record(intent, keep)
      },
      done: (id) => inner.done(id),
      pending: () => inner.pending(),
    }
    return { journal, calls }
  }
  const text = (bytes: Uint8Array | null) => bytes && Buffer.from(bytes).toString()
  /** The paths of a several-path intent (undefined for a one-file intent). */
  const pathsOf = (i: CommitIntent) => (i.file === undefined ? i.files : undefined)

  it('is one commit with every path changed, the removed one gone from HEAD and the index; its intent lists each path', async () => {
    const { dir, repo } = await folderRepo()
    const journal = memoryJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    // The save as the store will write it: a new post, another removed, the order changed.
    await mkdir(join(dir, 'blogs', 'c'), { recursive: true })
    await writeFile(join(dir, C1), '{"id":"c1"}')
    await rm(join(dir, B1))
    await writeFile(join(dir, ORDER), '["c1","a1"]')
    const files = [
      { name: C1, text: '{"id":"c1"}' },
      { name: B1, text: null },
      { name: ORDER, text: '["c1","a1"]' },
    ]
    await queue.enqueue(many(files, 'Yazılar değişti', 'blogs'))
    expect(journal.pending().map((i) => [i.file, pathsOf(i)?.map((p) => [p.path, p.blob, text(p.bytes)])])).toEqual([
      [
        undefined,
        [
          [C1, blobId('{"id":"c1"}'), null],
          [B1, null, null],
          [ORDER, blobId('["c1","a1"]'), null],
        ],
      ],
    ])
    hold.open()
    await queue.idle()
    expect(subjects(dir).slice(0, 2)).toEqual(['Ayşe|Yazılar değişti', 'Ayşe|Klasör'])
    expect(git(dir, 'show', '--name-status', '--format=', 'HEAD').split('\n')).toEqual([`M\t${ORDER}`, `D\t${B1}`, `A\t${C1}`])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    expect(journal.pending()).toEqual([])
    expect(queue.status()).toMatchObject({ pending: 0, error: null, lastCommit: { message: 'Yazılar değişti' } })
  })

  it('one written path is the one-file intent (as every journal row before); a save of no path records and commits nothing', async () => {
    const { dir, repo } = await folderRepo()
    const journal = memoryJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    await queue.enqueue(many([{ name: A1, text: '{"id":"a1","v":2}' }], 'Yazı', 'blogs'))
    await queue.enqueue(many([], 'Boş'))
    // A removal alone lists its path: the one-file form has no place for "removed".
    await queue.enqueue(many([{ name: B1, text: null }], 'Silindi'))
    expect(journal.pending().map((i) => [i.message, i.file, i.blob, pathsOf(i)?.map((p) => [p.path, p.blob])])).toEqual([
      ['Yazı', A1, blobId('{"id":"a1","v":2}'), undefined],
      ['Silindi', undefined, undefined, [[B1, null]]],
    ])
    expect(queue.status().pending).toBe(2)
    hold.open()
    await queue.idle()
    expect(subjects(dir).slice(0, 3)).toEqual(['Ayşe|Silindi', 'Ayşe|Yazı', 'Ayşe|Klasör'])
    expect(git(dir, 'show', `HEAD~1:${A1}`)).toBe('{"id":"a1","v":2}')
    expect(git(dir, 'ls-tree', '-r', '--name-only', 'HEAD', 'blogs')).toBe(`${ORDER}\n${A1}`)
  })

  it('bytes are kept per path: a later save of one path keeps that path’s, the path moving on keeps its own; a removal keeps none', async () => {
    const { repo } = await folderRepo()
    const { journal, calls } = pathJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    await queue.enqueue(many([{ name: A1, text: 'a-1' }, { name: ORDER, text: 'o-1' }], 'Bir'))
    // The one-file form for a path of the first: the first's bytes of that path only, named by path.
    await queue.enqueue({ file: { name: ORDER, text: 'o-2' }, author: AYSE, message: 'İki' })
    const [one, two] = journal.pending().map((i) => i.id)
    expect(calls.at(-1)).toEqual({ intent: two, keep: [[one, ORDER, 'o-1']] })
    await queue.fileMovedOn(A1)
    await queue.fileMovedOn(A1)
    expect(calls.at(-1)).toEqual({ intent: null, keep: [[one, A1, 'a-1']] })
    // The second is a one-file intent: its kept bytes name no path.
    await queue.fileMovedOn(ORDER)
    expect(calls.at(-1)).toEqual({ intent: null, keep: [[two, null, 'o-2']] })
    expect(journal.pending().map((i) => [i.message, text(i.bytes ?? null), pathsOf(i)?.map((p) => text(p.bytes))])).toEqual([
      ['Bir', null, ['a-1', 'o-1']],
      ['İki', 'o-2', undefined],
    ])
    // A removal of a path whose last save's bytes are not kept: kept now (the file is gone); the removal itself has
    // no bytes, so the path moving on, or a later save of it, keeps nothing more.
    await queue.enqueue(many([{ name: B1, text: 'b-1' }, { name: C1, text: 'c-1' }], 'Üç'))
    await queue.enqueue(many([{ name: B1, text: null }, { name: ORDER, text: 'o-3' }], 'Dört'))
    const three = journal.pending()[2]!.id
    expect(calls.at(-1)!.keep).toEqual([[three, B1, 'b-1']])
    const recorded = calls.length
    await queue.fileMovedOn(B1)
    expect(calls).toHaveLength(recorded)
    await queue.enqueue(many([{ name: B1, text: 'b-2' }, { name: C1, text: 'c-2' }], 'Beş'))
    expect(calls.at(-1)!.keep).toEqual([[three, C1, 'c-1']])
    // keepBytes: every written path's bytes go in with the intent, none for a removal; nothing to keep later.
    await queue.enqueue(many([{ name: A1, text: 'a-6' }, { name: B1, text: null }], 'Altı'), { keepBytes: true })
    expect(pathsOf(journal.pending().at(-1)!)!.map((p) => [p.path, text(p.bytes)])).toEqual([
      [A1, 'a-6'],
      [B1, null],
    ])
    const withIntent = calls.length
    await queue.fileMovedOn(A1)
    expect(calls).toHaveLength(withIntent)
    hold.open()
    await queue.idle()
    expect(journal.pending()).toEqual([])
    // Committed in its turn: no longer any path's newest; a later save keeps nothing of it.
    await queue.enqueue(many([{ name: A1, text: 'a-7' }, { name: C1, text: 'c-7' }], 'Yedi'))
    expect(calls.at(-1)!.keep).toEqual([])
    await queue.idle()
  })

  it('an older several-path save committed in its turn leaves each of its paths to the newer save that wrote it', async () => {
    const { repo } = await folderRepo()
    const { journal, calls } = pathJournal()
    const hold = gate()
    const second = gate()
    recordWaits(second.held)
    let quietCalls = 0
    const queue = createCommitQueue(Promise.resolve(repo), journal, {
      first: () => hold.held,
      quiet: () => (++quietCalls === 1 ? Promise.resolve() : second.held),
    })
    await queue.enqueue(many([{ name: A1, text: 'a-1' }, { name: ORDER, text: 'o-1' }], 'Bir'))
    await queue.enqueue(many([{ name: C1, text: 'c-2' }, { name: ORDER, text: 'o-2' }], 'İki'))
    const [one, two] = journal.pending().map((i) => i.id)
    hold.open()
    await vi.waitFor(() => expect(queue.status().pending).toBe(1))
    const before = calls.length
    // The first is committed: a1 is nobody's any more; the order file is the second's.
    await queue.fileMovedOn(A1)
    await queue.fileMovedOn(ORDER)
    expect(calls.slice(before)).toEqual([{ intent: null, keep: [[two, ORDER, 'o-2']] }])
    expect(one).not.toBe(two)
    second.open()
    await queue.idle()
  })

  it('commitWritten answers for a collection by its name or its file name: its folder’s paths, its one file, the saves naming it', async () => {
    const { dir, repo } = await folderRepo()
    const { journal, calls } = pathJournal()
    const hold = gate()
    const queue = createCommitQueue(Promise.resolve(repo), journal, { first: () => hold.held })
    const seen: string[][] = []
    const task = queue.exclusive(async () => {
      // By the file name the sync uses today: the folder's saves too.
      await queue.commitWritten('blogs.json')
      seen.push(subjects(dir).slice(0, 3))
      // Committed by the task: its paths are nobody's newest now, so nothing is kept when they move on.
      const recorded = calls.length
      await queue.fileMovedOn(C1)
      await queue.fileMovedOn(ORDER)
      expect(calls).toHaveLength(recorded)
    })
    await queue.enqueue(many([{ name: C1, text: '{"id":"c1"}' }, { name: ORDER, text: '["c1"]' }], 'Klasörde'))
    await queue.enqueue(many([{ name: 'home.json', text: '{}' }], 'Ayarlar'))
    hold.open()
    await task
    expect(seen).toEqual([['Ayşe|Klasörde', 'Ayşe|Klasör', 'Site sunucusu|İçerik deposu oluşturuldu']])
    await queue.idle()
    expect(subjects(dir).slice(0, 2)).toEqual(['Ayşe|Ayarlar', 'Ayşe|Klasörde'])

    // By the collection's name: the one file (the layout before the move), a save naming the collection whatever
    // its paths; another folder collection and another file wait their turns.
    const again = gate()
    const later = createCommitQueue(Promise.resolve(repo), memoryJournal(), { first: () => again.held })
    const task2 = later.exclusive(async () => {
      await later.commitWritten('blogs')
      return subjects(dir).slice(0, 2)
    })
    await later.enqueue(job('[5]', 'Eski düzen'))
    await later.enqueue(many([{ name: 'social-projects/_sira.json', text: '[]' }], 'Projeler'))
    await later.enqueue(many([{ name: 'blogs-taslak.json', text: '[]' }], 'Benzer ad'))
    await later.enqueue(many([{ name: 'tasinma.json', text: '[]' }], 'Taşınma', 'blogs'))
    // A save touching one path of it among others is one of its saves too.
    await later.enqueue(many([{ name: 'home.json', text: '{"a":2}' }, { name: 'blogs/d/d1.json', text: '{}' }], 'İkisi'))
    again.open()
    expect(await task2).toEqual(['Ayşe|İkisi', 'Ayşe|Taşınma'])
    await later.idle()
    expect(subjects(dir).slice(0, 5)).toEqual(['Ayşe|Benzer ad', 'Ayşe|Projeler', 'Ayşe|İkisi', 'Ayşe|Taşınma', 'Ayşe|Eski düzen'])
  })

  it('packing counts each path’s bytes and sizes; a removed path no longer counts as content', async () => {
    const { repo } = await repoIn()
    const packedAt: number[] = []
    // 1 MB of a post that the first save removes: the bar is then four times the two written files only.
    const queue = createCommitQueue(Promise.resolve(watchPacking(repo, () => packedAt.push(queue.status().pending))), memoryJournal(), {
      sizes: new Map([['blogs/e/eski.json', 1_000_000]]),
    })
    const big = (letter: string) => JSON.stringify([letter.repeat(300_000)])
    const save = (letter: string, extra: { name: string; text: string | null }[] = []) =>
      many([{ name: A1, text: big(letter) }, { name: C1, text: big(letter.toUpperCase()) }, ...extra], `büyük ${letter}`)
    // Each save writes 2 × 300,004 bytes; the content is 600,008 bytes: the fourth reaches four times it.
    await queue.enqueue(save('a', [{ name: 'blogs/e/eski.json', text: null }]))
    await queue.idle()
    for (const letter of ['b', 'c']) {
      await queue.enqueue(save(letter))
      await queue.idle()
    }
    expect(packedAt).toEqual([])
    await queue.enqueue(save('d'))
    await queue.idle()
    expect(packedAt).toEqual([0])
  })
})
