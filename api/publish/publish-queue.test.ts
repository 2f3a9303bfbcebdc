import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { msg } from '../../schema/messages.ts'
import { metrics } from '../lib/metrics.ts'
import { createPublishQueue } from './publish-queue.ts'

const tick = (ms = 2) => new Promise((r) => setTimeout(r, ms))

/** A queue whose publish waits until the test releases it, failing when `fail()` says so. */
function setup(fail: () => boolean = () => false) {
  const runs: number[] = []
  let release: (() => void) | null = null
  const queue = createPublishQueue(
    async (seq) => {
      runs.push(seq)
      await new Promise<void>((r) => (release = r))
      if (fail()) throw new Error('ENOENT: blogs.json.tmp')
      return [`/yayin-${seq}`]
    },
    { debounceMs: 5 },
  )
  const finish = async () => {
    while (!release) await tick()
    const r = release
    release = null
    r()
  }
  return { queue, runs, finish }
}

// The queue's tests take milliseconds: a publish that never comes (a mutant in mutation testing) fails within
// 20 s instead of the mutation config's 180 s.
describe('publish queue', { timeout: 20_000 }, () => {
  // A failure before the build (the stamp walking CONTENT_DIR) escaped the try block: 'building' for ever and
  // an unhandled rejection.
  it('a failing publish is reported, leaves no unhandled rejection, and the next save publishes again', async () => {
    let failing = true
    const { queue, finish } = setup(() => failing)
    const rejections: unknown[] = []
    const onRejection = (e: unknown) => rejections.push(e)
    process.on('unhandledRejection', onRejection)
    try {
      const seq = queue.request()
      await finish()
      while (queue.status().state !== 'failed') await tick()
      expect(queue.status()).toMatchObject({ failed: seq, generation: 0, lastError: 'ENOENT: blogs.json.tmp' })
      failing = false
      const next = queue.request()
      expect(next).toBe(seq + 1)
      await finish()
      while (queue.status().generation < next) await tick()
      expect(queue.status()).toMatchObject({ state: 'idle', lastError: null, pages: [`/yayin-${next}`] })
      await tick(10)
      expect(rejections).toEqual([])
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })

  // A save during a publish that ended within the debounce was reported 'idle' with a new generation first.
  it('a publish that a save shares with a scheduled time says it carries a save; one for the time alone does not', async () => {
    const seen: boolean[] = []
    const queue: ReturnType<typeof createPublishQueue> = createPublishQueue(
      async () => {
        seen.push(queue.carriesSave())
      },
      { debounceMs: 5 },
    )
    queue.request(undefined, { scheduled: true })
    queue.request()
    await queue.idle()
    queue.request(undefined, { scheduled: true })
    await queue.idle()
    queue.request()
    queue.request(undefined, { scheduled: true })
    await queue.idle()
    expect(seen).toEqual([true, false, true])
    expect(queue.carriesSave()).toBe(false)
  })

  it('a save during a publish is not reported live until its own publish is', async () => {
    const { queue, runs, finish } = setup()
    const first = queue.request()
    while (queue.status().state !== 'building') await tick(1)
    const mine = queue.request()
    expect(mine).toBe(first + 1)
    await finish()
    while (queue.status().generation < first) await tick(1)
    expect(queue.status().generation).toBeLessThan(mine)
    expect(queue.status().state).not.toBe('idle')
    expect(queue.status().requested).toBe(mine)
    await finish()
    while (queue.status().generation < mine) await tick(1)
    expect(queue.status().state).toBe('idle')
    expect(runs).toEqual([first, mine])
  })
})

/**
 * When a save goes live (issue 28, the `publish-keys` mutation group): the debounce, the numbers handed out, the
 * state the admin reads, scheduled requests and stop, on the queue alone with the clock faked (no timed waits).
 */
describe('publish queue: debounce, numbers, status', { timeout: 20_000 }, () => {
  const FAKED = { toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] as ('setTimeout' | 'clearTimeout' | 'Date' | 'performance')[] }
  beforeEach(() => void vi.useFakeTimers(FAKED))
  afterEach(() => void vi.useRealTimers())

  /** A queue whose publishes wait for `finish()` (or fail with `fail(err)`), with the faked clock. */
  function held(options: { debounceMs?: number; run?: (seq: number, progress: (p: string[]) => void) => string[] | void } = {}) {
    const runs: number[] = []
    const waiting: { ok: () => void; fail: (err: unknown) => void }[] = []
    const queue = createPublishQueue(
      async (seq, progress) => {
        runs.push(seq)
        await new Promise<void>((ok, fail) => waiting.push({ ok, fail }))
        return options.run ? options.run(seq, progress) : [`/yayin-${seq}`]
      },
      { debounceMs: options.debounceMs },
    )
    const next = async () => {
      await vi.advanceTimersByTimeAsync(0)
      const w = waiting.shift()
      if (!w) throw new Error('no publish is running')
      return w
    }
    const finish = async () => (await next()).ok()
    const fail = async (err: unknown) => (await next()).fail(err)
    return { queue, runs, finish, fail }
  }

  it('saves within the debounce (25 ms by default, from the last save) share one publish and its number', async () => {
    const { queue, runs, finish } = held()
    expect(queue.request()).toBe(1)
    await vi.advanceTimersByTimeAsync(20)
    expect(queue.request()).toBe(1)
    expect(queue.status()).toMatchObject({ state: 'queued', requested: 1, publishing: null })
    await vi.advanceTimersByTimeAsync(24)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toEqual([1])
    expect(queue.status()).toMatchObject({ state: 'building', publishing: 1 })
    await finish()
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toEqual([1])
    expect(queue.status()).toMatchObject({ state: 'idle', generation: 1, requested: 1, publishing: null, pages: ['/yayin-1'] })
  })

  it("the queue's own debounce, or the one a request names", async () => {
    const { queue, runs } = held({ debounceMs: 200 })
    queue.request()
    await vi.advanceTimersByTimeAsync(199)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toEqual([1])
    const other = held({ debounceMs: 200 })
    other.queue.request(5)
    await vi.advanceTimersByTimeAsync(5)
    expect(other.runs).toEqual([1])
  })

  it('saves during a publish cause exactly one more, numbered after it; a failed publish is reported and the next goes live', async () => {
    const { queue, runs, finish, fail } = held()
    queue.request()
    await vi.advanceTimersByTimeAsync(25)
    expect(queue.request()).toBe(2)
    expect(queue.request()).toBe(2)
    expect(queue.request(undefined, { scheduled: true })).toBe(2)
    expect(queue.status()).toMatchObject({ state: 'building', requested: 2, generation: 0 })
    await fail(new Error('ENOSPC: no space left on device, write'))
    await vi.advanceTimersByTimeAsync(0)
    // The next publish starts at once (no debounce: the saves waited for the running one already).
    expect(runs).toEqual([1, 2])
    expect(queue.status()).toMatchObject({ state: 'building', publishing: 2, failed: 1, generation: 0 })
    expect(queue.status().lastError).toBe('ENOSPC: no space left on device, write')
    expect(queue.status().lastErrorText).toContain(msg.publishDiskFull)
    await finish()
    await vi.advanceTimersByTimeAsync(100)
    expect(runs).toEqual([1, 2])
    expect(queue.status()).toMatchObject({ state: 'idle', generation: 2, failed: 1, lastError: null, lastErrorText: null })
  })

  it("the state reads 'failed' until a publish goes live; a thrown value that is no Error is reported as text", async () => {
    const { queue, finish, fail } = held()
    queue.request()
    await vi.advanceTimersByTimeAsync(25)
    // The operator's log names the publish and its error (pino writes a JSON line to stdout).
    const written: string[] = []
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((line) => (written.push(String(line)), true))
    try {
      await fail('kod derlenemedi')
      await vi.advanceTimersByTimeAsync(0)
    } finally {
      spy.mockRestore()
    }
    const line = written.map((l) => JSON.parse(l)).find((l) => l.level === 'error' || l.level === 50)
    expect(line).toMatchObject({ publish: 1, msg: 'Site yayımlanamadı: kod derlenemedi' })
    expect(queue.status()).toMatchObject({ state: 'failed', failed: 1, lastError: 'kod derlenemedi', publishing: null })
    queue.request()
    expect(queue.status().state).toBe('queued')
    await vi.advanceTimersByTimeAsync(25)
    await finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.status()).toMatchObject({ state: 'idle', generation: 2, failed: 1 })
  })

  it("the running publish's pages, its times and duration; a run that names no pages keeps the ones it reported", async () => {
    let pages: string[] | undefined
    const { queue, finish } = held({
      run: (_seq, progress) => {
        progress(['/blog', '/blog/yeni'])
        return pages
      },
    })
    queue.request()
    await vi.advanceTimersByTimeAsync(25)
    const started = new Date().toISOString()
    expect(queue.status()).toMatchObject({ startedAt: started, pages: [] })
    await vi.advanceTimersByTimeAsync(600)
    await finish()
    await vi.advanceTimersByTimeAsync(0)
    const s = queue.status()
    expect(s).toMatchObject({ startedAt: started, finishedAt: new Date().toISOString(), lastDurationMs: 600, pages: ['/blog', '/blog/yeni'] })
    // The status is a copy: a reader cannot change the queue's pages.
    s.pages.push('/degisti')
    expect(queue.status().pages).toEqual(['/blog', '/blog/yeni'])
    pages = ['*']
    queue.request()
    await vi.advanceTimersByTimeAsync(25)
    await finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.status().pages).toEqual(['*'])
  })

  it('the clock the queue is given times its publishes', async () => {
    let at = Date.parse('2026-11-28T10:00:00.000Z')
    const queue = createPublishQueue(
      async () => {
        at += 1500
      },
      { now: () => new Date(at), debounceMs: 5 },
    )
    await queue.publishNow()
    expect(queue.status()).toMatchObject({
      startedAt: '2026-11-28T10:00:00.000Z',
      finishedAt: '2026-11-28T10:00:01.500Z',
      lastDurationMs: 1500,
    })
  })

  it('publishNow publishes at once, numbers the publish, and waits for the saves that came during it', async () => {
    const { queue, runs, finish } = held()
    const done = queue.publishNow()
    expect(queue.status()).toMatchObject({ requested: 1, state: 'building' })
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toEqual([1])
    expect(queue.request()).toBe(2)
    await finish()
    await finish()
    expect(await done).toBe(2)
    expect(runs).toEqual([1, 2])
  })

  it('a new queue is idle, carries no save, and its first publish (publishNow at start) carries none either', async () => {
    const { queue, finish } = held()
    expect(queue.status()).toMatchObject({ state: 'idle', generation: 0, requested: 0, failed: 0, publishing: null })
    expect(queue.carriesSave()).toBe(false)
    const done = queue.publishNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.carriesSave()).toBe(false)
    await finish()
    expect(await done).toBe(1)
  })

  it('publishNow during a running publish waits its turn: publishes never overlap', async () => {
    const { queue, runs, finish } = held()
    queue.request()
    await vi.advanceTimersByTimeAsync(25)
    expect(runs).toEqual([1])
    const done = queue.publishNow()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toEqual([1])
    await finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs).toEqual([1, 2])
    await finish()
    expect(await done).toBe(2)
  })

  it('a running publish has a save waiting only when a save (not a scheduled time) came during it', async () => {
    const { queue, finish } = held()
    queue.request()
    // A debounced save with nothing running: no publish to give way.
    expect(queue.hasPendingSave()).toBe(false)
    await vi.advanceTimersByTimeAsync(25)
    expect(queue.hasPendingSave()).toBe(false)
    queue.request(undefined, { scheduled: true })
    expect(queue.hasPendingSave()).toBe(false)
    queue.request()
    expect(queue.hasPendingSave()).toBe(true)
    await finish()
    await vi.advanceTimersByTimeAsync(0)
    // The next publish carries that save: nothing waits behind it.
    expect(queue.carriesSave()).toBe(true)
    expect(queue.hasPendingSave()).toBe(false)
    await finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.carriesSave()).toBe(false)
  })

  it('idle() waits for a queued save and its publish', async () => {
    const { queue, finish } = held()
    queue.request()
    let idle = false
    void queue.idle().then(() => (idle = true))
    await vi.advanceTimersByTimeAsync(25)
    expect(idle).toBe(false)
    await finish()
    await vi.advanceTimersByTimeAsync(10)
    expect(idle).toBe(true)
    expect(queue.status().generation).toBe(1)
  })

  it('stop() publishes the saves already answered, then nothing more is published', async () => {
    const { queue, runs, finish } = held()
    queue.request()
    let stoppedAt = 0
    const stopped = queue.stop().then(() => (stoppedAt = queue.status().generation))
    await vi.advanceTimersByTimeAsync(0)
    // A save answered while that publish runs is published too before stop() resolves.
    expect(queue.request()).toBe(2)
    await finish()
    await vi.advanceTimersByTimeAsync(100)
    expect(stoppedAt).toBe(0)
    await finish()
    await stopped
    expect(stoppedAt).toBe(2)
    expect(queue.status()).toMatchObject({ generation: 2, state: 'idle' })
    // A save after stop is numbered but never published: no timer, no run.
    expect(queue.request()).toBe(3)
    expect(queue.status()).toMatchObject({ state: 'idle', requested: 3 })
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toEqual([1, 2])
  })

  it('after stop(), a save during a publish (of publishNow) is not waited for: the publish does not give way', async () => {
    const { queue, runs, finish } = held()
    await queue.stop()
    const done = queue.publishNow()
    await vi.advanceTimersByTimeAsync(0)
    queue.request()
    expect(queue.hasPendingSave()).toBe(false)
    await finish()
    await done
    expect(runs).toEqual([1])
  })

  /** The histogram's count and sum, and the publishes counter, as /metrics reports them. */
  async function measured() {
    const value = async (m: { get: () => Promise<{ values: { metricName?: string; value: number; labels: Record<string, unknown> }[] }> }, name: string, result?: string) =>
      (await m.get()).values.find((v) => (v.metricName ?? name) === name && (result === undefined || v.labels.result === result))?.value ?? 0
    return {
      saves: await value(metrics.saveToLive, 'site_save_to_live_seconds_count'),
      saveSeconds: await value(metrics.saveToLive, 'site_save_to_live_seconds_sum'),
      publishes: await value(metrics.publishDuration, 'site_publish_duration_seconds_count'),
      publishSeconds: await value(metrics.publishDuration, 'site_publish_duration_seconds_sum'),
      ok: await value(metrics.publishes, 'site_publishes_total', 'ok'),
      failed: await value(metrics.publishes, 'site_publishes_total', 'failed'),
    }
  }
  const grew = async (before: Awaited<ReturnType<typeof measured>>) => {
    const now = await measured()
    return Object.fromEntries(Object.entries(now).map(([k, v]) => [k, Math.round((v - before[k as keyof typeof before]) * 1000) / 1000]))
  }

  it("save-to-live counts each publish number once, from its first save to the publish that makes it live", async () => {
    const { queue, finish, fail } = held()
    let before = await measured()
    queue.request()
    await vi.advanceTimersByTimeAsync(10)
    queue.request()
    await vi.advanceTimersByTimeAsync(15)
    await vi.advanceTimersByTimeAsync(475)
    await finish()
    await vi.advanceTimersByTimeAsync(0)
    // Two saves, one number: counted once, 0.5 s after the first save; the publish (from 35 ms on) took 0.465 s.
    expect(await grew(before)).toEqual({ saves: 1, saveSeconds: 0.5, publishes: 1, publishSeconds: 0.465, ok: 1, failed: 0 })

    // A failed publish's save goes live with the next one; a save during a publish is not live with it.
    before = await measured()
    queue.request()
    await vi.advanceTimersByTimeAsync(25)
    await fail(new Error('x'))
    await vi.advanceTimersByTimeAsync(0)
    expect(await grew(before)).toMatchObject({ saves: 0, ok: 0, failed: 1, publishes: 1 })
    queue.request()
    await vi.advanceTimersByTimeAsync(25)
    queue.request()
    await vi.advanceTimersByTimeAsync(75)
    await finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(await grew(before)).toMatchObject({ saves: 2, saveSeconds: 0.125 + 0.1, ok: 1 })
    await finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(await grew(before)).toMatchObject({ saves: 3, saveSeconds: 0.225 + 0.075, ok: 2 })
  })
})
