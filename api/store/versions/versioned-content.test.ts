import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HTTPException } from 'hono/http-exception'
import { msg } from '#schema/messages.ts'
import type { BlogPost } from '#schema/blog.ts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openContentStore, type ContentStore } from '../content-store.ts'
import { itemOf, versionOf, type ItemRef } from '../content-items.ts'
import type { ContentName } from '../content-types.ts'
import { editContext, withEdit, type EditContext } from './edit-context.ts'
import { editEntry, fileOf, readCollection, withTestLayout, writeCollection } from '../../testing/content-files.ts'

// Issue 28 (the `store-versions` mutation group): If-Match inside the store — a stale save refused (412) or merged
// with the newer version field by field — driven on the real content store in a temporary folder, without the app
// (content-edit.test.ts drives the same through the admin's routes).

const DEMO = join(import.meta.dirname, '..', '..', '..', 'content')
/** The demo posts in `dir`, in the test run's layout. */
const demoPosts = (dir: string) => writeCollection(dir, 'blogs', readCollection(DEMO, 'blogs'))
const POST = 'blog-e-fatura-rehberi'
const ref: ItemRef = { name: 'blogs', id: POST }

let dir: string
let store: ContentStore
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'versioned-content-'))
  await demoPosts(dir)
  store = await openContentStore(dir, () => {}, withTestLayout())
})
afterEach(async () => {
  store?.close()
  await store?.settled()
  await rm(dir, { recursive: true, force: true })
})

const post = (id = POST) => store.read('blogs').find((p) => p.id === id)!
const edit = (change: Partial<BlogPost>, id = POST) => (posts: BlogPost[]) => {
  Object.assign(posts.find((p) => p.id === id)!, change)
  return 'sonuç'
}

type Answer = { status: number; body: Record<string, unknown> & { message?: string; conflicts?: { key: string }[] | null } }
/** A save under an edit context (If-Match, choices): its result and context, or its error answer. */
async function save(context: EditContext, change: Partial<BlogPost>, name: ContentName = 'blogs', id = POST) {
  const ctx: EditContext = { ...context }
  try {
    const result = await editContext.run(ctx, () =>
      store.update(name, name === 'blogs' ? (edit(change, id) as never) : ((d: { title2: string }) => void (d.title2 = change.title!)) as never),
    )
    return { result, context: ctx, refused: undefined }
  } catch (err) {
    if (!(err instanceof HTTPException)) throw err
    const res = err.getResponse()
    return { result: undefined, context: ctx, refused: { status: res.status, body: await res.json() } as Answer }
  }
}

