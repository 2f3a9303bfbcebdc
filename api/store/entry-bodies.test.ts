import { describe, expect, it } from 'vitest'
import { Immer } from 'immer'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { bodyReads, freezeEntries, freezeEntry, isStowed, keepBodiesIn } from './entry-bodies.ts'
import { mkdtempSync, readdirSync, readlinkSync } from 'node:fs'
import { entryPath, entryText, orderPath, orderText } from '#schema/content-layout.ts'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { minimalPost } from '../testing/test-content.ts'
import { openContentStore } from './content-store.ts'

const blocks = () => [
  { id: 'b1', type: 'text', content: 'Şirketler için e-Fatura: ığüşöç İĞÜŞÖÇ', order: 0, alt: '' },
  { id: 'b2', type: 'image', content: '', src: '/uploads/a.webp', alt: 'Görsel', order: 1 },
]
const post = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  title: `Başlık ${id}`,
  contentStructure: blocks(),
  tags: ['e-Fatura'],
  status: 'published',
  ...over,
})

// The process's file goes in the folder named before the first entry is frozen (the server names DATA_DIR).
const bodiesDir = mkdtempSync(join(tmpdir(), 'entry-bodies-dir-'))
keepBodiesIn(bodiesDir)

describe('entry bodies kept in the process file (decision 345)', () => {
  it('opens one file in the named folder, 0600, and removes its name at once (nothing left behind)', () => {
    freezeEntry(post('p0'))
    expect(readdirSync(bodiesDir)).toEqual([])
    const open = readdirSync('/proc/self/fd').flatMap((fd) => {
      try {
        return [readlinkSync(`/proc/self/fd/${fd}`)]
      } catch {
        return []
      }
    })
    expect(open.filter((target) => target.startsWith(join(bodiesDir, '.entry-bodies-')) && target.endsWith('(deleted)'))).toHaveLength(1)
  })

  it('keeps the identity of the last 1,024 entries read only: a re-read entry counts as the newest', () => {
    const first = freezeEntry(post('r0'))
    const held = first.contentStructure
    const others = Array.from({ length: 1000 }, (_, i) => freezeEntry(post(`r${i + 1}`)))
    for (const e of others) void e.contentStructure
    expect(first.contentStructure).toBe(held) // read again: now the newest
    const more = Array.from({ length: 500 }, (_, i) => freezeEntry(post(`s${i}`)))
    expect(first.contentStructure).toBe(held)
    for (const e of more) void e.contentStructure
    for (const e of others) void e.contentStructure
    // Past 1,024 reads since: a new array, equal, read from the file; then the same one while held.
    const before = bodyReads()
    const again = first.contentStructure
    expect(again).not.toBe(held)
    expect(again).toEqual(held)
    expect(bodyReads()).toBe(before + 1)
    expect(first.contentStructure).toBe(again)
  })

  it('an entry keeps its exact JSON, keys in their order, and its body reads back equal and frozen', () => {
    const plain = post('p1')
    const text = entryText(plain)
    const entry = freezeEntry(post('p1'))
    expect(isStowed(entry)).toBe(true)
    expect(Object.isFrozen(entry)).toBe(true)
    expect(entryText(entry)).toBe(text)
    expect(Object.keys(entry)).toEqual(Object.keys(plain))
    expect(entry.contentStructure).toEqual(blocks())
    expect(Object.isFrozen(entry.contentStructure) && Object.isFrozen(entry.contentStructure[0])).toBe(true)
    expect(Object.isFrozen(entry.tags)).toBe(true)
    // Spreads, structured clones and equality see the body as a plain field.
    expect({ ...entry }).toEqual(plain)
    expect(structuredClone(entry)).toEqual(plain)
  })

  it('reads the file when the body is no longer held, and gives the same array while it is', () => {
    const entry = freezeEntry(post('p2'))
    const held = entry.contentStructure
    const before = bodyReads()
    expect(entry.contentStructure).toBe(held)
    expect(bodyReads()).toBe(before)
  })

  it('once nothing holds the body, it is read from the file again, equal', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    const entry = freezeEntry(post('p11'))
    const before = bodyReads()
    await new Promise((resolve) => setTimeout(resolve, 0))
    gc()
    expect(entry.contentStructure).toEqual(blocks())
    expect(bodyReads()).toBe(before + 1)
  })

  it('an old version keeps its own body after a newer one of the same id is written', () => {
    const old = freezeEntry(post('p3'))
    const changed = blocks().map((b) => ({ ...b, content: b.content && 'Yeni metin' }))
    const next = freezeEntry(post('p3', { contentStructure: changed }))
    expect(old.contentStructure[0]!.content).toBe('Şirketler için e-Fatura: ığüşöç İĞÜŞÖÇ')
    expect(next.contentStructure[0]!.content).toBe('Yeni metin')
  })

  it('what is no plain object with a body is frozen as it is; a fresh entry reads back without a read of the file', () => {
    expect(freezeEntry(null)).toBe(null)
    expect(freezeEntry('metin')).toBe('metin')
    expect(freezeEntries(null)).toBe(null)
    class Kayit {
      contentStructure = blocks()
    }
    const instance = freezeEntry(new Kayit())
    expect(isStowed(instance) || isStowed(freezeEntry(Object.assign(Object.create(null), post('n1'))))).toBe(false)
    expect(Object.isFrozen(instance)).toBe(true)
    const before = bodyReads()
    const fresh = freezeEntry(post('n2'))
    expect(fresh.contentStructure).toEqual(blocks())
    expect(bodyReads()).toBe(before)
    const mine = [post('n3')]
    expect(freezeEntries(mine)).toBe(mine)
    // An own '__proto__' field stays a field.
    const odd = freezeEntry(JSON.parse(JSON.stringify({ ...post('n4'), __proto__x: 1 }).replace('__proto__x', '__proto__')))
    expect(Object.getPrototypeOf(odd)).toBe(Object.prototype)
    expect(Object.keys(odd)).toContain('__proto__')
  })

  it('a missing or empty body, or an entry frozen already, is left as it is', () => {
    expect(isStowed(freezeEntry(post('p4', { contentStructure: [] })))).toBe(false)
    const { contentStructure: _body, ...bare } = post('p5')
    expect(isStowed(freezeEntry(bare))).toBe(false)
    expect(isStowed(freezeEntry(Object.freeze(post('p6'))))).toBe(false)
    const list = freezeEntries([post('p7'), post('p8', { contentStructure: [] })])
    expect(Object.isFrozen(list)).toBe(true)
    expect(list.map((e) => isStowed(e))).toEqual([true, false])
    // A frozen list is not changed: its new entries go into a copy.
    const given = Object.freeze([list[0]!, post('p9')])
    const copy = freezeEntries(given)
    expect(copy).not.toBe(given)
    expect(isStowed(given[1]!)).toBe(false)
    expect(copy[0]).toBe(list[0])
    expect(isStowed(copy[1]!)).toBe(true)
    expect(freezeEntries(list)).toBe(list)
  })

  it('an Immer draft changes a stowed body in place and keeps the change (its child draft found by identity)', () => {
    const drafts = new Immer({ autoFreeze: false })
    const list = freezeEntries([post('p9'), post('p10')])
    const draft = drafts.createDraft(list)
    draft[0]!.contentStructure[0]!.content = 'Taslakta değişti'
    draft[0]!.contentStructure.push({ id: 'b3', type: 'text', content: 'Eklendi', order: 2, alt: '' })
    const next = drafts.finishDraft(draft)
    expect(next[0]!.contentStructure.map((b) => b.content)).toEqual(['Taslakta değişti', '', 'Eklendi'])
    expect(next[1]).toBe(list[1])
    expect(list[0]!.contentStructure[0]!.content).toBe('Şirketler için e-Fatura: ığüşöç İĞÜŞÖÇ')
  })
})

