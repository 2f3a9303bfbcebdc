import { describe, expect, it } from 'vitest'
import { mergeContent, valueAt, type Path } from './three-way-merge.ts'

/**
 * Property: random pairs of edits to one collection; every change of either side that the other side did not also
 * make to the same field of the same item survives the merge, and only such shared fields are conflicts.
 * Seeded, so a failure names a seed that replays it.
 */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Block = { id: string; type: string; content: string; order: number }
type Post = { id: string; title: string; excerpt: string; status: string; tags: string[]; contentStructure: Block[] }
const FIELDS = ['title', 'excerpt', 'status', 'tags'] as const

function makeBase(rand: () => number): Post[] {
  return Array.from({ length: 3 + Math.floor(rand() * 6) }, (_, i) => ({
    id: `p${i}`,
    title: `Başlık ${i}`,
    excerpt: `Özet ${i}`,
    status: 'published',
    tags: [`etiket${i}`],
    contentStructure: Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, j) => ({
      id: `p${i}-${j}`,
      type: 'text',
      content: `Metin ${i}.${j}`,
      order: j,
    })),
  }))
}

/** What one side did, keyed so the two sides' touches can be compared: "item|field" or "item|block|content". */
type Edits = { values: Map<string, { path: Path; value: unknown }>; deleted: Set<string>; added: Post[]; reordered: boolean }

function edit(base: Post[], rand: () => number, side: string): { result: Post[]; edits: Edits } {
  const result = structuredClone(base)
  const edits: Edits = { values: new Map(), deleted: new Set(), added: [], reordered: false }
  const pick = <T,>(list: T[]) => list[Math.floor(rand() * list.length)]
  const steps = 1 + Math.floor(rand() * 5)
  for (let s = 0; s < steps; s++) {
    const live = result.filter((p) => !edits.deleted.has(p.id) && !edits.added.includes(p))
    const roll = rand()
    if (roll < 0.45 && live.length) {
      const post = pick(live)
      const field = pick([...FIELDS])
      // Values from a small pool, so both sides sometimes make the very same change (that is no conflict).
      const value = field === 'tags' ? [pick(['a', 'b', 'c'])] : field === 'status' ? pick(['draft', 'published']) : `${field} ${pick(['x', 'y', side])}`
      ;(post as Record<string, unknown>)[field] = value
      edits.values.set(`${post.id}|${field}`, { path: [{ id: post.id }, field], value })
    } else if (roll < 0.7 && live.length) {
      const post = pick(live)
      const block = pick(post.contentStructure)
      block.content = `Metin ${side} ${pick(['x', 'y'])}`
      edits.values.set(`${post.id}|${block.id}`, { path: [{ id: post.id }, 'contentStructure', { id: block.id }, 'content'], value: block.content })
    } else if (roll < 0.8 && live.length > 1) {
      const post = pick(live)
      result.splice(result.indexOf(post), 1)
      edits.deleted.add(post.id)
    } else if (roll < 0.9) {
      const added = { ...makeBase(rand)[0], id: `${side}-new-${s}`, title: `Yeni ${side} ${s}` }
      result.splice(Math.floor(rand() * (result.length + 1)), 0, added)
      edits.added.push(added)
    } else if (!edits.reordered && result.length > 1) {
      result.reverse()
      edits.reordered = true
    }
  }
  return { result, edits }
}

const touchedItem = (e: Edits, id: string) => e.deleted.has(id) || [...e.values.keys()].some((k) => k.startsWith(`${id}|`))

describe('mergeContent (property: no non-conflicting change is lost)', () => {
  for (let seed = 1; seed <= 400; seed++) {
    it(`seed ${seed}`, () => {
      const rand = rng(seed)
      const base = makeBase(rand)
      const ours = edit(base, rand, 'biz')
      const theirs = edit(base, rand, 'onlar')
      const { merged, conflicts } = mergeContent(base, ours.result, theirs.result)
      const conflictKeys = new Set(conflicts.map((c) => JSON.stringify(c.path)))

      for (const [mine, other] of [[ours.edits, theirs.edits], [theirs.edits, ours.edits]] as const) {
        for (const [key, { path, value }] of mine.values) {
          const id = key.split('|')[0]
          if (mine.deleted.has(id) || other.deleted.has(id)) continue
          const was = JSON.stringify(valueAt(base, path))
          if (JSON.stringify(value) === was) continue // set back to what it was: no change
          const clash = other.values.get(key)
          if (clash && JSON.stringify(clash.value) !== was && JSON.stringify(clash.value) !== JSON.stringify(value)) {
            expect(conflictKeys.has(JSON.stringify(path)), `seed ${seed}: ${key} should conflict`).toBe(true)
            continue
          }
          expect(valueAt(merged, path), `seed ${seed}: ${key}`).toEqual(value)
        }
        for (const id of mine.deleted) {
          if (touchedItem(other, id) && !other.deleted.has(id)) continue
          expect(valueAt(merged, [{ id }]), `seed ${seed}: ${id} deleted`).toBeUndefined()
        }
        for (const post of mine.added) expect(valueAt(merged, [{ id: post.id }]), `seed ${seed}: ${post.id} added`).toEqual(post)
      }

      // Only a field both sides changed differently, an item deleted on one side and edited on the other, or two
      // different reorders may conflict.
      for (const c of conflicts) {
        const [step, field, ...rest] = c.path
        if (step === '#order') {
          expect(ours.edits.reordered && theirs.edits.reordered, `seed ${seed}: order`).toBe(true)
          continue
        }
        const id = (step as { id: string }).id
        if (field === undefined) {
          expect(ours.edits.deleted.has(id) !== theirs.edits.deleted.has(id), `seed ${seed}: ${id}`).toBe(true)
          continue
        }
        const key = `${id}|${rest.length ? (rest[0] as { id: string }).id : field}`
        expect(ours.edits.values.has(key) && theirs.edits.values.has(key), `seed ${seed}: ${key}`).toBe(true)
      }

      // One side's order change is kept: the merged common items follow that side's order.
      for (const [side, other] of [[ours, theirs], [theirs, ours]] as const) {
        if (!side.edits.reordered || other.edits.reordered) continue
        const ids = (merged as Post[]).map((p) => p.id)
        const expected = side.result.map((p) => p.id).filter((id) => ids.includes(id))
        expect(ids.filter((id) => expected.includes(id)), `seed ${seed}: order`).toEqual(expected)
      }
    })
  }
})
