import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readCollectionSync } from '#schema/content-folder-read.ts'
import { msg } from '#schema/messages.ts'
import { MAX_CONTENT_FILE_BYTES, REFUSED } from '../content-file.ts'
import { deepFreeze } from '../durable-file.ts'
import { collectionChunks, SERVER_LAYOUT } from '../json-text.ts'
import { checkContentFile } from './content-validation.ts'
import { ContentRefused, createContentGate, gateNext, gateText, markChecked, orderLike } from './content-gate.ts'
import { claimsOf, firstClash, ruledEntries } from './content-rules.ts'

// Issue 28: the write gate's rules without an app around them (fast: the mutation run's 'gate' group).
// content-gate.test.ts checks the same gate through the admin's saves.
// The demo content as stored (posts and projects a file each, decision 333).
const repo = (name: string) => structuredClone(readCollectionSync(join(import.meta.dirname, '..', '..', '..', 'content'), name)) as any
const post = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  title: `Başlık ${id}`,
  excerpt: '',
  author: 'X',
  tags: [],
  status: 'published',
  createdAt: '2026-01-01T00:00:00.000Z',
  featuredImage: '',
  images: [],
  contentStructure: [],
  ...over,
})
/** The error a refused write names, or null when it went through. */
function refusal(run: () => unknown) {
  try {
    run()
    return null
  } catch (err) {
    if (!(err instanceof ContentRefused)) throw err
    expect(err.message).toBe(`${err.error.file}${err.error.field ? ` (${err.error.field})` : ''}: ${err.error.message}`)
    return err.error
  }
}
const bytesText = (bytes: readonly Buffer[]) => Buffer.concat(bytes).toString('utf8')

describe('gateNext on a list', () => {
  it('refuses what is no list, and a bad entry with its field', () => {
    expect(refusal(() => gateNext('blogs', { id: 'x' }, []))).toEqual({ file: 'blogs.json', field: '', message: 'Dosya bir liste olmalı' })
    expect(refusal(() => gateNext('blogs', [post('a'), post('b', { slug: 'Kötü Adres' })], []))).toMatchObject({ file: 'blogs.json', field: '[1].slug' })
    expect(refusal(() => gateNext('programs', [{ id: 'p' }], []))?.field).toMatch(/^\[0\]\.\w/)
  })

  it('gives back the data loading the bytes would: the same objects when nothing changes, canonical ones otherwise', () => {
    const next = [post('a'), post('b', { extra: 1 })]
    const { data, bytes } = gateNext('blogs', next, [])
    expect(data[0]).toBe(next[0]) // already canonical: kept as it is
    expect(data[1]).not.toBe(next[1])
    expect(data[1]).not.toHaveProperty('extra')
    const loaded = checkContentFile('blogs', bytesText(bytes))
    expect(loaded.ok && loaded.data).toEqual(data)
    expect(bytesText(bytes)).toBe(bytesText(collectionChunks(data, SERVER_LAYOUT)))
    // Defaults added by the schema are canonical too.
    const bare = { id: 'c', title: 'C', excerpt: '', author: 'X', tags: [], createdAt: '2026-01-01T00:00:00.000Z' }
    expect(gateNext('blogs', [bare], []).data[0]).toHaveProperty('status', 'published')
  })

  it('a rebuilt entry keeps its stored key order (new keys last, all the way down); key order alone is a change', () => {
    const stored = gateNext('blogs', [post('a', { tags: ['x'] })], []).data
    const rebuilt = [{ createdAt: stored[0]!.createdAt, tags: ['x', 'y'], status: 'published', author: 'X', excerpt: '', title: 'Yeni', id: 'a' }]
    const { data } = gateNext('blogs', rebuilt, stored)
    expect(Object.keys(data[0]!)).toEqual(Object.keys(stored[0]!))
    // Same values, another key order, nothing stored to follow: the canonical order is the loader's.
    const reordered = [{ ...post('b') }]
    const swapped = Object.fromEntries(Object.entries(reordered[0]!).reverse())
    const out = gateNext('blogs', [swapped], []).data[0]!
    expect(Object.keys(out)).toEqual(Object.keys(swapped))
  })

  it('an entry rebuilt with the same values in another key order is written in its stored order', () => {
    const stored = gateNext('blogs', [post('a')], []).data
    const reordered = Object.fromEntries(Object.entries(stored[0]!).reverse())
    const { data } = gateNext('blogs', [reordered], stored)
    expect(Object.keys(data[0]!)).toEqual(Object.keys(stored[0]!))
  })

  it('an entry it checked is not checked again; an unchecked one always is', () => {
    const { data } = gateNext('blogs', [post('a')], [])
    // A frozen entry from an accepted version: kept as it is, whatever it holds.
    expect(gateNext('blogs', data, data).data).toBe(data)
    const unchecked = deepFreeze([{ ...post('z'), title: 5 }])
    expect(refusal(() => gateNext('blogs', unchecked, []))?.field).toBe('[0].title')
    // Loading marks what it read whole: that is trusted too.
    const loaded = deepFreeze([post('m')])
    markChecked('blogs', loaded)
    const withBad = deepFreeze([...loaded, { ...post('n'), slug: 'Kötü' }])
    expect(refusal(() => gateNext('blogs', withBad, loaded))?.field).toBe('[1].slug')
  })
})

