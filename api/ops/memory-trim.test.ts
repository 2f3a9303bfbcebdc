import { describe, expect, it } from 'vitest'
import { createMemoryTrim } from './memory-trim.ts'

const MB = 1024 * 1024

describe('memory trim after publishes', () => {
  it('asks for one collection once external memory grew by 16 MB since the last one, and measures again after it', async () => {
    let external = 20 * MB
    const calls: unknown[] = []
    let finish = () => {}
    const gc = (options: unknown) => {
      calls.push(options)
      return new Promise<void>((resolve) => (finish = resolve))
    }
    const trim = createMemoryTrim(gc, () => external)
    external = 35 * MB
    trim.afterPublish()
    expect(calls).toEqual([])
    external = 36 * MB
    trim.afterPublish()
    expect(calls).toEqual([{ type: 'major', execution: 'async' }])
    trim.afterPublish() // one at a time
    expect(calls).toHaveLength(1)
    external = 22 * MB
    finish()
    await new Promise((r) => setTimeout(r, 0))
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
    const trim = createMemoryTrim(async (o) => void calls.push(o), () => external)
    external = 10 * MB
    trim.afterPublish()
    external = 25 * MB
    trim.afterPublish()
    expect(calls).toEqual([])
    external = 100 * MB
    createMemoryTrim(undefined, () => external).afterPublish()
  })
})
