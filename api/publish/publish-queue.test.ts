import { describe, expect, it } from 'vitest'
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

describe('publish queue', () => {
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