describe('ids and addresses', () => {
  it('an id or an address taken twice is refused with its field and Turkish reason; a freed address can be taken', () => {
    const v1 = gateNext('blogs', [post('a', { slug: 'ilk' }), post('b')], []).data
    expect(refusal(() => gateNext('blogs', [...v1, post('a', { slug: 'baska' })], v1))).toEqual({
      file: 'blogs.json',
      field: '[2].id',
      message: msg.idTaken,
    })
    expect(refusal(() => gateNext('blogs', [...v1, post('c', { slug: 'ilk' })], v1))).toEqual({
      file: 'blogs.json',
      field: '[2].slug',
      message: msg.slugTaken,
    })
    // An old address counts too, and a post's id is an address of it.
    expect(refusal(() => gateNext('blogs', [...v1, post('c', { slug: 'yeni', oldSlugs: ['b'] })], v1))?.message).toBe(msg.slugTaken)
    // Post 'a' leaves: its address is free for the next version.
    const v2 = gateNext('blogs', [v1[1]!], v1).data
    expect(refusal(() => gateNext('blogs', [...v2, post('c', { slug: 'ilk' })], v2))).toBeNull()
    // A post moved to a new address in the same version that another takes its old one: both fine.
    const moved = [{ ...v1[0]!, slug: 'tasindi' }, v1[1]!, post('d', { slug: 'ilk' })]
    expect(refusal(() => gateNext('blogs', moved, v1))).toBeNull()
  })

  it('without a previous version it looks at every entry; a kept entry keeps its claims', () => {
    const fresh = [post('a', { slug: 'x' }), post('b', { slug: 'x' })]
    expect(refusal(() => gateNext('blogs', fresh, null))?.field).toBe('[1].slug')
    const v1 = gateNext('blogs', [post('a', { slug: 'x' })], []).data
    const v2 = gateNext('blogs', [...v1, post('b')], v1).data
    expect(refusal(() => gateNext('blogs', [...v2, post('c', { slug: 'x' })], v2))?.field).toBe('[2].slug')
  })

  it('references: its cards by id, named cards[i].id; projects by address; programs by id; other files have no such rule', () => {
    const refs = repo('references')
    const card = refs.cards[0]
    const v1 = gateNext('references', refs, null).data
    const twice = { ...v1, cards: [...v1.cards, { ...card, title: 'Kopya' }] }
    expect(refusal(() => gateNext('references', twice, v1))).toEqual({
      file: 'references.json',
      field: `cards[${v1.cards.length}].id`,
      message: msg.idTaken,
    })
    const programs = repo('programs')
    expect(refusal(() => gateNext('programs', [...programs, { ...programs[0], name: 'Kopya' }], null))?.field).toBe(`[${programs.length}].id`)
    const projects = repo('social-projects')
    const taken = projects[0].slug ?? projects[0].id
    expect(refusal(() => gateNext('social-projects', [...projects, { ...projects[0], id: 'yeni-proje', slug: taken }], null))?.message).toBe(msg.slugTaken)
    expect(ruledEntries('home', repo('home'))).toBeNull()
    expect(ruledEntries('references', null)).toEqual({ entries: [], prefix: 'cards' })
    expect(ruledEntries('references', { cards: 'x' })).toEqual({ entries: [], prefix: 'cards' })
    expect(ruledEntries('blogs', { a: 1 })).toEqual({ entries: [], prefix: '' })
    expect(claimsOf('programs', { id: 'p', slug: 's' })).toEqual(['p'])
    expect(claimsOf('blogs', { id: 'p', slug: 's', oldSlugs: ['o'] }).sort()).toEqual(['o', 'p', 's'])
    expect(claimsOf('blogs', { slug: 's' })).toEqual([])
    expect(claimsOf('blogs', null)).toEqual([])
  })

  it('firstClash (loading): the first entry that takes a taken key, by id or by address', () => {
    expect(firstClash('blogs', [post('a', { slug: 'x' }), post('b', { slug: 'y' })])).toBeNull()
    expect(firstClash('blogs', [post('a', { slug: 'x' }), post('b', { slug: 'x' })])).toEqual({ field: '[1].slug', message: msg.slugTaken })
    expect(firstClash('blogs', [post('a'), post('a', { slug: 'z' })])).toEqual({ field: '[1].id', message: msg.idTaken })
    // One entry naming the same address twice (its slug among its old slugs) clashes with nobody.
    expect(firstClash('blogs', [post('a', { slug: 'x', oldSlugs: ['x'] })])).toBeNull()
    expect(firstClash('home', {})).toBeNull()
    expect(firstClash('references', { cards: [{ id: 'k' }, { id: 'k' }] })).toEqual({ field: 'cards[1].id', message: msg.idTaken })
  })
})

