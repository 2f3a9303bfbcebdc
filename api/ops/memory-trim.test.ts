import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryTrim } from './memory-trim.ts'

const MB = 1024 * 1024

/** A gc that records what it was asked and runs until `finish()` (which also lets its callbacks run). */
function heldGc() {
  const calls: unknown[] = []
  let done = () => {}
  const gc = (options: unknown) => {
    calls.push(options)
    return new Promise<void>((resolve) => (done = resolve))
  }
  const finish = async () => {
    done()
    await new Promise((r) => setTimeout(r, 0))
  }
  return { gc, calls, finish }
}

describe('memory trim after publishes', () => {
  it('reduces memory once when asked (the end of a start), and measures growth from after it', async () => {
    let rss = 900 * MB
    let clock = 0
    const { gc, calls, finish } = heldGc()
    const trim = createMemoryTrim(gc, { external: () => 20 * MB, rss: () => rss, heapUsed: () => 800 * MB, now: () => clock })
    rss = 1000 * MB // the first publish: 100 MB, an eighth of the heap
    clock = 60_000
    const reduced = trim.reduceNow()
    expect(calls).toEqual([{ type: 'major', execution: 'async', flavor: 'last-resort' }])
    rss = 700 * MB
    await finish()
    await reduced
    clock = 1_000_000
    rss = 790 * MB
    trim.afterPublish()
    expect(calls).toHaveLength(1) // 90 MB above the 700 after it
    rss = 801 * MB
    trim.afterPublish()
    expect(calls).toHaveLength(2)
    // Without --expose-gc: nothing to ask, nothing waits.
    await expect(createMemoryTrim(undefined, { rss: () => rss }).reduceNow()).resolves.toBeUndefined()
  })

  it('asks for one collection once external memory grew by 16 MB since the last one, and measures again after it', async () => {
    let external = 20 * MB
    const { gc, calls, finish } = heldGc()
    const trim = createMemoryTrim(gc, { external: () => external, rss: () => 100 * MB, heapUsed: () => 50 * MB })
    external = 35 * MB
    trim.afterPublish()
    expect(calls).toEqual([])
    external = 36 * MB
    trim.afterPublish()
    expect(calls).toEqual([{ type: 'major', execution: 'async' }])
    trim.afterPublish() // one at a time
    expect(calls).toHaveLength(1)
    external = 22 * MB
    await finish()
    external = 37 * MB
    trim.afterPublish()
    expect(calls).toHaveLength(1) // 15 MB above the 22 MB after the collection
    external = 38.5 * MB
    trim.afterPublish()
    expect(calls).toHaveLength(2)
  })

  it('measures from V8’s own collections too, and does nothing without --expose-gc', () => {
    let external = 50 * MB
    const calls: unknown[] = []
    const trim = createMemoryTrim(async (o) => void calls.push(o), {
      external: () => external,
      rss: () => 100 * MB,
      heapUsed: () => 50 * MB,
    })
    external = 10 * MB
    trim.afterPublish()
    external = 25 * MB
    trim.afterPublish()
    expect(calls).toEqual([])
    external = 100 * MB
    createMemoryTrim(undefined, { external: () => external, heapUsed: () => 50 * MB }).afterPublish()
  })
})