describe('the content store keeps its posts’ bodies in the file (decision 345)', () => {
  const withBody = (id: string) =>
    minimalPost(id, { contentStructure: [{ id: `${id}-1`, type: 'text', content: `Gövde ${id}: ığüşöç`, order: 0, alt: '' }] })

  it('after a start and after a save every post is stowed, a save reads only its own post, and the files are exact', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'entry-bodies-'))
    try {
      const posts = Array.from({ length: 40 }, (_, i) => withBody(`p${i}`))
      for (const p of posts) {
        await mkdir(join(dir, entryPath('blogs', p.id), '..'), { recursive: true })
        await writeFile(join(dir, entryPath('blogs', p.id)), entryText(p))
      }
      await writeFile(join(dir, orderPath('blogs')), orderText(posts.map((p) => p.id)))
      const store = await openContentStore(dir, () => {}, { folders: true })
      expect(store.read('blogs').every((p) => isStowed(p))).toBe(true)
      expect(store.read('blogs')).toEqual(posts)
      const before = bodyReads()
      await store.update('blogs', (list) => {
        list[7]!.contentStructure[0]!.content = 'Değişti'
      })
      // The saved post's body is read (the draft, its file's bytes); no other post's is.
      expect(bodyReads() - before).toBeLessThanOrEqual(2)
      const saved = store.read('blogs')[7]!
      expect(isStowed(saved) && Object.isFrozen(saved)).toBe(true)
      expect(saved.contentStructure[0]!.content).toBe('Değişti')
      expect(await readFile(join(dir, entryPath('blogs', 'p7')), 'utf8')).toBe(
        entryText({ ...posts[7]!, contentStructure: [{ ...posts[7]!.contentStructure[0]!, content: 'Değişti' }] }),
      )
      expect(store.read('blogs')[8]).toBe(store.read('blogs')[8])
      store.close()
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