describe('a whole-object file (home, about, …)', () => {
  it('checked and made canonical, in the stored key order; a file it accepted is not checked again', () => {
    const about = repo('about')
    const { data } = gateNext('about', about, null)
    expect(data).toEqual(about)
    const reversed = Object.fromEntries(Object.entries(about).reverse())
    const again = gateNext('about', { ...reversed, title1: 'Yeni' }, data).data
    expect(Object.keys(again)).toEqual(Object.keys(about))
    expect(again.title1).toBe('Yeni')
    // Equal values in equal order: the very object given.
    const same = { ...about }
    expect(gateNext('about', same, data).data).toBe(same)
    expect(refusal(() => gateNext('about', { ...about, title1: 5 }, data))).toMatchObject({ file: 'about.json', field: 'title1' })
    // Nothing at all (a bug upstream): refused like a bad file, never a crash of its own.
    expect(refusal(() => gateNext('about', undefined, data))).toMatchObject({ file: 'about.json' })
    const accepted = gateNext('about', { ...about, title2: 'İkinci' }, data).data
    expect(gateNext('about', accepted, data).data).toBe(accepted)
  })
})

describe('size and text from outside', () => {
  it('a text from outside over 64 MB is refused, measured in bytes, not characters', () => {
    const big = 'ş'.repeat(33 * 1024 * 1024) // 66 MB in UTF-8, 33 M characters
    const refusedText = gateText('about', JSON.stringify({ ...repo('about'), title1: big }))
    expect(refusedText.ok).toBe(false)
    expect(!refusedText.ok && refusedText.error).toMatchObject({ file: 'about.json', field: '' })
    expect(!refusedText.ok && refusedText.error.message).toMatch(/çok büyük/)
    expect(gateText('about', Buffer.from(JSON.stringify(repo('about'))))).toMatchObject({ ok: true })
    expect(gateText('blogs', '{"x": 1}').ok).toBe(false)
  })

  it('orderLike: the model’s key order, new keys last, lists matched by id, else by position', () => {
    expect(Object.keys(orderLike({ b: 1, a: 2, c: 3 }, { a: 0, b: 0 }) as object)).toEqual(['a', 'b', 'c'])
    const nested = orderLike({ list: [{ y: 1, x: 2, id: 'k' }, { q: 1, p: 2 }] }, { list: [{ p: 0, q: 0 }, { id: 'k', x: 0, y: 0 }] }) as {
      list: object[]
    }
    expect(Object.keys(nested.list[0]!)).toEqual(['id', 'x', 'y'])
    expect(Object.keys(nested.list[1]!)).toEqual(['q', 'p']) // position 1 in the model is the entry 'k': no common key order to take
    expect(orderLike([1, 2], 'x')).toEqual([1, 2])
    expect(orderLike('x', { a: 1 })).toBe('x')
    expect(orderLike({ a: 1 }, [1])).toEqual({ a: 1 })
  })

  it('a store’s gate writes each file in the layout last read for it', () => {
    const gate = createContentGate()
    const layout = { prefix: '', indent: '\t', finalNewline: true }
    const posts = [post('a')]
    expect(bytesText(gate.serialize('blogs', posts))).toBe(bytesText(collectionChunks(posts, SERVER_LAYOUT)))
    gate.remember('blogs', layout)
    const next = gate.next('blogs', [post('b')], []) as { data: unknown; bytes: readonly Buffer[] }
    expect(bytesText(next.bytes)).toBe(bytesText(collectionChunks(next.data, layout)))
    expect(bytesText(next.bytes)).toContain('\n\t"id": "b"')
    expect(bytesText(gate.serialize('blogs', posts))).toBe(bytesText(collectionChunks(posts, layout)))
    expect(bytesText(gate.serialize('programs', []))).toBe(bytesText(collectionChunks([], SERVER_LAYOUT)))
  })
})