describe('If-Match in the store', () => {
  it('a save with the stored version is written as it is, recorded as this save’s, and remembered for a later merge', async () => {
    const before = post()
    const { result, context, refused } = await save({ ifMatch: { ref, version: versionOf(before) } }, { title: 'Yeni başlık' })
    expect(refused).toBeUndefined()
    expect(result).toBe('sonuç')
    expect(post().title).toBe('Yeni başlık')
    expect(context.merged).toBeUndefined()
    // What this save wrote is what its answer names, whatever a later save writes.
    expect(context.saved?.blogs).toBe(store.read('blogs'))
    expect(store.recent.find(ref, versionOf(post()))).toBe(post())
  })

  it('a save without an edit context is written (no If-Match, nothing recorded)', async () => {
    await store.update('blogs', edit({ title: 'Bağlamsız' }) as never)
    expect(post().title).toBe('Bağlamsız')
  })

  it('a stale version with no known base is refused (412) with the current item and its version, nothing written', async () => {
    const loaded = post()
    await save({}, { excerpt: 'Başkasının özeti' })
    const current = post()
    const { refused, context } = await save({ ifMatch: { ref, version: versionOf(loaded) } }, { title: 'Benim başlığım' })
    expect(refused?.status).toBe(412)
    expect(refused?.body).toEqual({
      success: false,
      message: msg.editConflict,
      current: { ...current, version: versionOf(current) },
      changedBy: null,
      conflicts: null,
    })
    expect(post()).toBe(current)
    expect(context.saved).toBeUndefined()
  })

  it('a stale save whose base an editor loaded lately is merged field by field: both edits kept', async () => {
    const loaded = post()
    const version = store.recent.remember(ref, loaded)
    await save({}, { excerpt: 'Başkasının özeti' })
    const { result, refused, context } = await save({ ifMatch: { ref, version } }, { title: 'Benim başlığım' })
    expect(refused).toBeUndefined()
    expect(result).toBe('sonuç')
    expect(context.merged).toBe(true)
    expect(post().title).toBe('Benim başlığım')
    expect(post().excerpt).toBe('Başkasının özeti')
    expect(context.saved?.blogs).toBe(store.read('blogs'))
    // The merged version is this editor's now: a next save of theirs over a newer one merges from it.
    expect(store.recent.find(ref, versionOf(post()))).toBe(post())
    // The other posts are untouched.
    const other = store.read('blogs').find((p) => p.id !== POST)!
    expect(other.title).not.toBe('Benim başlığım')
  })

  it('a field both changed is refused (412) with that conflict; the editor’s choice then settles it', async () => {
    const loaded = post()
    const version = store.recent.remember(ref, loaded)
    await save({}, { title: 'Başkasının başlığı', excerpt: 'Başkasının özeti' })
    const current = post()
    const first = await save({ ifMatch: { ref, version } }, { title: 'Benim başlığım' })
    expect(first.refused?.status).toBe(412)
    expect(first.refused?.body.message).toBe(msg.editConflict)
    expect(first.refused?.body.current).toEqual({ ...current, version: versionOf(current) })
    expect(first.refused?.body.conflicts).toEqual([
      { key: 'title', label: expect.any(String), yours: 'Benim başlığım', theirs: 'Başkasının başlığı' },
    ])
    expect(post()).toBe(current)
    expect(first.context.merged).toBeUndefined()

    const theirs = await save({ ifMatch: { ref, version }, choices: { title: 'theirs' } }, { title: 'Benim başlığım' })
    expect(theirs.refused).toBeUndefined()
    expect(theirs.context.merged).toBe(true)
    expect(post().title).toBe('Başkasının başlığı')
    expect(post().excerpt).toBe('Başkasının özeti')

    const mine = await save({ ifMatch: { ref, version }, choices: { title: 'mine' } }, { title: 'Benim başlığım' })
    expect(mine.refused).toBeUndefined()
    expect(post().title).toBe('Benim başlığım')
    expect(post().excerpt).toBe('Başkasının özeti')
  })

  it('a stale save is made on the version the editor loaded: a change that reads the item reads that version', async () => {
    const loaded = post()
    const version = store.recent.remember(ref, loaded)
    await save({}, { title: 'Başkasının başlığı' })
    const suffix = (posts: BlogPost[]) => {
      const p = posts.find((e) => e.id === POST)!
      p.title = `${p.title} (güncel)`
    }
    const refused = await editContext
      .run({ ifMatch: { ref, version } }, () => store.update('blogs', suffix as never))
      .catch((e: HTTPException) => e.getResponse().json())
    expect((refused as Answer['body']).conflicts).toEqual([
      { key: 'title', label: expect.any(String), yours: `${loaded.title} (güncel)`, theirs: 'Başkasının başlığı' },
    ])
    expect(post().title).toBe('Başkasının başlığı')
  })

  it('a delete over another editor’s change is refused, then done once the editor confirms it', async () => {
    const loaded = post()
    const version = store.recent.remember(ref, loaded)
    await save({}, { title: 'Başkasının başlığı' })
    const remove = (posts: BlogPost[]) => void posts.splice(posts.findIndex((p) => p.id === POST), 1)
    const refused = await editContext.run({ ifMatch: { ref, version } }, () => store.update('blogs', remove as never)).catch((e: HTTPException) => e)
    expect((refused as HTTPException).status).toBe(412)
    expect(post()).toBeDefined()
    const key = ((await (refused as HTTPException).getResponse().json()) as { conflicts: { key: string }[] }).conflicts[0]!.key
    const context: EditContext = { ifMatch: { ref, version }, choices: { [key]: 'mine' } }
    await editContext.run(context, () => store.update('blogs', remove as never))
    expect(store.read('blogs').some((p) => p.id === POST)).toBe(false)
    expect(context.merged).toBeUndefined()
  })

  it('an If-Match is checked only against its own item: another collection’s or a missing item’s save is written', async () => {
    await copyFile(join(DEMO, 'about.json'), join(dir, 'about.json'))
    await store.checkDisk()
    // The If-Match names a post; this save is of the about page.
    const other = await save({ ifMatch: { ref, version: 'eski-surum' } }, { title: 'Hakkımızda başlığı' }, 'about')
    expect(other.refused).toBeUndefined()
    expect(store.read('about').title2).toBe('Hakkımızda başlığı')
    expect(store.recent.find(ref, versionOf(post()))).toBeUndefined()
    // An If-Match on the about page (a document: its item is the whole file) says nothing about a save of the posts.
    const onAbout = await save({ ifMatch: { ref: { name: 'about' }, version: 'eski-surum' } }, { title: 'Yazı başlığı' })
    expect(onAbout.refused).toBeUndefined()
    expect(post().title).toBe('Yazı başlığı')
    // A post that is not (or no longer) stored: nothing to be stale against.
    const gone: ItemRef = { name: 'blogs', id: 'silinmis-yazi' }
    const missing = await save({ ifMatch: { ref: gone, version: 'eski-surum' } }, { title: 'Yine de' })
    expect(missing.refused).toBeUndefined()
    expect(post().title).toBe('Yine de')
  })

  it('the base of a stale save is the version named, of the item named', async () => {
    const loaded = post()
    const version = store.recent.remember(ref, loaded)
    // Another post's loaded version is no base for this one.
    const otherId = store.read('blogs').find((p) => p.id !== POST)!.id
    const otherRef: ItemRef = { name: 'blogs', id: otherId }
    const otherVersion = store.recent.remember(otherRef, post(otherId))
    await save({}, { excerpt: 'Başkasının özeti' })
    const wrong = await save({ ifMatch: { ref, version: otherVersion } }, { title: 'Benim başlığım' })
    expect(wrong.refused?.status).toBe(412)
    expect(wrong.refused?.body.conflicts).toBeNull()
    expect((await save({ ifMatch: { ref, version } }, { title: 'Benim başlığım' })).refused).toBeUndefined()
  })
})