describe('memory-reducing collection (V8’s pooled pages)', () => {
  afterEach(() => vi.useRealTimers())
  const reducing = { type: 'major', execution: 'async', flavor: 'last-resort' }

  it('once RSS grew by 32 MB since the last one and 30 s passed (the first), after a publish; measures RSS again after it', async () => {
    let [rss, clock] = [200 * MB, 0]
    const { gc, calls, finish } = heldGc()
    const trim = createMemoryTrim(gc, { external: () => 0, rss: () => rss, heapUsed: () => 50 * MB, now: () => clock })
    rss = 231 * MB
    clock = 60_000
    trim.afterPublish()
    expect(calls).toEqual([])
    rss = 232 * MB
    clock = 29_999
    trim.afterPublish()
    expect(calls).toEqual([]) // too soon after the start
    clock = 30_000
    trim.afterPublish()
    expect(calls).toEqual([reducing])
    rss = 190 * MB
    await finish()
    rss = 221 * MB
    clock = 100_000
    trim.afterPublish()
    expect(calls).toHaveLength(1) // 31 MB above the 190 MB after it
    rss = 222 * MB
    clock = 30_000 + 4_999
    trim.afterPublish()
    expect(calls).toHaveLength(1) // it took no time: the next one 5 s after it at the soonest
    clock = 35_000
    trim.afterPublish()
    expect(calls).toEqual([reducing, reducing])
  })

  it('waits a hundred times the last reducing collection’s duration before the next (at most 1 % of the time)', async () => {
    let [rss, clock] = [200 * MB, 0]
    const { gc, calls, finish } = heldGc()
    const trim = createMemoryTrim(gc, { external: () => 0, rss: () => rss, heapUsed: () => 50 * MB, now: () => clock })
    ;[rss, clock] = [240 * MB, 30_000]
    trim.afterPublish()
    expect(calls).toEqual([reducing])
    // Asked at 30 s, done at 30.3 s: the next not before 30.3 + 30 s.
    ;[rss, clock] = [200 * MB, 30_300]
    await finish()
    rss = 240 * MB
    clock = 30_300 + 29_999
    trim.afterPublish()
    expect(calls).toHaveLength(1)
    clock = 30_300 + 30_000
    trim.afterPublish()
    expect(calls).toEqual([reducing, reducing])
    // A short one (20 ms) allows the next after 5 s, not 2 s.
    ;[rss, clock] = [200 * MB, 60_320]
    await finish()
    ;[rss, clock] = [240 * MB, 60_320 + 4_999]
    trim.afterPublish()
    expect(calls).toHaveLength(2)
    clock = 60_320 + 5_000
    trim.afterPublish()
    expect(calls).toHaveLength(3)
  })

  it('every 2 s without publishes, also the regular collection once external memory grew by 16 MB', () => {
    vi.useFakeTimers()
    let external = 20 * MB
    const calls: unknown[] = []
    const trim = createMemoryTrim(async (o) => void calls.push(o), {
      external: () => external,
      rss: () => 100 * MB,
      heapUsed: () => 50 * MB,
    })
    const stop = trim.start()
    external = 35 * MB
    vi.advanceTimersByTime(2_000)
    expect(calls).toEqual([])
    external = 36 * MB
    vi.advanceTimersByTime(1_999)
    expect(calls).toEqual([])
    vi.advanceTimersByTime(1)
    expect(calls).toEqual([{ type: 'major', execution: 'async' }])
    stop()
  })

  it('is checked every 2 s without publishes too (reads fill the pool), until stopped', () => {
    vi.useFakeTimers()
    let rss = 100 * MB
    const calls: unknown[] = []
    const trim = createMemoryTrim(async (o) => void calls.push(o), { external: () => 0, rss: () => rss, heapUsed: () => 50 * MB })
    const stop = trim.start()
    rss = 140 * MB
    vi.advanceTimersByTime(29_999)
    expect(calls).toEqual([])
    vi.advanceTimersByTime(1)
    expect(calls).toEqual([reducing])
    stop()
    rss = 400 * MB
    vi.advanceTimersByTime(120_000)
    expect(calls).toHaveLength(1)
  })
})

describe('a large heap (100,000 posts)', () => {
  it('asks for a collection only once the growth is an eighth of the heap in use (either kind)', () => {
    let [external, rss, heap, clock] = [20 * MB, 1000 * MB, 640 * MB, 0]
    const calls: unknown[] = []
    const trim = createMemoryTrim(async (o) => void calls.push(o), {
      external: () => external,
      rss: () => rss,
      heapUsed: () => heap,
      now: () => clock,
    })
    clock = 60_000
    external = 99 * MB // 79 MB grown, under 640 / 8 = 80
    rss = 1079 * MB // 79 MB grown, under 640 / 8 = 80
    trim.afterPublish()
    expect(calls).toEqual([])
    external = 100 * MB
    trim.afterPublish()
    expect(calls).toEqual([{ type: 'major', execution: 'async' }])
    rss = 1160 * MB
    heap = 600 * MB
    const again = createMemoryTrim(async (o) => void calls.push(o), {
      external: () => 0,
      rss: () => rss,
      heapUsed: () => heap,
      now: () => clock,
    })
    rss = 1234 * MB // 74 MB, under 600 / 8 = 75
    clock = 120_000
    again.afterPublish()
    expect(calls).toHaveLength(1)
    rss = 1235 * MB
    again.afterPublish()
    expect(calls.at(-1)).toEqual({ type: 'major', execution: 'async', flavor: 'last-resort' })
  })
})