// Issue 28, second session: the survivors of the 02:27 mutation run (the gate's trust in what it checked, the
// ids/addresses index it carries, the names of fields).
describe('what the gate trusts', () => {
  const reversed = <T extends object>(v: T) => Object.fromEntries(Object.entries(v).reverse()) as T

  it('an entry loading marked as read whole is not checked again, whatever it holds; a whole file likewise', () => {
    // Values loading would refuse, marked as if loading had read them: the gate takes them as they are. (What
    // markChecked promises: loading checked them, so a save that keeps them costs nothing for them.)
    const trusted = deepFreeze([{ ...post('m'), title: 5 }])
    markChecked('blogs', trusted)
    expect(gateNext('blogs', trusted, trusted).data).toBe(trusted)
    const about = deepFreeze({ ...repo('about'), title1: 5 })
    markChecked('about', about)
    expect(gateNext('about', about, null).data).toBe(about)
    // Loading a missing file, or a list holding things that are not entries: nothing to mark, no crash; those
    // entries stay unchecked.
    expect(() => markChecked('about', undefined)).not.toThrow()
    expect(() => markChecked('blogs', { not: 'a list' })).not.toThrow()
    const odd = deepFreeze([5, post('o')])
    markChecked('blogs', odd)
    expect(refusal(() => gateNext('blogs', odd, null))?.field).toBe('[0]')
  })

  it('a version it accepted is taken as it is when it comes again: not checked, not reordered like another version', () => {
    const v1 = gateNext('blogs', [post('a')], []).data
    const otherOrder = [reversed(v1[0]!)]
    expect(gateNext('blogs', v1, otherOrder).data).toBe(v1)
    const about = gateNext('about', repo('about'), null).data
    expect(gateNext('about', about, reversed(about)).data).toBe(about)
  })

  it('an entry it has not accepted yet is checked, and follows its stored key order down to its content fields', () => {
    const block = { id: 'b1', type: 'text', content: 'x', order: 0 }
    const stored = gateNext('blogs', [post('a', { contentStructure: [block] })], []).data
    const rebuilt = { ...post('a', { title: 'Yeni' }), contentStructure: [reversed(block)] }
    const out = gateNext('blogs', [rebuilt], stored).data[0]!
    const storedBlock = Object.keys(stored[0]!.contentStructure[0]!)
    expect(Object.keys(out.contentStructure[0]!)).toEqual(storedBlock)
    // The same values, only a content field's keys in another order: still written in the stored order.
    const same = { ...stored[0]!, contentStructure: [reversed(stored[0]!.contentStructure[0]!)] }
    const again = gateNext('blogs', [same], stored).data[0]!
    expect(again).not.toBe(same)
    expect(Object.keys(again.contentStructure[0]!)).toEqual(storedBlock)
  })

  it('an entry without an id (media, keyed by url) follows no other stored entry’s key order', () => {
    const stored = gateNext('media', [{ url: '/u/a.webp', type: 'image', name: 'a', alt: '' }], []).data
    const other = reversed({ url: '/u/b.webp', type: 'image', name: 'b', alt: '' })
    const out = gateNext('media', [...stored, other], stored).data
    expect(Object.keys(out[1]!)).toEqual(Object.keys(checkedMedia(other)))
  })

  it('names a bad entry that is no object at all by its place only, as loading does', () => {
    const refused = refusal(() => gateNext('blogs', [post('a'), 5], []))
    const loaded = checkContentFile('blogs', JSON.stringify([post('a'), 5]))
    expect(refused?.field).toBe('[1]')
    expect(!loaded.ok && loaded.error.field).toBe('[1]')
  })

  it('orderLike matches list items by a string id only; other items by position, whatever they are', () => {
    const model = [{ q: 0, p: 0 }, { id: 1, p: 0, q: 0 }]
    // id 1 is no id: the first item follows the model's first item.
    expect(Object.keys((orderLike([{ id: 1, p: 1, q: 1 }], model) as object[])[0]!)).toEqual(['q', 'p', 'id'])
    expect(orderLike([null, 'x', { a: 1 }], [null, 'y'])).toEqual([null, 'x', { a: 1 }])
  })
})