describe('a stale save when history cannot be read', () => {
  it('is still refused with 412 (nobody named, nothing merged), not a crash', async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
    dir = await mkdtemp(join(tmpdir(), 'versioned-content-nogit-'))
    await demoPosts(dir)
    // A .git file pointing nowhere: the repository cannot be opened, saves go on (the status reports git).
    await writeFile(join(dir, '.git'), 'gitdir: /yok/boyle-bir-depo\n')
    store = await openContentStore(dir, () => {}, withTestLayout({ git: { commits: 'always' } }))
    const loaded = post()
    await save({}, { excerpt: 'Başkasının özeti' })
    const current = post()
    const stale = await save({ ifMatch: { ref, version: versionOf(loaded) } }, { title: 'Benim başlığım' })
    expect(stale.refused?.status).toBe(412)
    expect(stale.refused?.body).toEqual({
      success: false,
      message: msg.editConflict,
      current: { ...current, version: versionOf(current) },
      changedBy: null,
      conflicts: null,
    })
  })
})

describe('withEdit', () => {
  it('runs with the current context plus the extra fields, and only inside', async () => {
    expect(editContext.getStore()).toBeUndefined()
    const author = { name: 'Ayşe', email: 'ayse@ornek.com' }
    const seen = editContext.run({ author, message: 'ilk' }, () =>
      withEdit({ message: 'geri yüklendi' }, () => ({ ...editContext.getStore() })),
    )
    expect(seen).toEqual({ author, message: 'geri yüklendi' })
    expect(withEdit({ merged: true }, () => editContext.getStore())).toEqual({ merged: true })
    expect(editContext.getStore()).toBeUndefined()
  })
})

