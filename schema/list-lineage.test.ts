import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { noteReplaced, replacedPositions } from './list-lineage.ts'

const objects = (n: number) => Array.from({ length: n }, (_, i) => ({ i }))
/** `list` with new objects at `at`, noted as its maker would. */
function replaced(list: readonly object[], at: number[], note = true): object[] {
  const next = list.slice()
  for (const i of at) next[i] = { replaced: i }
  if (note) noteReplaced(next, list, at)
  return next
}

describe('replacedPositions', () => {
  it('compares place by place when no note links the two lists', () => {
    const a = objects(5)
    expect(replacedPositions(a, a.slice())).toEqual([])
    expect(replacedPositions(a, replaced(a, [3, 1], false))).toEqual([1, 3])
    expect(replacedPositions(undefined, a)).toBeNull()
    expect(replacedPositions(a, a.slice(1))).toBeNull()
    expect(replacedPositions(a, replaced(a, [0, 2, 4], false), 2)).toBeNull()
    expect(replacedPositions(a, replaced(a, [0, 2], false), 2)).toEqual([0, 2])
  })

  it('answers from the notes, in increasing order, without looking at the other places', () => {
    const a = objects(6)
    const b = replaced(a, [4, 1])
    // A note is believed: a place it does not name is not compared (here changed behind its back).
    ;(b as object[])[5] = { unnoted: true }
    expect(replacedPositions(a, b)).toEqual([1, 4])
    expect(replacedPositions(a, b, 1)).toBeNull()
    expect(replacedPositions(a, b, 2)).toEqual([1, 4])
  })

  it('follows a chain of notes (saves between two publishes) and drops places holding the same object again', () => {
    const a = objects(8)
    const b = replaced(a, [2])
    const c = replaced(b, [5, 2])
    const d = c.slice()
    d[5] = a[5]! // put back
    noteReplaced(d, c, [5, 7]) // 7: a superset, the same object
    expect(replacedPositions(a, d)).toEqual([2])
    expect(replacedPositions(b, d)).toEqual([2])
    expect(replacedPositions(c, d)).toEqual([5])
  })

  it('falls back to comparing when the chain does not reach the old list', () => {
    const a = objects(4)
    const other = objects(4)
    const b = replaced(other, [1])
    expect(replacedPositions(a, b)).toEqual([0, 1, 2, 3])
  })

  it('keeps 4 notes behind a list: an older list is compared place by place (and can be collected)', () => {
    const a = objects(6)
    const lists: object[][] = [a]
    for (let k = 1; k <= 5; k++) {
      const next = replaced(lists.at(-1)!, [k])
      // A place changed behind the notes' back: only a comparison sees it.
      ;(next as object[])[0] = { unnoted: k }
      lists.push(next)
    }
    const last = lists[5]!
    // 4 notes back (lists[1]): answered from the notes, which do not name place 0.
    expect(replacedPositions(lists[1], last)).toEqual([2, 3, 4, 5])
    expect(replacedPositions(lists[4], last)).toEqual([5])
    // 5 notes back (a): the oldest note is gone, so the lists are compared.
    expect(replacedPositions(a, last)).toEqual([0, 1, 2, 3, 4, 5])
  })

  it('lets a list 5 notes back be collected (each note holds the list before it)', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    // Made in a function of its own: nothing but the notes may hold the first lists.
    const chain = () => {
      const first = objects(3)
      let list: object[] = first
      for (let k = 0; k < 5; k++) list = replaced(list, [k % 3])
      return { oldest: new WeakRef(first), last: list }
    }
    const { oldest, last } = chain()
    await new Promise((r) => setTimeout(r, 0))
    gc()
    expect(oldest.deref()).toBeUndefined()
    expect(last).toHaveLength(3)
  })

  it('ignores a note of another length and a note of a list as its own origin', () => {
    const a = objects(3)
    const longer = [...a, { i: 3 }]
    noteReplaced(longer, a, [3])
    expect(replacedPositions(a, longer)).toBeNull()
    noteReplaced(a, a, [0])
    expect(replacedPositions(a, a)).toEqual([])
  })

  it("shares the notes with another copy of the module (the site's bundle has its own)", async () => {
    const copy = (await import('./list-lineage.ts?another-copy' as string)) as typeof import('./list-lineage.ts')
    expect(copy.replacedPositions).not.toBe(replacedPositions)
    const a = objects(4)
    const b = replaced(a, [2])
    ;(b as object[])[0] = { unnoted: true }
    expect(copy.replacedPositions(a, b)).toEqual([2])
  })
})
