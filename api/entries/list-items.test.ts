import { createDraft, finishDraft, isDraft } from 'immer'
import { describe, expect, it } from 'vitest'
import { replaceById, removeById } from './list-items.ts'

type Item = { id: string; n: number }
const items = (): Item[] => Object.freeze(['a', 'b', 'c', 'd'].map((id, n) => Object.freeze({ id, n }))) as Item[]
const notFound = 'Bulunamadı'

describe('replaceById and removeById on a store draft (Immer)', () => {
  it('replace the item with the id, keep every other item the same object, and give the old and new item', () => {
    const base = items()
    const draft = createDraft(base)
    const { old, next } = replaceById(draft, 'c', notFound, (o) => ({ ...o, n: 9 }))
    expect(old).toEqual({ id: 'c', n: 2 })
    // The stored item itself, not a draft of it (each draft read costs the save a pass over the whole list).
    expect(isDraft(old)).toBe(false)
    expect(old).toBe(base[2])
    expect(next).toEqual({ id: 'c', n: 9 })
    const out = finishDraft(draft)
    expect(out.map((i) => i.n)).toEqual([0, 1, 9, 3])
    expect(out[0]).toBe(base[0])
    expect(out[3]).toBe(base[3])
  })

  it('find the item where an earlier change in the same update moved it', () => {
    const draft = createDraft(items())
    draft.unshift({ id: 'yeni', n: 7 })
    removeById(draft, 'a', notFound)
    // 'c' was at 2 in the original and is at 2 again after the two moves; 'd' was at 3 and is at 3.
    draft.splice(0, 1)
    replaceById(draft, 'd', notFound, (o) => ({ ...o, n: 30 }))
    expect(finishDraft(draft)).toEqual([
      { id: 'b', n: 1 },
      { id: 'c', n: 2 },
      { id: 'd', n: 30 },
    ])
    const shifted = createDraft(items())
    shifted.unshift({ id: 'yeni', n: 7 })
    replaceById(shifted, 'b', notFound, (o) => ({ ...o, n: 10 }))
    expect(finishDraft(shifted).map((i) => `${i.id}${i.n}`)).toEqual(['yeni7', 'a0', 'b10', 'c2', 'd3'])
  })

  it('an item added in the same update is found; a missing id is a 404 with the message', () => {
    const draft = createDraft(items())
    draft.push({ id: 'e', n: 4 })
    expect(removeById(draft, 'e', notFound)).toEqual({ id: 'e', n: 4 })
    expect(() => replaceById(draft, 'yok', notFound, (o) => o)).toThrow(notFound)
    expect(() => removeById(items(), 'yok', notFound)).toThrow(notFound)
  })

  it('work the same on a plain array', () => {
    const list = items().slice()
    expect(removeById(list, 'b', notFound)).toEqual({ id: 'b', n: 1 })
    replaceById(list, 'd', notFound, (o) => ({ ...o, n: 5 }))
    expect(list.map((i) => `${i.id}${i.n}`)).toEqual(['a0', 'c2', 'd5'])
  })
})