describe('the ids and addresses index carried from version to version', () => {
  it('a new entry that takes a kept entry’s address is the one refused, wherever it stands', () => {
    const v1 = gateNext('blogs', [post('a', { slug: 'x' }), post('b')], []).data
    expect(refusal(() => gateNext('blogs', [post('n', { slug: 'x' }), ...v1], v1))).toEqual({ file: 'blogs.json', field: '[0].slug', message: msg.slugTaken })
  })

  it('a previous version the gate never accepted (read from disk) is looked at whole', () => {
    const loaded = [post('a', { slug: 'x' })]
    expect(refusal(() => gateNext('blogs', [...loaded, post('c', { slug: 'x' })], loaded))?.field).toBe('[1].slug')
  })

  it('the same entry twice is its id twice: refused as loading refuses it, new or kept', () => {
    const fresh = post('a')
    expect(refusal(() => gateNext('blogs', [fresh, fresh], []))).toEqual({ file: 'blogs.json', field: '[1].id', message: msg.idTaken })
    expect(firstClash('blogs', [fresh, fresh])).toEqual({ field: '[1].id', message: msg.idTaken })
    const v1 = gateNext('blogs', [post('k'), post('l')], []).data
    expect(refusal(() => gateNext('blogs', [...v1, v1[0]!], v1))).toEqual({ file: 'blogs.json', field: '[2].id', message: msg.idTaken })
    const refs = gateNext('references', repo('references'), null).data
    expect(refusal(() => gateNext('references', { ...refs, cards: [...refs.cards, refs.cards[0]] }, refs))?.field).toBe(`cards[${refs.cards.length}].id`)
  })
})

/** A media record as loading gives it back (its defaults added, in its own key order). */
function checkedMedia(record: object) {
  const loaded = checkContentFile('media', JSON.stringify([record]))
  if (!loaded.ok) throw new Error(loaded.error.message)
  return (loaded.data as object[])[0]!
}

describe('the size limit of a written file', () => {
  it('a list whose bytes are exactly the limit is written; one byte more is refused, in bytes, not characters', () => {
    // The limit is loading's 64 MB (MAX_CONTENT_FILE_BYTES, the default); a small one here keeps the test fast.
    const limit = 4096
    const list = (filler: string) => [post('a', { excerpt: filler })]
    const sizeOf = (data: unknown) => Buffer.concat(collectionChunks(data, SERVER_LAYOUT)).byteLength
    const exact = limit - sizeOf(list(''))
    const fits = gateNext('blogs', list('x'.repeat(exact)), null, SERVER_LAYOUT, limit)
    expect(fits.bytes.reduce((n, b) => n + b.byteLength, 0)).toBe(limit)
    expect(refusal(() => gateNext('blogs', list('x'.repeat(exact + 1)), null, SERVER_LAYOUT, limit))).toEqual({
      file: 'blogs.json',
      field: '',
      message: REFUSED.tooLarge(limit),
    })
    // 'ş' is two bytes: half as many characters reach the same limit.
    expect(refusal(() => gateNext('blogs', list('ş'.repeat(exact / 2 + 1)), null, SERVER_LAYOUT, limit))?.message).toBe(REFUSED.tooLarge(limit))
    expect(REFUSED.tooLarge(MAX_CONTENT_FILE_BYTES)).toMatch(/64/)
    // A text from outside: the same limit, on the text's bytes (string or Buffer). 1,000 bytes of room in a text
    // field that takes up to 10,000 characters.
    const about = (description1: string) => JSON.stringify({ ...repo('about'), description1 })
    const textLimit = Buffer.byteLength(about('')) + 1000
    expect(gateText('about', about('x'.repeat(1000)), textLimit)).toMatchObject({ ok: true })
    expect(gateText('about', Buffer.from(about('x'.repeat(1000))), textLimit)).toMatchObject({ ok: true })
    const tooBig = { ok: false, error: { file: 'about.json', field: '', message: REFUSED.tooLarge(textLimit) } }
    expect(gateText('about', about('x'.repeat(1001)), textLimit)).toEqual(tooBig)
    expect(gateText('about', Buffer.from(about('ş'.repeat(501))), textLimit)).toEqual(tooBig)
  })
})
