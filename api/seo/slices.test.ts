import { describe, expect, it } from 'vitest'
import { finish, inSlices, sortSteps, STEP, type Steps } from './slices.ts'

/** Steps that count how often they yielded, `n` times, then answer `n`. */
function* counting(n: number, seen: { yields: number }): Steps<number> {
  for (let i = 0; i < n; i++) {
    seen.yields++
    yield
  }
  return n
}

describe('sortSteps', () => {
  // Ties on the key (a tenth of the range) with a label in the input's order: stability shows.
  const cases = [0, 1, 2, STEP - 1, STEP, STEP + 1, 2 * STEP, 3 * STEP + 7, 9 * STEP + 100]
  it.each(cases)('sorts %i items as Array.prototype.sort does, stable on ties', (n) => {
    let seed = n + 1
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const items = Array.from({ length: n }, (_, i) => ({
      key: Math.floor(random() * Math.max(1, n / 10)),
      i,
    }))
    const compare = (a: { key: number }, b: { key: number }) => a.key - b.key
    const expected = [...items].sort(compare)
    const sorted = finish(sortSteps(items, compare))
    expect(sorted).toBe(items)
    expect(sorted).toEqual(expected)
  })

  it('sorts descending keys the same way (every merge takes from the right run)', () => {
    const items = Array.from({ length: 5 * STEP + 3 }, (_, i) => 10_000 - i)
    expect(finish(sortSteps([...items], (a, b) => a - b))).toEqual([...items].sort((a, b) => a - b))
  })

  it('yields while it works: a step is at most STEP elements sorted or merged', () => {
    const items = Array.from({ length: 4 * STEP }, (_, i) => (i * 7919) % (4 * STEP))
    const steps = sortSteps(items, (a, b) => a - b)
    let yields = 0
    while (!steps.next().done) yields++
    // Four runs sorted, then two passes of merging (4·STEP elements each, a yield every STEP taken, one per pass).
    expect(yields).toBeGreaterThanOrEqual(4 + 2 * 2)
    expect(items).toEqual(Array.from({ length: 4 * STEP }, (_, i) => i))
  })
})

describe('finish', () => {
  it('runs the steps to the end and answers their result', () => {
    const seen = { yields: 0 }
    expect(finish(counting(5, seen))).toBe(5)
    expect(seen.yields).toBe(5)
  })
})

describe('inSlices', () => {
  it('answers the result, giving the thread back between slices', async () => {
    const seen = { yields: 0 }
    let between = 0
    // Each step takes ~1 ms: a 2 ms slice holds a few of them, then what waits runs.
    function* slow(): Steps<string> {
      for (let i = 0; i < 20; i++) {
        const until = performance.now() + 1
        while (performance.now() < until);
        seen.yields++
        yield
      }
      return 'bitti'
    }
    const ticking = setInterval(() => between++, 0)
    expect(await inSlices(slow(), () => true)).toBe('bitti')
    clearInterval(ticking)
    expect(seen.yields).toBe(20)
    expect(between).toBeGreaterThan(0)
  })

  it('does nothing before the thread is given back once, and stops when its inputs are no longer current', async () => {
    const seen = { yields: 0 }
    let current = true
    const done = inSlices(counting(1_000_000, seen), () => current)
    expect(seen.yields).toBe(0)
    await new Promise((resolve) => setImmediate(resolve))
    current = false
    expect(await done).toBeUndefined()
    expect(seen.yields).toBeGreaterThan(0)
    expect(seen.yields).toBeLessThan(1_000_000)
  })

  it('stops at once when not current to begin with', async () => {
    const seen = { yields: 0 }
    expect(await inSlices(counting(10, seen), () => false)).toBeUndefined()
    expect(seen.yields).toBe(0)
  })

  it('ends the steps it stops: their finally blocks run (a file being written is removed)', async () => {
    const seen = { yields: 0, ended: false }
    function* cleaning(): Steps<number> {
      try {
        return yield* counting(1_000_000, seen)
      } finally {
        seen.ended = true
      }
    }
    let current = true
    const done = inSlices(cleaning(), () => current)
    await new Promise((resolve) => setImmediate(resolve))
    expect(seen.ended).toBe(false)
    current = false
    expect(await done).toBeUndefined()
    expect(seen.ended).toBe(true)
    expect(seen.yields).toBeLessThan(1_000_000)
  })

  it('rejects with what the steps throw', async () => {
    function* failing(): Steps<number> {
      yield
      throw new Error('bozuk')
    }
    await expect(inSlices(failing(), () => true)).rejects.toThrow('bozuk')
  })
})
