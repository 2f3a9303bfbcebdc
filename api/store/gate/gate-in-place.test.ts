import { describe, expect, it } from 'vitest'
import { entryPath, entryText, oldEntryPath } from '#schema/content-layout.ts'
import { msg } from '#schema/messages.ts'
import { REFUSED } from '../content-file.ts'
import { deepFreeze } from '../durable-file.ts'
import { minimalPost } from '../../testing/test-content.ts'
import type { BlogPost } from '#schema/blog.ts'
import { replacedPositions } from '#schema/list-lineage.ts'
import { ContentRefused, createContentGate, gateNextFolder } from './content-gate.ts'
import { isStowed } from '../entry-bodies.ts'

// Issue 33: a save that changes posts in place (the same ids at the same places, the rest the same objects) is
// checked on those posts only, with the previous version's id/address index carried over. These tests hold that
// short way to the whole list's rules: every outcome here is what the whole check gives (and gave before it).

const post = minimalPost
type Post = BlogPost

/** A first version accepted by the gate (so it carries its index), as a store's start and first save leave it. */
function accepted(posts: Post[]): Post[] {
  return gateNextFolder('blogs', deepFreeze(posts), []).data
}
/** `list` with entry i replaced, every other entry the same object (what a save of one post hands the gate). */
const withEntry = (list: readonly Post[], i: number, entry: Post) => list.map((e, j) => (j === i ? entry : e))
function refusal(run: () => unknown) {
  try {
    run()
    return null
  } catch (err) {
    if (!(err instanceof ContentRefused)) throw err
    return err.error
  }
}