describe('a stale save with git: the base from history, the other editor named', () => {
  it('merges from the version in history when no editor loaded it lately (after a restart), and names who saved last', async () => {
    store.close()
    await rm(dir, { recursive: true, force: true })
    dir = await mkdtemp(join(tmpdir(), 'versioned-content-git-'))
    await demoPosts(dir)
    store = await openContentStore(dir, () => {}, withTestLayout({ git: { commits: 'always' } }))
    const ayse = { name: 'Ayşe Yılmaz', email: 'ayse@ornek.com' }
    await save({ author: ayse }, { title: 'Ayşe’nin başlığı' })
    await store.settled()
    const loaded = post()
    const version = versionOf(loaded)
    expect(store.recent.find(ref, version)).toBeUndefined()
    const mehmet = { name: 'Mehmet Kaya', email: 'mehmet@ornek.com' }
    await save({ author: mehmet }, { excerpt: 'Mehmet’in özeti', title: 'Mehmet’in başlığı' })
    await store.settled()
    // Not in the recent versions: the base comes from the item's history.
    const merged = await save({ ifMatch: { ref, version }, author: ayse }, { tags: ['Ayşe'] })
    expect(merged.refused).toBeUndefined()
    expect(merged.context.merged).toBe(true)
    expect(post().tags).toEqual(['Ayşe'])
    expect(post().excerpt).toBe('Mehmet’in özeti')
    await store.settled()
    // A clash: the 412 names the last one to save the post, with the date of that save.
    const clash = await save({ ifMatch: { ref, version } }, { title: 'Ayşe’nin yeni başlığı' })
    expect(clash.refused?.status).toBe(412)
    expect(clash.refused?.body.changedBy).toEqual({ name: 'Ayşe Yılmaz', date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) })
    expect(clash.refused?.body.conflicts).toEqual([expect.objectContaining({ key: 'title', theirs: 'Mehmet’in başlığı' })])
    // A version an editor loaded that history lacks (its commit failed, say): the recent versions still give the base.
    const unsaved = { ...post(), excerpt: 'Hiç kaydedilmemiş özet' }
    const unsavedVersion = store.recent.remember(ref, unsaved)
    await save({ author: mehmet }, { tags: ['Mehmet'] })
    const fromRecent = await save({ ifMatch: { ref, version: unsavedVersion }, author: ayse }, { title: 'Ayşe’nin son başlığı' })
    expect(fromRecent.refused).toBeUndefined()
    expect(post().title).toBe('Ayşe’nin son başlığı')
    expect(post().tags).toEqual(['Mehmet'])
    // A save over a file refused on disk keeps that file in history, and the refusal is no longer reported.
    await editEntry(dir, 'blogs', POST, (p) => ({ ...p, title: 42 }))
    await store.checkDisk()
    // The posts' one file, or the post's own file.
    expect(store.status().errors.map((e) => e.file)).toEqual([fileOf('blogs', POST)])
    await save({ author: ayse }, { excerpt: 'Düzeltildi' })
    expect(store.status().errors).toEqual([])
    await store.settled()
    // A version that never was, in history either: refused without a merge.
    const unknown = await save({ ifMatch: { ref, version: 'hic-olmamis-srm' } }, { tags: ['x'] })
    expect(unknown.refused?.body.conflicts).toBeNull()
    expect(itemOf(ref, store.read('blogs'))).toBe(post())
  }, 120_000)
})