describe('a save that changes posts in place', () => {
  it('writes the changed post’s file only, and keeps the other entries as they are', () => {
    const v1 = accepted([post('a1'), post('b2'), post('c3')])
    const edited = post('b2', { title: 'Yeni' })
    const out = gateNextFolder('blogs', withEntry(v1, 1, edited), v1)
    expect(out.inPlace).toBe(true)
    // Already canonical: the saved object itself is kept (the next save finds it unchanged).
    expect(out.data[1]).toBe(edited)
    expect(out.files.map((f) => [f.path, f.bytes?.toString()])).toEqual([['blogs/ff/b2.json', entryText(post('b2', { title: 'Yeni' }))]])
    expect(out.data[0]).toBe(v1[0])
    expect(out.data[2]).toBe(v1[2])
    expect(Object.isFrozen(out.data) && Object.isFrozen(out.data[1])).toBe(true)
  })

  it('keeps a saved post with a body as a new frozen entry whose body is in the process file (decision 345)', () => {
    const body = { contentStructure: [{ id: 'k1', type: 'text', content: 'Gövde', order: 0, alt: '' }] }
    const v1 = accepted([post('a1'), post('b2'), post('c3')])
    const edited = post('b2', { title: 'Yeni', ...body })
    const next = withEntry(v1, 1, edited)
    const out = gateNextFolder('blogs', next, v1)
    expect(out.inPlace).toBe(true)
    expect(out.data).toBe(next)
    expect(out.data[1]).not.toBe(edited)
    expect(out.data[1]).toEqual(edited)
    expect(isStowed(out.data[1]!) && Object.isFrozen(out.data[1])).toBe(true)
    expect(out.files[0]!.bytes!.toString()).toBe(entryText(edited))
    // A frozen list handed in is not changed: the entry goes into a copy.
    const frozen = Object.freeze(withEntry(out.data, 2, post('c3', { title: 'Üç', ...body })))
    const again = gateNextFolder('blogs', frozen, out.data)
    expect(again.data).not.toBe(frozen)
    expect(frozen[2]!.title === 'Üç' && !isStowed(frozen[2]!)).toBe(true)
    expect(isStowed(again.data[2]!)).toBe(true)
    expect(again.data[1]).toBe(out.data[1])
    // Nothing to write out (an earlier version's entry put back, frozen already): the frozen list is kept as it is.
    const back = Object.freeze(withEntry(again.data, 2, out.data[2]!))
    expect(gateNextFolder('blogs', back, again.data).data).toBe(back)
  })

  it('notes the places it replaced, for the later steps (schema/list-lineage.ts), and only those', () => {
    const v1 = accepted([post('a1'), post('b2'), post('c3'), post('d4')])
    // Saved non-canonical (keys out of order): the gate's canonical copy is what it notes at its place.
    const { title, ...rest } = post('c3', { title: 'Yeni' })
    const v2 = gateNextFolder('blogs', withEntry(withEntry(v1, 2, { ...rest, title } as Post), 0, post('a1', { title: 'Ö' })), v1).data
    expect(replacedPositions(v1, v2)).toEqual([0, 2])
    expect(v2[2]).toEqual(post('c3', { title: 'Yeni' }))
    // A third version after it: the two notes chain, and an entry put back at its place is not replaced any more.
    const v3 = gateNextFolder('blogs', withEntry(v2, 0, v1[0]!), v2).data
    expect(replacedPositions(v1, v3)).toEqual([2])
    // The note is what answers: a list the gate did not make, changed at a place, is compared place by place.
    expect(replacedPositions(v1, withEntry(v1, 3, post('d4', { title: 'X' })))).toEqual([3])
  })

  it('refuses an address another post has, naming the field and the place; the index is as it was', () => {
    const v1 = accepted([post('a1', { slug: 'bir' }), post('b2', { slug: 'iki' })])
    expect(refusal(() => gateNextFolder('blogs', withEntry(v1, 1, post('b2', { slug: 'bir' })), v1))).toEqual({
      file: 'blogs.json',
      field: '[1].slug',
      message: msg.slugTaken,
    })
    // An address another post answers to (its old one) is taken too.
    const v2 = gateNextFolder('blogs', withEntry(v1, 0, post('a1', { slug: 'bir', oldSlugs: ['eski'] })), v1).data
    expect(refusal(() => gateNextFolder('blogs', withEntry(v2, 1, post('b2', { slug: 'eski' })), v2))?.message).toBe(msg.slugTaken)
    // A post's id is taken as an address too.
    expect(refusal(() => gateNextFolder('blogs', withEntry(v2, 1, post('b2', { slug: 'a1' })), v2))?.message).toBe(msg.slugTaken)
    // The refusals left the index alone: the post still owns its own address, and a free one is taken.
    expect(gateNextFolder('blogs', withEntry(v2, 1, post('b2', { slug: 'iki', title: 'T' })), v2).files).toHaveLength(1)
  })

  it('an address a post gave up is free for the next save of another post; two posts may swap addresses at once', () => {
    const v1 = accepted([post('a1', { slug: 'bir' }), post('b2', { slug: 'iki' })])
    const v2 = gateNextFolder('blogs', withEntry(v1, 0, post('a1', { slug: 'yeni' })), v1).data
    const v3 = gateNextFolder('blogs', withEntry(v2, 1, post('b2', { slug: 'bir' })), v2).data
    expect(v3.map((p) => p.slug)).toEqual(['yeni', 'bir'])
    // The address it took is now owned: the first post cannot take it back.
    expect(refusal(() => gateNextFolder('blogs', withEntry(v3, 0, post('a1', { slug: 'bir' })), v3))?.field).toBe('[0].slug')
    const swapped: Post[] = [post('a1', { slug: 'bir' }), post('b2', { slug: 'yeni' })]
    expect(gateNextFolder('blogs', swapped, v3).data.map((p) => p.slug)).toEqual(['bir', 'yeni'])
    // Two changed posts taking one new address: the second is refused.
    const both = [post('a1', { slug: 'ayni' }), post('b2', { slug: 'ayni' })]
    expect(refusal(() => gateNextFolder('blogs', both, v3))?.field).toBe('[1].slug')
  })

  it('a version that was checked but never written leaves the previous one checkable: the next save starts from it', () => {
    const v1 = accepted([post('a1', { slug: 'bir' }), post('b2', { slug: 'iki' })])
    // Checked (its write then failed: a full disk), so the store stays at v1.
    expect(gateNextFolder('blogs', withEntry(v1, 0, post('a1', { slug: 'yeni' })), v1).inPlace).toBe(true)
    // From v1, 'bir' is still the first post's: the second may not take it; 'yeni' is free. v1's index went with the
    // version checked from it: these look at the whole list, and the version they accept carries an index again.
    expect(refusal(() => gateNextFolder('blogs', withEntry(v1, 1, post('b2', { slug: 'bir' })), v1))?.field).toBe('[1].slug')
    const v2 = gateNextFolder('blogs', withEntry(v1, 1, post('b2', { slug: 'yeni' })), v1)
    expect(v2.inPlace).toBe(false)
    expect(v2.data[1]!.slug).toBe('yeni')
    expect(gateNextFolder('blogs', withEntry(v2.data, 0, post('a1', { title: 'T' })), v2.data).inPlace).toBe(true)
  })

  it('checks the changed post with the schemas, naming its place; its keys come in the stored order', () => {
    const v1 = accepted([post('a1'), post('b2')])
    expect(refusal(() => gateNextFolder('blogs', withEntry(v1, 1, post('b2', { title: 42 })), v1))).toMatchObject({ field: '[1].title' })
    const { id, title, ...rest } = post('b2', { title: 'Sırası başka' })
    const reordered = { title, ...rest, id } as Post
    const out = gateNextFolder('blogs', withEntry(v1, 1, reordered), v1)
    expect(out.inPlace).toBe(true)
    expect(Object.keys(out.data[1]!)).toEqual(Object.keys(v1[1]!))
    expect(out.data).toHaveLength(2)
    expect(out.data[0]).toBe(v1[0])
    expect(out.files[0]!.bytes!.toString()).toBe(entryText(post('b2', { title: 'Sırası başka' })))
  })

  it('a post moved, added or removed, or an id changed, is looked at as a whole list (same rules)', () => {
    const v1 = accepted([post('a1', { slug: 'bir' }), post('b2')])
    // An id changed in place: the whole check refuses an id another post has as its address.
    expect(refusal(() => gateNextFolder('blogs', withEntry(v1, 1, post('bir')), v1))?.message).toBe(msg.idTaken)
    const moved = gateNextFolder('blogs', [v1[1]!, v1[0]!], v1)
    expect(moved.inPlace).toBe(false)
    expect(moved.files.map((f) => f.path)).toEqual(['blogs/_sira.json'])
    const added = gateNextFolder('blogs', [...moved.data, post('c3')], moved.data)
    expect([added.inPlace, added.files.map((f) => f.path)]).toEqual([false, ['blogs/c0/c3.json', 'blogs/_sira.json']])
    const removed = gateNextFolder('blogs', added.data.slice(1), added.data)
    expect([removed.inPlace, removed.files.map((f) => f.path)]).toEqual([false, ['blogs/ff/b2.json', 'blogs/_sira.json']])
    // The last post removed (the others at their places): its file goes, and the order is written.
    const lastGone = gateNextFolder('blogs', removed.data.slice(0, -1), removed.data)
    expect([lastGone.inPlace, lastGone.files.map((f) => [f.path, f.bytes === null])]).toEqual([false, [['blogs/c0/c3.json', true], ['blogs/_sira.json', false]]])
    // The version the whole check accepted carries its index: the next edit in place is short again.
    expect(gateNextFolder('blogs', withEntry(removed.data, 0, post('a1', { title: 'T' })), removed.data).inPlace).toBe(true)
  })

  it('up to 64 posts changed in place take the short way, more the whole list; both write the same files', () => {
    const v1 = accepted(Array.from({ length: 70 }, (_, i) => post(`p${i}`)))
    const changed = (n: number) => v1.map((e, i) => (i < n ? post(e.id, { title: `Yeni ${i}` }) : e))
    const at64 = gateNextFolder('blogs', changed(64), v1)
    expect([at64.inPlace, at64.files.length]).toEqual([true, 64])
    const v2 = accepted(Array.from({ length: 70 }, (_, i) => post(`p${i}`)))
    const at65 = gateNextFolder('blogs', v2.map((e, i) => (i < 65 ? post(e.id, { title: `Yeni ${i}` }) : e)), v2)
    expect([at65.inPlace, at65.files.length]).toEqual([false, 65])
    // The first version a store accepts (from nothing) is looked at whole.
    expect(gateNextFolder('blogs', [post('x1')], []).inPlace).toBe(false)
  })

  it('a changed post over the size limit is refused; one at the limit is written', () => {
    const v1 = accepted([post('a1'), post('b2')])
    const big = post('b2', { title: 'x'.repeat(200) })
    const size = Buffer.byteLength(entryText(big))
    expect(refusal(() => gateNextFolder('blogs', withEntry(v1, 1, big), v1, size - 1))).toEqual({
      file: 'blogs.json',
      field: '',
      message: REFUSED.tooLarge(size - 1),
    })
    expect(gateNextFolder('blogs', withEntry(v1, 1, big), v1, size).files).toHaveLength(1)
  })
})

describe('an item with a file still in its old first-character folder (decision 336)', () => {
  it('a write of it, in place or as a whole list, also removes that file; other items and the order file do not', () => {
    const gate = createContentGate()
    gate.storeAsFolder('blogs')
    const v1 = accepted([post('a1'), post('b2')])
    gate.oldFile('blogs', 'a1', true)
    gate.oldFile('blogs', 'zz', true) // an id not written: nothing of it
    const paths = (out: ReturnType<typeof gate.next>) => ('files' in out ? out.files.map((f) => `${f.path}${f.bytes ? '' : ' -'}`) : null)
    const saved = gate.next('blogs', withEntry(v1, 0, post('a1', { title: 'Yeni' })), v1)
    expect(paths(saved)).toEqual([entryPath('blogs', 'a1'), `${oldEntryPath('blogs', 'a1')} -`])
    // Removed from the list (a whole-list check): its file and the old one go, the order file is written.
    const removed = gate.next('blogs', [saved.data[1]!], saved.data)
    expect(paths(removed)).toEqual([`${entryPath('blogs', 'a1')} -`, 'blogs/_sira.json', `${oldEntryPath('blogs', 'a1')} -`])
    // Once gone, the next write of the id names no old file.
    gate.oldFile('blogs', 'a1', false)
    expect(paths(gate.next('blogs', withEntry(v1, 0, post('a1', { title: 'Sonra' })), v1))).toEqual([entryPath('blogs', 'a1')])
    // A one-file collection, or posts not stored as a folder (CONTENT_FOLDERS=off), are written as bytes.
    expect('bytes' in gate.next('programs', [], [])).toBe(true)
    expect('bytes' in createContentGate().next('blogs', [], [])).toBe(true)
  })
})
